/**
 * `load` run on the first call and its answer shared by every call after, for what the server
 * loads only when first needed (a package, a client made from it). A load that failed is
 * forgotten, so the next call tries again instead of failing for the life of the process.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
