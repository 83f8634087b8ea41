import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DuplicateLead, Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { displayName } from "./format";

/** The other lead of an e-mail or mobile 409 (issue 23 §1), or null for any other error. */
export function duplicateOf(error: unknown): DuplicateLead | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const duplicate = (error.details as { duplicate?: DuplicateLead }).duplicate;
  return duplicate ?? null;
}

/**
 * Inside the edit form: the e-mail or mobile typed is another lead's. Rather than a second record of
 * one person, the form shows that lead and offers the merge Fix Duplicates does (the older lead is
 * kept and takes what it lacks from the other, with both histories).
 */
export function DuplicateLeadAlert({ lead, duplicate, onMerged, onKeepEditing }: { lead: Lead; duplicate: DuplicateLead; onMerged: () => void; onKeepEditing: () => void }) {
  const queryClient = useQueryClient();
  const merge = useMutation({
    mutationFn: () => api<Lead>(`/api/crm/leads/${lead.id}/merge`, { method: "POST", body: { with: duplicate.id } }),
    onSuccess: (kept) => {
      toast({ title: "Leads merged", description: `${displayName(kept)} now holds both records.` });
      onMerged();
    },
    onError: (error) => toast({ title: "Merge failed", description: error instanceof Error ? error.message : String(error), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["crm"] }),
  });
  const other = duplicate.fullName.trim() || duplicate.email;
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="duplicate-lead">
      <p className="font-semibold">Not saved: this {duplicate.field === "email" ? "e-mail" : "mobile"} belongs to another lead.</p>
      <p>
        <span className="font-semibold">{other}</span> <span className="wrap-anywhere">({duplicate.email})</span> is already in the CRM. Merge the two
        leads to keep one record of this person: the older lead is kept and takes the details it lacks from the other, with both histories.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => merge.mutate()} disabled={merge.isPending}>
          {merge.isPending ? "Merging..." : `Merge with ${other}`}
        </Button>
        <Button variant="secondary" onClick={onKeepEditing} disabled={merge.isPending}>
          Keep editing
        </Button>
      </div>
    </div>
  );
}
