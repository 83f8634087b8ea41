import { useDraggable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { ChevronDown, GripVertical } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { LEAD_STAGES, statusLabel } from "~/shared/crm/pipeline";
import type { Lead } from "~/shared/schemas/crm";
import { day, displayName } from "./format";
import { LeadName } from "./lead-row-parts";
import { LeadScore } from "./lead-score";
import { SelectLead } from "./select-box";
import type { LeadSelection } from "./use-lead-selection";

export interface CardActions {
  onView: (lead: Lead) => void;
  onMove: (lead: Lead, stage: string) => void;
  selection?: LeadSelection;
}

/**
 * A lead on the board: name, owner, priority, status, follow-up date (and score). It is moved by its
 * handle (mouse, touch, or Space then arrow keys) or by its "Move to…" menu.
 */
export function BoardCard({ lead, actions, moving }: { lead: Lead; actions: CardActions; moving?: boolean }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: lead.id, data: { lead } });
  const name = displayName(lead);
  return (
    <li
      ref={setNodeRef}
      data-lead-card={lead.id}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`grid min-w-0 gap-2 rounded-lg border bg-white p-3 shadow-sm ${isDragging ? "relative z-10 border-brand-600 shadow-lg" : "border-slate-200"} ${moving ? "ring-2 ring-brand-600" : ""}`}
    >
      <div className="flex min-w-0 items-start gap-2">
        <button
          type="button"
          className="-ml-1 shrink-0 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100"
          aria-label={`Drag ${name} to another stage`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <LeadName lead={lead} onView={actions.onView} />
          <span className="text-xs text-slate-700">{lead.leadOwnerName ?? "Unassigned"}</span>
        </div>
        {actions.selection && <SelectLead lead={lead} selection={actions.selection} />}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-slate-600">Status</dt>
        <dd className="wrap-anywhere text-slate-900">{statusLabel(lead.leadStatus)}</dd>
        <dt className="text-slate-600">Priority</dt>
        <dd className="text-slate-900">{lead.priority}</dd>
        <dt className="text-slate-600">Follow-up</dt>
        <dd className="text-slate-900">{day(lead.followUpDate) ?? "—"}</dd>
      </dl>
      <LeadScore lead={lead} />
      <MoveMenu lead={lead} onMove={actions.onMove} />
    </li>
  );
}

/** "Move to…": the same move as a drag, from a menu (arrow keys and Enter work in it). */
function MoveMenu({ lead, onMove }: { lead: Lead; onMove: (lead: Lead, stage: string) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 justify-self-start rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50">
        Move to…<span className="sr-only"> (move {displayName(lead)})</span>
        <ChevronDown className="size-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className="z-[60] min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {LEAD_STAGES.filter((stage) => stage !== lead.leadStage).map((stage) => (
            <DropdownMenu.Item
              key={stage}
              onSelect={() => onMove(lead, stage)}
              className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
            >
              {stage}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
