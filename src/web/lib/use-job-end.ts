import { useCallback, useEffect, useRef } from "react";

/**
 * Calls `onEnd` once when a background job this page saw running has ended (Fix Duplicates, a CSV
 * import): a job that had already ended when the page opened is not announced again. `watch` marks a
 * job as seen before its first poll (the page that started it).
 */
export function useJobEnd<J extends { id: string; status: string }>(job: J | null, onEnd: (job: J) => void): { watch: (id: string) => void } {
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
