import { useRef, useState, type FormEvent } from "react";
import { BATCH_HINT, statusLabel } from "~/shared/crm/pipeline";
import type { DuplicateLead, Lead, LeadConflict, LeadOwner, LeadUpdateInput } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { DateField } from "~/web/components/ui/date-field";
import { Field } from "~/web/components/ui/field";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { ApiError } from "~/web/lib/api";
import { formRuleBreak, OwnerSelect, PipelineSelects } from "./lead-pipeline-fields";
import { displayName, formatMobile } from "./format";
import { DuplicateLeadAlert, duplicateOf } from "./duplicate-lead-alert";
import { changedBy, leadConflict, useUpdateLead } from "./use-leads";

type Form = Record<"fullName" | "email" | "mobile" | "leadOwner" | "leadStage" | "leadStatus" | "priority" | "saleAmount" | "collectedAmount" | "callDate" | "followUpDate" | "notes" | "batchName" | "paymentPageUrl" | "txnReference", string>;

const formOf = (lead: Lead): Form => ({
  fullName: lead.fullName,
  email: lead.email,
  // As the list writes it ("+91 99776 55983"); the server stores the digits either way.
  mobile: lead.mobile ? formatMobile(lead.mobile) : "",
  leadOwner: lead.leadOwner ?? "",
  leadStage: lead.leadStage,
  leadStatus: lead.leadStatus,
  priority: lead.priority,
  saleAmount: lead.saleAmount === null ? "" : String(lead.saleAmount),
  collectedAmount: lead.collectedAmount === null ? "" : String(lead.collectedAmount),
  callDate: lead.callDate ?? "",
  followUpDate: lead.followUpDate ?? "",
  notes: lead.notes ?? "",
  batchName: lead.batchName ?? "",
  paymentPageUrl: lead.paymentPageUrl ?? "",
  txnReference: lead.txnReference ?? "",
});

/** "₹1,49,990", "149990" → 149990; blank → null; anything else is sent as is for the server to name. */
const amount = (text: string): number | null | string => {
  const cleaned = text.replace(/[₹,\s]/g, "");
  if (!cleaned) return null;
  return /^\d+$/.test(cleaned) ? Number(cleaned) : text;
};

/** Only what changed, plus the version read, so a concurrent edit gets 409 instead of being overwritten. */
function changesOf(lead: Lead, form: Form): LeadUpdateInput {
  const before = formOf(lead);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(form) as (keyof Form)[]) {
    if (form[key] === before[key]) continue;
    if (key === "saleAmount" || key === "collectedAmount") changes[key] = amount(form[key]);
    else if (key === "leadOwner") changes[key] = form[key] || null;
    else if (["fullName", "email", "leadStage", "leadStatus", "priority"].includes(key)) changes[key] = form[key];
    else changes[key] = form[key].trim() || null;
  }
  return { ...(changes as LeadUpdateInput), version: lead.version };
}

/** "Edit Lead - {name}" (spec §2.4). */
export function LeadEditDialog({ lead, owners, onClose }: { lead: Lead | null; owners: LeadOwner[]; onClose: () => void }) {
  return (
    <Modal open={!!lead} onOpenChange={(open) => !open && onClose()} title={lead ? `Edit Lead - ${displayName(lead)}` : "Edit Lead"} width="max-w-3xl">
      {lead && <EditForm key={`${lead.id}:${lead.version}`} lead={lead} owners={owners} onClose={onClose} />}
    </Modal>
  );
}

/**
 * Their version with what this editor changed on top: each field the editor left alone takes the
 * newer lead's value, each field they changed keeps what they typed.
 */
function rebase(read: Lead, newer: Lead, form: Form): Form {
  const before = formOf(read);
  const theirs = formOf(newer);
  const merged = { ...theirs };
  for (const key of Object.keys(form) as (keyof Form)[]) if (form[key] !== before[key]) merged[key] = form[key];
  return merged;
}

/** Inside the form, above its fields: who saved the lead meanwhile, and the way to take their version in. */
function ConflictAlert({ conflict, onLoad }: { conflict: LeadConflict; onLoad: () => void }) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Not saved: {changedBy(conflict)}, after you opened it.</p>
      <p>What you typed is still here. Load their version to bring in their changes; the fields you changed keep what you typed. Then save again.</p>
      <div>
        <Button variant="secondary" onClick={onLoad}>
          Load their version
        </Button>
      </div>
    </div>
  );
}

function EditForm({ lead: opened, owners, onClose }: { lead: Lead; owners: LeadOwner[]; onClose: () => void }) {
  // The lead as this form last read it: the version a save sends, and what "changed" is measured against.
  const [lead, setLead] = useState(opened);
  const [form, setForm] = useState<Form>(() => formOf(opened));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<LeadConflict | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicateLead | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateLead();
  const set = (key: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const setDay = (key: "callDate" | "followUpDate") => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const showBatch = form.leadStatus.includes("CW - ") || statusLabel(form.leadStatus).includes("Closed Won") || form.leadStatus === "Customer";
  const sale = amount(form.saleAmount);
  const collected = amount(form.collectedAmount);
  const pending = typeof sale === "number" ? sale - (typeof collected === "number" ? collected : 0) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const changes = changesOf(lead, form);
    const broken = formRuleBreak(lead, changes);
    setErrors(broken ? { [broken.field]: broken.message } : {});
    if (broken) return;
    update.mutate(
      { id: lead.id, changes, inForm: true },
      {
        onSuccess: onClose,
        // Every problem shows inside the form (no toast over its buttons), and what was typed stays.
        onError: (error) => {
          const stale = leadConflict(error);
          setDuplicate(duplicateOf(error));
          if (stale) setConflict(stale);
          else if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else setErrors({ _: error.message });
        },
      },
    );
  };

  const loadTheirs = () => {
    if (!conflict) return;
    setForm(rebase(lead, conflict.current, form));
    setLead(conflict.current);
    setConflict(null);
    // The button pressed goes away with the alert: focus moves on to Save, the next step.
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };

  return (
    <form ref={formRef} className="grid gap-5" onSubmit={submit} noValidate>
      {conflict && <ConflictAlert conflict={conflict} onLoad={loadTheirs} />}
      {duplicate && <DuplicateLeadAlert lead={lead} duplicate={duplicate} onMerged={onClose} onKeepEditing={() => setDuplicate(null)} />}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-brand-900">Basic Information</legend>
        <Field label="Full Name" value={form.fullName} onChange={set("fullName")} error={errors.fullName} required />
        <Field label="Email" type="email" value={form.email} onChange={set("email")} error={errors.email} required />
        <Field label="Mobile" type="tel" value={form.mobile} onChange={set("mobile")} error={errors.mobile} />
        <OwnerSelect value={form.leadOwner} owners={owners} error={errors.leadOwner} onChange={(leadOwner) => setForm((f) => ({ ...f, leadOwner }))} />
      </fieldset>
      <PipelineSelects values={form} errors={errors} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />
      {showBatch && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <Field label="Batch ID" value={form.batchName} onChange={set("batchName")} error={errors.batchName} placeholder="FF-YYYY-MM" required />
          <p className="mt-1 text-sm text-amber-900">{BATCH_HINT}</p>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Sale Amount" inputMode="numeric" placeholder="₹" value={form.saleAmount} onChange={set("saleAmount")} error={errors.saleAmount} />
        <Field label="Collected Amount" inputMode="numeric" placeholder="₹" value={form.collectedAmount} onChange={set("collectedAmount")} error={errors.collectedAmount} />
        <Field label="Pending Amount" placeholder="₹" value={pending === null ? "" : String(pending)} readOnly aria-readonly />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Payment Page" type="url" placeholder="https://…" value={form.paymentPageUrl} onChange={set("paymentPageUrl")} error={errors.paymentPageUrl} />
        <Field label="Txn Reference" value={form.txnReference} onChange={set("txnReference")} error={errors.txnReference} maxLength={200} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField label="Call Date" value={form.callDate} onChange={setDay("callDate")} error={errors.callDate} />
        <DateField label="Follow-up Date" value={form.followUpDate} onChange={setDay("followUpDate")} error={errors.followUpDate} />
      </div>
      <TextareaField label="Notes" rows={4} value={form.notes} onChange={set("notes")} error={errors.notes} />
      {(errors.version || errors._) && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errors.version ?? errors._}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
