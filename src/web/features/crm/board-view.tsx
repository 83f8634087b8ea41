import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { isClosedWon, LEAD_STAGES } from "~/shared/crm/pipeline";
import type { Lead, LeadUpdateInput } from "~/shared/schemas/crm";
import { BoardColumnView } from "./board-column";
import type { CardActions } from "./board-card";
import { ClosedWonModal, type PendingClosedWon } from "./closed-won-modal";
import { holdEarlyArrows } from "./drag-keys";
import { displayName } from "./format";
import { MoveDialog, type PendingMove } from "./move-dialog";
import { useBoard } from "./use-board";
import type { CrmFilters } from "./use-crm-filters";
import type { LeadSelection } from "./use-lead-selection";
import { useUpdateLead } from "./use-leads";

const nameOf = (data: unknown) => {
  const lead = (data as { lead?: Lead } | undefined)?.lead;
  return lead ? displayName(lead) : "The lead";
};
const stageOf = (data: unknown) => (data as { lead?: Lead } | undefined)?.lead?.leadStage ?? "its stage";

/** What a screen reader hears while a card is moved (dnd-kit's live region). */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)} in ${stageOf(active.data.current)}. Arrow keys move it between stages, Space drops it, Escape cancels.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active.data.current)} is over ${over.id}.` : `${nameOf(active.data.current)} is not over a stage.`),
  onDragEnd: ({ active, over }) =>
    over && over.id !== stageOf(active.data.current)
      ? `${nameOf(active.data.current)} was dropped on ${over.id}. Choose its status.`
      : `${nameOf(active.data.current)} stays in ${stageOf(active.data.current)}.`,
  onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled; it stays in ${stageOf(active.data.current)}.`,
};
// restoreFocus off: a drop opens the status dialog, which takes the focus; dnd-kit would pull it back to the handle.
const screenReaderInstructions = {
  draggable: "To move this lead to another stage, press Space to pick it up, the arrow keys to go from stage to stage, and Space to drop it (Escape cancels). The Move to… menu does the same.",
};

/** Mouse: the column under the pointer. Keyboard: the column the card overlaps most. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/**
 * The board (issue 23 §1): one column per stage. A card dropped on another stage (or sent there by
 * its "Move to…" menu) waits there while its new status is chosen; a Closed Won status then asks for
 * the Batch ID (the list's modal). Cancel at either step puts it back. The move is the list's inline
 * edit with the version the card was read with, so a lead changed meanwhile is a 409 that names who
 * changed it (useUpdateLead's toast) and the board shows the lead as it is now.
 */
export function BoardView({ filters, selection, onView }: { filters: CrmFilters; selection?: LeadSelection; onView: (lead: Lead) => void }) {
  const board = useBoard(filters, true);
  const updateLead = useUpdateLead();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [closedWon, setClosedWon] = useState<(PendingClosedWon & { stage: string }) | null>(null);
  // Moves saved but not yet in a fresh board: shown in their new column meanwhile.
  const [saved, setSaved] = useState<{ at: number; leads: Map<string, Lead> }>({ at: 0, leads: new Map() });
  const savedLeads = saved.at === board.dataUpdatedAt ? saved.leads : new Map<string, Lead>();

  // Arrow keys jump from column to column (right/down: next stage, left/up: previous).
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const step = event.code === KeyboardCode.Right || event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Left || event.code === KeyboardCode.Up ? -1 : 0;
    if (!step) return undefined;
    event.preventDefault();
    // The columns shown, in pipeline order (the page draws them in that order).
    const order: string[] = LEAD_STAGES.filter((stage) => context.droppableRects.has(stage));
    const from = context.over ? order.indexOf(String(context.over.id)) : order.indexOf(stageOf(context.active?.data.current));
    const target = order[Math.min(order.length - 1, Math.max(0, from + step))];
    const rect = target ? context.droppableRects.get(target) : undefined;
    const card = context.collisionRect;
    if (!rect || !card) return currentCoordinates;
    return { x: rect.left + (rect.width - card.width) / 2, y: rect.top + 48 };
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter }));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lead = (active.data.current as { lead?: Lead } | undefined)?.lead;
    if (lead && over && over.id !== lead.leadStage) setPending({ lead, stage: String(over.id) });
  };
  const save = (lead: Lead, changes: LeadUpdateInput, done: () => void) =>
    updateLead.mutate(
      { id: lead.id, changes: { ...changes, version: lead.version } },
      {
        onSuccess: (after) => setSaved((current) => ({ at: board.dataUpdatedAt, leads: new Map(current.at === board.dataUpdatedAt ? current.leads : []).set(after.id, after) })),
        onSettled: done,
      },
    );
  const choose = (status: string) => {
    if (!pending) return;
    if (isClosedWon(status)) {
      setClosedWon({ lead: pending.lead, status, stage: pending.stage });
      return;
    }
    save(pending.lead, { leadStage: pending.stage as LeadUpdateInput["leadStage"], leadStatus: status }, () => setPending(null));
  };
  const cancel = () => {
    setPending(null);
    setClosedWon(null);
  };

  const actions: CardActions = { onView, onMove: (lead, stage) => setPending({ lead, stage }), selection };
  const moving = pending?.lead.id ?? null;
  const loading = board.isPlaceholderData;
  // A column starts afresh (its "Load more" run dropped) when the filters change, not when the board is read again.
  const filterKey = JSON.stringify(filters);

  if (board.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Failed to fetch the board
      </p>
    );
  }
  if (!board.data) return <p className="p-6 text-center text-slate-600">Loading board...</p>;
  return (
    <section aria-label="Board by stage" aria-busy={loading} className="grid gap-3">
      <p role="status" className={loading ? "flex items-center gap-2 text-sm font-medium text-brand-700" : "sr-only"}>
        {loading && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {loading ? "Loading board..." : ""}
      </p>
      <DndContext sensors={sensors} collisionDetection={collision} onDragStart={holdEarlyArrows} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions, restoreFocus: false }}>
        <div className={`grid grid-cols-1 items-start gap-3 md:grid-cols-2 xl:grid-cols-4 ${loading ? "opacity-50" : ""}`}>
          {board.data.columns.map((column) => {
            // The card being moved shows in its new column; saved moves too until the board is read again.
            const arriving = [...(pending && pending.stage === column.stage ? [pending.lead] : []), ...[...savedLeads.values()].filter((lead) => lead.leadStage === column.stage)];
            return (
              <BoardColumnView
                key={`${column.stage}:${filterKey}`}
                column={column}
                filters={filters}
                arriving={arriving}
                leaving={(lead) => lead.id === moving || (savedLeads.has(lead.id) && savedLeads.get(lead.id)!.leadStage !== column.stage)}
                movingId={moving}
                actions={actions}
              />
            );
          })}
        </div>
      </DndContext>
      <MoveDialog pending={closedWon ? null : pending} busy={updateLead.isPending} onCancel={cancel} onChoose={choose} />
      <ClosedWonModal
        pending={closedWon}
        busy={updateLead.isPending && !!closedWon}
        onCancel={cancel}
        onConfirm={(batchName) =>
          closedWon && save(closedWon.lead, { leadStage: closedWon.stage as LeadUpdateInput["leadStage"], leadStatus: closedWon.status, batchName }, cancel)
        }
      />
    </section>
  );
}
