import { createContext, useContext } from 'react';

/**
 * What a group of answers belongs to (e.g. "Prompt 3") on a page that shows several groups. Every
 * landmark and heading inside (each answer's box, its text, the verdict) adds it to its name, so a
 * screen reader's list of landmarks or headings tells the groups apart instead of reading
 * "Answer A answer" once per prompt. Pages with one group provide none.
 */
export const LandmarkScope = createContext<string | null>(null);

/** `name` as a landmark inside the current scope names itself: "Answer A answer, Prompt 3". */
export function useScopedName(name: string): string {
  const scope = useContext(LandmarkScope);
  return scope === null ? name : `${name}, ${scope}`;
}

/** After a heading's visible text: the scope, for assistive technology only (the page shows it above). */
export function ScopeInHeading() {
  const scope = useContext(LandmarkScope);
  return scope === null ? null : <span className="visually-hidden">, {scope}</span>;
}
