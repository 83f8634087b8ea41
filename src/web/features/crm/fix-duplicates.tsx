import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, X } from "lucide-react";
import { useCallback, useState } from "react";
import { groupIndian } from "~/shared/format-number";
import type { FixDuplicatesJob } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { useLatestJob } from "~/web/lib/use-job-end";

const JOB_KEY = ["crm", "fix-duplicates"] as const;
/** How often a running job is looked at: progress is written at most every 250 ms. */
const POLL_MS = 1000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where a running job stands, in words for the live region. */
export function progressText(job: FixDuplicatesJob): string {
  if (job.status === "running") {
    if (job.cancelRequested) return "Cancelling…";
    if (job.groupsFound === null) return "Finding duplicates…";
    return `Merged ${groupIndian(job.groupsMerged)} of ${groupIndian(job.groupsFound)} groups…`;
  }
  const merged = `merged ${groupIndian(job.merged)} duplicate${job.merged === 1 ? "" : "s"} in ${groupIndian(job.groupsMerged)} group${job.groupsMerged === 1 ? "" : "s"}`;
  if (job.status === "done") return `Done: updated ${groupIndian(job.updatedLeads)} leads; ${merged}.`;
  if (job.status === "cancelled") return `Cancelled: ${merged} before stopping.`;
  return job.error ?? "Fix Duplicates failed.";
}

/**
 * The Fix Duplicates button, its progress and its Cancel button. The work runs on the server as a job
 * (one at a time, for everyone): this follows the latest job, so a page opened or reloaded while one
 * runs shows its progress, and the result is shown (and toasted) when a job it watched ends.
 */
export function FixDuplicates() {
  const queryClient = useQueryClient();
  // The job this page saw running: its end is announced once, and only its result stays on screen.
  const [ended, setEnded] = useState<string | null>(null);
  const onEnd = useCallback((job: FixDuplicatesJob) => {
    setEnded(job.id);
    void queryClient.invalidateQueries({ queryKey: ["crm"], predicate: (query) => query.queryKey[1] !== "fix-duplicates" });
    if (job.status === "done") {
      toast({
        title: "Duplicates Fixed",
        description: `Updated ${groupIndian(job.updatedLeads)} leads: LTB → Likely to Buy${job.merged ? `; merged ${groupIndian(job.merged)} duplicates` : ""}`,
      });
    } else if (job.status === "cancelled") toast({ title: "Fix Duplicates cancelled", description: progressText(job) });
    else toast({ title: "Fix Failed", description: progressText(job), variant: "destructive" });
  }, [queryClient]);
  const { job, refetch, show } = useLatestJob<FixDuplicatesJob>(JOB_KEY, "/api/crm/fix-duplicates", POLL_MS, onEnd);
  const running = job?.status === "running";
  const start = useMutation({
    mutationFn: () => api<FixDuplicatesJob>("/api/crm/fix-duplicates", { method: "POST" }),
    onSuccess: show,
    onError: (error) => {
      toast({ title: "Fix Failed", description: errorText(error), variant: "destructive" });
      // Refused because one is already running (409): follow that one.
      void refetch();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api<FixDuplicatesJob>(`/api/crm/fix-duplicates/${id}/cancel`, { method: "POST" }),
    onSuccess: show,
    onError: (error) => toast({ title: "Cancel failed", description: errorText(error), variant: "destructive" }),
  });

  const showResult = job && (running || ended === job.id);
  return (
    <>
      <Button variant="secondary" onClick={() => start.mutate()} disabled={start.isPending || running}>
        <Copy className="size-4" aria-hidden />
        {start.isPending || running ? "Fixing..." : "Fix Duplicates"}
      </Button>
      {running && (
        <Button variant="ghost" onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending || job.cancelRequested}>
          <X className="size-4" aria-hidden />
          Cancel
          <span className="sr-only"> Fix Duplicates</span>
        </Button>
      )}
      <p className="self-center text-sm text-slate-700" aria-live="polite" data-testid="fix-duplicates-status">
        {showResult ? progressText(job) : ""}
      </p>
    </>
  );
}
