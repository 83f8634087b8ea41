import { QueryClient } from "@tanstack/react-query";
import { QUERY_CACHE_MS } from "~/shared/constants";

/** The spec's client data rules: no retries, never stale, no refetch on focus, 5 minutes retention. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, gcTime: QUERY_CACHE_MS },
      mutations: { retry: false },
    },
  });
}

/**
 * Puts what the server just answered (a job started, a session opened) in the cache in place of a
 * fetch of the same key still under way: that fetch, asked before, would land after and put the old
 * answer back (a CI run's import was never announced so). Cancelling reverts the cache to before the
 * fetch, a moment later; setting the data only after that keeps it.
 */
export async function replaceQueryData<T>(queryClient: QueryClient, queryKey: readonly unknown[], data: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, data);
}
