import { LEAD_PRIORITIES, LEAD_STAGES, STAGE_STATUSES, isClosedWon, statusLabel, type LeadStage } from "~/shared/crm/pipeline";
import type { Lead, LeadOwner } from "~/shared/schemas/crm";

const selectClass = "w-full min-w-0 rounded-md border border-slate-300 bg-white px-1.5 py-1.5 text-sm text-slate-900";

export interface InlineEdit {
  lead: Lead;
  owners: LeadOwner[];
  disabled?: boolean;
  /** One field's new value with the version the row was read with: a change made since gets 409, not overwritten. */
  onChange: (changes: Partial<Pick<Lead, "leadOwner" | "priority" | "leadStage" | "leadStatus">> & Pick<Lead, "version">) => void;
  /** A Closed Won status is not saved at once: the batch modal asks for the batch name first. */
  onClosedWon: (status: string) => void;
}

const who = (lead: Lead) => lead.fullName || lead.email;

export function OwnerSelect({ lead, owners, disabled, onChange }: InlineEdit) {
  const known = owners.some((o) => o.id === lead.leadOwner);
  return (
    <select aria-label={`Owner of ${who(lead)}`} className={selectClass} disabled={disabled} value={lead.leadOwner ?? ""} onChange={(e) => onChange({ leadOwner: e.target.value || null, version: lead.version })}>
      <option value="">Unassigned</option>
      {!known && lead.leadOwner && <option value={lead.leadOwner}>{lead.leadOwnerName ?? "Former owner"}</option>}
      {owners.map((owner) => (
        <option key={owner.id} value={owner.id}>
          {owner.name}
        </option>
      ))}
    </select>
  );
}

export function PrioritySelect({ lead, disabled, onChange }: InlineEdit) {
  const options = [...LEAD_PRIORITIES].reverse();
  return (
    <select aria-label={`Priority of ${who(lead)}`} className={selectClass} disabled={disabled} value={lead.priority} onChange={(e) => onChange({ priority: e.target.value, version: lead.version })}>
      {options.map((p) => (
        <option key={p}>{p}</option>
      ))}
    </select>
  );
}

export function StageSelect({ lead, disabled, onChange }: InlineEdit) {
  return (
    <select aria-label={`Stage of ${who(lead)}`} className={selectClass} disabled={disabled} value={lead.leadStage} onChange={(e) => onChange({ leadStage: e.target.value, version: lead.version })}>
      {!LEAD_STAGES.includes(lead.leadStage as LeadStage) && <option>{lead.leadStage}</option>}
      {LEAD_STAGES.map((stage) => (
        <option key={stage}>{stage}</option>
      ))}
    </select>
  );
}

/** Offers only the statuses of the row's stage (spec §2.4). */
export function StatusSelect({ lead, disabled, onChange, onClosedWon }: InlineEdit) {
  const statuses: readonly string[] = STAGE_STATUSES[lead.leadStage as LeadStage] ?? [];
  return (
    <select
      aria-label={`Status of ${who(lead)}`}
      className={selectClass}
      disabled={disabled}
      value={lead.leadStatus}
      onChange={(e) => (isClosedWon(e.target.value) ? onClosedWon(e.target.value) : onChange({ leadStatus: e.target.value, version: lead.version }))}
    >
      {!statuses.includes(lead.leadStatus) && <option value={lead.leadStatus}>{statusLabel(lead.leadStatus)}</option>}
      {statuses.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </select>
  );
}
