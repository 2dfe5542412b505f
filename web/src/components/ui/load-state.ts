/** What a part reading one or more queries shows: a spinner, a failure with its retry, or the data. */
export interface LoadState {
  /** one of the queries has not answered yet, and none failed */
  loading: boolean;
  /** one of the queries failed (after its own retries): say so, never show an empty list */
  failed: boolean;
  /** asks again the queries that failed */
  retry: () => Promise<unknown>;
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** The load state of the queries a part reads (a picker's items and what is already attached...). */
export function loadState(...queries: readonly QueryLike[]): LoadState {
  const failed = queries.some((q) => q.isError);
  return {
    loading: !failed && queries.some((q) => q.isPending),
    failed,
    retry: () => Promise.all(queries.filter((q) => q.isError).map((q) => q.refetch())),
  };
}
