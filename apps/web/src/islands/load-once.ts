/**
 * A module's part fetched on first use (the public header's Radix parts): one
 * fetch for every caller, kept once it has arrived; a failed fetch (a dropped slow link) is not
 * kept, so the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
