import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { api } from "./api";
import { replaceQueryData } from "./query-client";

/**
 * Calls `onEnd` once when a background job this page saw running has ended (Fix Duplicates, a CSV
 * import): a job that had already ended when the page opened is not announced again. `watch` marks a
 * job as seen before its first poll (the page that started it).
 */
function useJobEnd<J extends { id: string; status: string }>(job: J | null, onEnd: (job: J) => void): { watch: (id: string) => void } {
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (job.status === "running") {
      watched.current = job.id;
      return;
    }
    if (watched.current !== job.id) return;
    watched.current = null;
    onEnd(job);
  }, [job, onEnd]);
  const watch = useCallback((id: string) => void (watched.current = id), []);
  return { watch };
}

/**
 * The latest job of one kind (GET `url` answers `{ job }`), looked at every `pollMs` while it runs,
 * its end announced once (useJobEnd). `show` puts a job the page just started or changed on screen,
 * watched from then on.
 * `queryKey` is a constant (its identity is a dependency).
 */
export function useLatestJob<J extends { id: string; status: string }>(queryKey: readonly string[], url: string, pollMs: number, onEnd: (job: J) => void) {
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey,
    queryFn: () => api<{ job: J | null }>(url),
    refetchInterval: (query) => (query.state.data?.job?.status === "running" ? pollMs : false),
  });
  const job = latest.data?.job ?? null;
  const { watch } = useJobEnd(job, onEnd);
  const show = useCallback(
    (next: J) => {
      watch(next.id);
      return replaceQueryData(queryClient, queryKey, { job: next });
    },
    [queryClient, queryKey, watch],
  );
  return { job, refetch: latest.refetch, show };
}
