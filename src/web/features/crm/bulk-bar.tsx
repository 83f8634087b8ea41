import { LoaderCircle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isClosedWon, LEAD_PRIORITIES, LEAD_STAGES, STAGE_STATUSES, statusLabel, type LeadStage } from "~/shared/crm/pipeline";
import { groupIndian } from "~/shared/format-number";
import type { LeadOwner } from "~/shared/schemas/crm";
import type { BulkActionInput, BulkJob, BulkRequest } from "~/shared/schemas/crm-bulk";
import { Button } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { toast } from "~/web/lib/toast";
import { useBulkJob, useRunningBulkJob, useStartBulk } from "./use-board";
import type { CrmFilters } from "./use-crm-filters";
import type { LeadSelection } from "./use-lead-selection";

const control = "rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900";
type Kind = BulkActionInput["kind"];
const ACTIONS: { kind: Kind; label: string }[] = [
  { kind: "owner", label: "Assign owner" },
  { kind: "pipeline", label: "Set stage and status" },
  { kind: "priority", label: "Set priority" },
  { kind: "followUp", label: "Set follow-up date" },
  { kind: "delete", label: "Delete" },
];

const plural = (n: number) => `${groupIndian(n)} lead${n === 1 ? "" : "s"}`;

/** "x changed, y skipped: reason (n)…" once a bulk change has ended. */
export function bulkResultText(job: BulkJob): string {
  if (job.status === "failed") return job.error ?? "The bulk change failed.";
  const parts = [`${groupIndian(job.changed)} changed`];
  if (job.unchanged) parts.push(`${groupIndian(job.unchanged)} already so`);
  const skipped = `${groupIndian(job.skipped)} skipped${job.skipReasons.length ? `: ${job.skipReasons.map((r) => `${r.reason} (${groupIndian(r.count)})`).join("; ")}` : ""}`;
  return `${parts.join(", ")}, ${skipped}.`;
}

/**
 * Bulk actions (issue 23 §1) over the ticked rows or cards, or over "all N leads matching this
 * filter": assign owner, set stage and status (a Batch ID for Closed Won), priority, follow-up date,
 * or delete (confirmed with the count). The change runs on the server as a job; its progress and
 * result ("x changed, y skipped: reason") are shown here.
 */
export function BulkBar({ selection, filters, owners, matching }: { selection: LeadSelection; filters: CrmFilters; owners: LeadOwner[]; matching?: { total: number; estimate: boolean } }) {
  const [kind, setKind] = useState<Kind | "">("");
  const [owner, setOwner] = useState("");
  const [stage, setStage] = useState<LeadStage>("Connected");
  const [status, setStatus] = useState<string>(STAGE_STATUSES.Connected[0]);
  const [batch, setBatch] = useState("");
  const [priority, setPriority] = useState("High");
  const [followUp, setFollowUp] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartBulk();
  const job = useBulkJob(jobId);
  // A change started before a reload (or in another tab) is followed again: the job runs on the server.
  // Adopted once: after Dismiss the bar stays closed.
  const resumedId = useRunningBulkJob().data?.job?.id;
  const adopted = useRef(false);
  useEffect(() => {
    if (!resumedId || adopted.current) return;
    adopted.current = true;
    setJobId((current) => current ?? resumedId);
  }, [resumedId]);

  const count = selection.allMatching ? (matching?.total ?? 0) : selection.selected.size;
  const running = start.isPending || job.data?.status === "running" || (!!jobId && !job.data);
  if (count === 0 && !jobId) return null;

  const action = (): BulkActionInput | null => {
    switch (kind) {
      case "owner":
        return { kind, leadOwner: owner || null };
      case "pipeline":
        return { kind, leadStage: stage, leadStatus: status, ...(isClosedWon(status) && batch.trim() ? { batchName: batch.trim() } : {}) };
      case "priority":
        return { kind, priority: priority as (typeof LEAD_PRIORITIES)[number] };
      case "followUp":
        return { kind, followUpDate: followUp || null };
      case "delete":
        return { kind };
      default:
        return null;
    }
  };
  const apply = () => {
    const chosen = action();
    if (!chosen) return;
    const request: BulkRequest = {
      selection: selection.allMatching
        ? { filter: { view: filters.view, q: filters.q || undefined, stage: filters.stage as LeadStage[], status: filters.status, owner: filters.owner || undefined, followUp: filters.followUp ? "due" : undefined } }
        : { leads: [...selection.selected.values()].map(({ id, version }) => ({ id, version })) },
      action: chosen,
    };
    start.mutate(request, {
      onSuccess: (started) => {
        setJobId(started.id);
        selection.clear();
      },
      onError: (error) => toast({ title: "Bulk change failed", description: error instanceof Error ? error.message : String(error), variant: "destructive" }),
    });
  };

  const current = job.data;
  return (
    <section aria-label="Bulk actions" className="grid gap-2 rounded-xl border border-brand-600/40 bg-brand-50 p-3">
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-brand-900" aria-live="polite">
            {selection.allMatching ? `All ${matching?.estimate ? "about " : ""}${plural(count)} matching this filter are selected` : `${plural(count)} selected`}
          </span>
          {!selection.allMatching && matching && matching.total > count && (
            <Button variant="secondary" size="sm" onClick={selection.selectAllMatching}>
              Select all {matching.estimate ? "about " : ""}{plural(matching.total)} matching this filter
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            <X className="size-4" aria-hidden /> Clear selection
          </Button>
        </div>
      )}
      {count > 0 && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (kind === "delete") setConfirming(true);
            else apply();
          }}
        >
          <label className="grid gap-1 text-xs font-medium text-slate-700">
            Action
            <select className={control} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="">Choose an action…</option>
              {ACTIONS.map((a) => (
                <option key={a.kind} value={a.kind}>
                  {a.label}
                </option>
              ))}
            </select>
          </label>
          {kind === "owner" && (
            <label className="grid gap-1 text-xs font-medium text-slate-700">
              New owner
              <select className={control} value={owner} onChange={(e) => setOwner(e.target.value)}>
                <option value="">Unassigned</option>
                {owners.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {kind === "pipeline" && (
            <>
              <label className="grid gap-1 text-xs font-medium text-slate-700">
                New stage
                <select
                  className={control}
                  value={stage}
                  onChange={(e) => {
                    const next = e.target.value as LeadStage;
                    setStage(next);
                    setStatus(STAGE_STATUSES[next][0]);
                  }}
                >
                  {LEAD_STAGES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-xs font-medium text-slate-700">
                New status
                <select className={control} value={status} onChange={(e) => setStatus(e.target.value)}>
                  {STAGE_STATUSES[stage].map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                </select>
              </label>
              {isClosedWon(status) && (
                <label className="grid gap-1 text-xs font-medium text-slate-700">
                  Batch ID (leads without one are skipped if blank)
                  <input className={control} value={batch} onChange={(e) => setBatch(e.target.value)} placeholder="e.g. FF-2025-04" />
                </label>
              )}
            </>
          )}
          {kind === "priority" && (
            <label className="grid gap-1 text-xs font-medium text-slate-700">
              New priority
              <select className={control} value={priority} onChange={(e) => setPriority(e.target.value)}>
                {[...LEAD_PRIORITIES].reverse().map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </label>
          )}
          {kind === "followUp" && (
            <label className="grid gap-1 text-xs font-medium text-slate-700">
              Follow-up date (blank clears it)
              <input type="date" className={control} value={followUp} onChange={(e) => setFollowUp(e.target.value)} />
            </label>
          )}
          <Button type="submit" variant={kind === "delete" ? "danger" : "primary"} disabled={!kind || running}>
            {kind === "delete" ? `Delete ${plural(count)}` : `Apply to ${plural(count)}`}
          </Button>
        </form>
      )}
      {jobId && <Progress job={current} onClose={() => setJobId(null)} />}
      <ConfirmDialog
        title="Delete Leads"
        description={`Are you sure you want to delete ${plural(count)}? Their activity is deleted with them; this cannot be undone.`}
        confirmLabel={`Delete ${plural(count)}`}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={apply}
      />
    </section>
  );
}

function Progress({ job, onClose }: { job: BulkJob | undefined; onClose: () => void }) {
  const running = !job || job.status === "running";
  const total = job?.total ?? null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
      {running ? (
        <>
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          <label className="flex flex-wrap items-center gap-2">
            {job?.action ?? "Bulk change"}: {groupIndian(job?.processed ?? 0)} of {total === null ? "…" : groupIndian(total)} leads
            <progress className="w-40" max={total ?? undefined} value={total === null ? undefined : (job?.processed ?? 0)} />
          </label>
        </>
      ) : (
        <>
          <p className="font-medium">
            {job.action}: {bulkResultText(job)}
          </p>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Dismiss
          </Button>
        </>
      )}
    </div>
  );
}
