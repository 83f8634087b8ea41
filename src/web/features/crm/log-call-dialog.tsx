import { useQueryClient } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, type CallOutcome } from "~/shared/crm/calls";
import type { Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { DateField } from "~/web/components/ui/date-field";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { ApiError } from "~/web/lib/api";
import { displayName } from "./format";
import { changedBy, leadConflict, showLead } from "./use-leads";
import { useLogCall } from "./use-lead-work";

/** The row's, card's and detail's "Log call": the first of the two clicks. */
export function LogCallButton({ lead, onLogCall, compact }: { lead: Lead; onLogCall: (lead: Lead) => void; compact?: boolean }) {
  return (
    <Button variant="secondary" size={compact ? "xs" : "md"} className="whitespace-nowrap" onClick={() => onLogCall(lead)}>
      <Phone className="size-4" aria-hidden />
      Log call<span className="sr-only"> with {displayName(lead)}</span>
    </Button>
  );
}

/**
 * Log a call (issue 23 §1) in two clicks: "Log call" opens this form, and each outcome is its own
 * Save button, so picking the outcome logs the call. The note and the next follow-up (prefilled with
 * the lead's) are optional and typed first. It sends the version the row was read with: when someone
 * changed the lead meanwhile, the form says who and takes their version, and the next press logs it.
 */
export function LogCallDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  return (
    <Modal open={!!lead} onOpenChange={(open) => !open && onClose()} title={lead ? `Log a call - ${displayName(lead)}` : "Log a call"} description="Type a note or the next follow-up if you like, then choose how the call went.">
      {lead && <LogCallForm key={lead.id} lead={lead} onClose={onClose} />}
    </Modal>
  );
}

function LogCallForm({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [followUpDate, setFollowUpDate] = useState(lead.followUpDate ?? "");
  const [version, setVersion] = useState(lead.version);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const logCall = useLogCall();
  const queryClient = useQueryClient();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const outcome = submitter?.value as CallOutcome | undefined;
    if (!outcome) return;
    setProblem(null);
    logCall.mutate(
      { id: lead.id, call: { outcome, note: note.trim() || null, followUpDate: followUpDate || null, version } },
      {
        onSuccess: onClose,
        onError: (error) => {
          const conflict = leadConflict(error);
          if (conflict) {
            showLead(queryClient, conflict.current);
            setVersion(conflict.current.version);
            setProblem({ message: `${changedBy(conflict)} after you opened it. Choose the outcome again to log your call on their version.`, fields: {} });
            return;
          }
          setProblem({ message: error.message, fields: error instanceof ApiError ? error.fields : {} });
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label={`Log a call with ${displayName(lead)}`}>
      <TextareaField label="Note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} error={problem?.fields.note} maxLength={2000} />
      <DateField label="Next follow-up" value={followUpDate} onChange={setFollowUpDate} error={problem?.fields.followUpDate} />
      {problem && !problem.fields.note && !problem.fields.followUpDate && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem.message}
        </p>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Outcome (saves the call)</legend>
        <div className="grid grid-cols-2 gap-2">
          {CALL_OUTCOMES.map((outcome) => (
            <Button key={outcome} type="submit" name="outcome" value={outcome} variant={outcome === "connected" ? "primary" : "secondary"} disabled={logCall.isPending}>
              {CALL_OUTCOME_LABELS[outcome]}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose} disabled={logCall.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
