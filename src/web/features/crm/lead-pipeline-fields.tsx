import { pipelineRuleBreak, settleStatus, type PipelineFields, type RuleBreak } from "~/shared/crm/lead-rules";
import { EDIT_FORM_PRIORITIES, LEAD_STAGES, STAGE_STATUSES, statusLabel, type LeadStage } from "~/shared/crm/pipeline";
import type { LeadOwner } from "~/shared/schemas/crm";
import { inputClass } from "~/web/components/ui/field";
import { FieldShell } from "~/web/components/ui/field-shell";

/** The pipeline part of a lead's form, shared by Add lead and the edit form. */
export interface PipelineValues {
  leadOwner: string;
  leadStage: string;
  leadStatus: string;
  priority: string;
}
type Errors = Partial<Record<keyof PipelineValues, string>>;

/**
 * The server's pipeline rules (lead-rules.ts) on what the form is about to send, for an answer at
 * Save without a round trip. An amount the form could not read is left to the server to name.
 */
export function formRuleBreak(current: PipelineFields, body: Record<string, unknown>): RuleBreak | null {
  const picked: Record<string, unknown> = {};
  for (const key of ["leadStage", "leadStatus", "batchName", "saleAmount", "collectedAmount"] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if ((key === "saleAmount" || key === "collectedAmount") && value !== null && typeof value !== "number") return null;
    picked[key] = value;
  }
  return pipelineRuleBreak(current, settleStatus(current, picked));
}

export function OwnerSelect({ value, owners, error, onChange }: { value: string; owners: LeadOwner[]; error?: string; onChange: (owner: string) => void }) {
  return (
    <FieldShell label="Lead Owner" error={error}>
      {(control) => (
        <select className={inputClass} {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Unassigned</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * Stage, Status and Priority. Choosing another stage keeps the status when it belongs to that stage
 * and starts at the stage's first one otherwise. A status or priority the lead holds from before the
 * current lists (an import's legacy value) stays shown and selected until it is changed.
 */
export function PipelineSelects({ values, errors, onChange }: { values: PipelineValues; errors: Errors; onChange: (patch: Partial<PipelineValues>) => void }) {
  const statuses: readonly string[] = STAGE_STATUSES[values.leadStage as LeadStage] ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FieldShell label="Lead Stage" error={errors.leadStage}>
        {(control) => (
          <select
            className={inputClass}
            {...control}
            value={values.leadStage}
            onChange={(e) => {
              const stage = e.target.value as LeadStage;
              const kept = (STAGE_STATUSES[stage] as readonly string[]).includes(values.leadStatus);
              onChange({ leadStage: stage, leadStatus: kept ? values.leadStatus : STAGE_STATUSES[stage][0] });
            }}
          >
            {LEAD_STAGES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell label="Status" error={errors.leadStatus}>
        {(control) => (
          <select className={inputClass} {...control} value={values.leadStatus} onChange={(e) => onChange({ leadStatus: e.target.value })}>
            {!statuses.includes(values.leadStatus) && <option value={values.leadStatus}>{statusLabel(values.leadStatus)}</option>}
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell label="Priority" error={errors.priority}>
        {(control) => (
          <select className={inputClass} {...control} value={values.priority} onChange={(e) => onChange({ priority: e.target.value })}>
            {!(EDIT_FORM_PRIORITIES as readonly string[]).includes(values.priority) && <option>{values.priority}</option>}
            {EDIT_FORM_PRIORITIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        )}
      </FieldShell>
    </div>
  );
}
