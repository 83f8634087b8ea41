import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { NEW_LEAD_PIPELINE } from "~/shared/crm/lead-rules";
import { BATCH_HINT, DEFAULT_PRIORITY, DEFAULT_STAGE, DEFAULT_STATUS, isClosedWon } from "~/shared/crm/pipeline";
import type { Lead, LeadCreateInput, LeadOwner } from "~/shared/schemas/crm";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Modal } from "~/web/components/ui/modal";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { formRuleBreak, OwnerSelect, PipelineSelects } from "./lead-pipeline-fields";
import { displayName } from "./format";

type Form = Record<
  "fullName" | "email" | "mobile" | "leadOwner" | "leadStage" | "leadStatus" | "priority" | "batchName" | "saleAmount" | "collectedAmount" | "callDate" | "followUpDate" | "notes",
  string
>;

const EMPTY: Form = {
  fullName: "", email: "", mobile: "", leadOwner: "", leadStage: DEFAULT_STAGE, leadStatus: DEFAULT_STATUS, priority: DEFAULT_PRIORITY,
  batchName: "", saleAmount: "", collectedAmount: "", callDate: "", followUpDate: "", notes: "",
};

/** "₹1,49,990" → 149990; blank → left out; anything else is sent as typed, for the server to name. */
const amount = (text: string): number | string | undefined => {
  const cleaned = text.replace(/[₹,\s]/g, "");
  if (!cleaned) return undefined;
  return /^\d+$/.test(cleaned) ? Number(cleaned) : text;
};

/** What the form sends: blank optional fields are left out, so the new lead starts without them. */
function bodyOf(form: Form): LeadCreateInput {
  const optional = (value: string) => value.trim() || undefined;
  const body: Record<string, unknown> = {
    fullName: form.fullName,
    email: form.email,
    leadStage: form.leadStage,
    leadStatus: form.leadStatus,
    priority: form.priority,
    mobile: optional(form.mobile),
    leadOwner: form.leadOwner || undefined,
    batchName: isClosedWon(form.leadStatus) ? optional(form.batchName) : undefined,
    saleAmount: amount(form.saleAmount),
    collectedAmount: amount(form.collectedAmount),
    callDate: form.callDate || undefined,
    followUpDate: form.followUpDate || undefined,
    notes: optional(form.notes),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as LeadCreateInput;
}

/** The toolbar's "Add lead" and its dialog: one lead typed in by hand (POST /api/crm/leads). */
export function AddLeadButton({ owners }: { owners: LeadOwner[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog has no Radix trigger to give focus back to: the keyboard returns to this button.
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button ref={button} type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        <UserPlus className="size-4" aria-hidden />
        Add lead
      </button>
      <Modal open={open} onOpenChange={openChange} title="Add lead" description="Name and e-mail are required; the rest can be filled in later." width="max-w-3xl">
        {open && <AddLeadForm owners={owners} onClose={() => openChange(false)} />}
      </Modal>
    </>
  );
}

function AddLeadForm({ owners, onClose }: { owners: LeadOwner[]; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: LeadCreateInput) => api<Lead>("/api/crm/leads", { method: "POST", body }),
    onSuccess: (lead) => {
      toast({ title: "Lead added", description: `${displayName(lead)} is now in the CRM` });
      void queryClient.invalidateQueries({ queryKey: ["crm"] });
      onClose();
    },
    onError: (error) => {
      // A field's problem (400) or the lead that has the e-mail or mobile (409) shows by the field.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setErrors({ _: error instanceof Error ? error.message : String(error) });
    },
  });
  // After a refusal, the keyboard lands on the first field to fix.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = (key: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const broken = formRuleBreak(NEW_LEAD_PIPELINE, body);
    setErrors(broken ? { [broken.field]: broken.message } : {});
    if (!broken) create.mutate(body);
  };
  const shownElsewhere = new Set(Object.keys(EMPTY));
  const otherProblem = errors._ ?? Object.entries(errors).find(([field]) => !shownElsewhere.has(field) || (field === "batchName" && !isClosedWon(form.leadStatus)))?.[1];

  return (
    <form ref={formRef} className="grid gap-5" onSubmit={submit} noValidate aria-label="New lead">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Full Name" autoComplete="off" value={form.fullName} onChange={set("fullName")} error={errors.fullName} required />
        <Field label="Email" type="email" autoComplete="off" value={form.email} onChange={set("email")} error={errors.email} required />
        <Field label="Mobile" type="tel" autoComplete="off" value={form.mobile} onChange={set("mobile")} error={errors.mobile} />
        <OwnerSelect value={form.leadOwner} owners={owners} error={errors.leadOwner} onChange={(leadOwner) => setForm((f) => ({ ...f, leadOwner }))} />
      </div>
      <PipelineSelects values={form} errors={errors} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />
      {isClosedWon(form.leadStatus) && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <Field label="Batch ID" value={form.batchName} onChange={set("batchName")} error={errors.batchName} placeholder="FF-YYYY-MM" required />
          <p className="mt-1 text-sm text-amber-900">{BATCH_HINT}</p>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Sale Amount" inputMode="numeric" placeholder="₹" value={form.saleAmount} onChange={set("saleAmount")} error={errors.saleAmount} />
        <Field label="Collected Amount" inputMode="numeric" placeholder="₹" value={form.collectedAmount} onChange={set("collectedAmount")} error={errors.collectedAmount} />
        <Field label="Call Date" type="date" value={form.callDate} onChange={set("callDate")} error={errors.callDate} />
        <Field label="Follow-up Date" type="date" value={form.followUpDate} onChange={set("followUpDate")} error={errors.followUpDate} />
      </div>
      <TextareaField label="Notes" rows={3} value={form.notes} onChange={set("notes")} error={errors.notes} />
      {otherProblem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {otherProblem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Adding..." : "Add lead"}
        </Button>
      </div>
    </form>
  );
}
