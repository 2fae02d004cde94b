import { useEffect, useState } from 'react';

/** A dropdown's model names: the fallback list until (and unless) the server answers with some. */
export function useModelList(load: () => Promise<string[]>, fallback: readonly string[]): readonly string[] {
  const [models, setModels] = useState<readonly string[]>(fallback);
  useEffect(() => {
    let current = true;
    load()
      .then((names) => {
        if (current && names.length > 0) setModels(names);
      })
      // SPEC §8: a model list failure is only logged; the fallback list stays.
      .catch((error: unknown) => console.error('Could not list models', error));
    return () => {
      current = false;
    };
  }, [load]);
  return models;
}
