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
