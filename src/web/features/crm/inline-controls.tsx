import { LEAD_PRIORITIES, LEAD_STAGES, STAGE_STATUSES, isClosedWon, statusLabel, type LeadStage } from "~/shared/crm/pipeline";
import type { Lead, LeadOwner } from "~/shared/schemas/crm";
import { InlineChoice, type Choice } from "./inline-choice";

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
/** The known values, after the row's own when it is none of them (an imported sheet's word). */
const plain = (values: readonly string[], current: string): Choice[] =>
  (values.includes(current) ? values : [current, ...values]).map((value) => ({ value, label: value }));

export function OwnerSelect({ lead, owners, disabled, onChange }: InlineEdit) {
  const known = owners.some((o) => o.id === lead.leadOwner);
  const choices: Choice[] = [
    { value: "", label: "Unassigned" },
    ...(!known && lead.leadOwner ? [{ value: lead.leadOwner, label: lead.leadOwnerName ?? "Former owner" }] : []),
    ...owners.map((owner) => ({ value: owner.id, label: owner.name })),
  ];
  return (
    <InlineChoice
      label={`Owner of ${who(lead)}`}
      value={lead.leadOwner ?? ""}
      choices={choices}
      busy={disabled}
      onChoose={(owner) => onChange({ leadOwner: owner || null, version: lead.version })}
    />
  );
}

export function PrioritySelect({ lead, disabled, onChange }: InlineEdit) {
  return (
    <InlineChoice
      label={`Priority of ${who(lead)}`}
      value={lead.priority}
      choices={plain([...LEAD_PRIORITIES].reverse(), lead.priority)}
      busy={disabled}
      onChoose={(priority) => onChange({ priority, version: lead.version })}
    />
  );
}

export function StageSelect({ lead, disabled, onChange }: InlineEdit) {
  return (
    <InlineChoice
      label={`Stage of ${who(lead)}`}
      value={lead.leadStage}
      choices={plain(LEAD_STAGES, lead.leadStage)}
      busy={disabled}
      onChoose={(leadStage) => onChange({ leadStage, version: lead.version })}
    />
  );
}

/** Offers only the statuses of the row's stage (spec §2.4). */
export function StatusSelect({ lead, disabled, onChange, onClosedWon }: InlineEdit) {
  const statuses: readonly string[] = STAGE_STATUSES[lead.leadStage as LeadStage] ?? [];
  const values = statuses.includes(lead.leadStatus) ? statuses : [lead.leadStatus, ...statuses];
  return (
    <InlineChoice
      label={`Status of ${who(lead)}`}
      value={lead.leadStatus}
      choices={values.map((status) => ({ value: status, label: statusLabel(status) }))}
      busy={disabled}
      onChoose={(status) => (isClosedWon(status) ? onClosedWon(status) : onChange({ leadStatus: status, version: lead.version }))}
    />
  );
}
