import { useDroppable } from "@dnd-kit/core";
import { useEffect, useState } from "react";
import { groupIndian } from "~/shared/format-number";
import type { Lead } from "~/shared/schemas/crm";
import type { BoardColumn } from "~/shared/schemas/crm-bulk";
import { toast } from "~/web/lib/toast";
import { BoardCard, type CardActions } from "./board-card";
import { formatRupees } from "./format";
import { LoadMoreButton } from "./load-more-button";
import { SelectShown } from "./select-box";
import { COLUMN_PAGE, useColumnMore } from "./use-board";
import type { CrmFilters } from "./use-crm-filters";

/**
 * One stage: its exact count and sale total (₹, Indian grouping), its cards newest first, and "Load
 * more" for the next keyset page of that stage under the same filters. The whole column is the drop
 * target.
 */
export function BoardColumnView({
  column,
  filters,
  arriving,
  leaving,
  movingId,
  actions,
}: {
  column: BoardColumn;
  filters: CrmFilters;
  arriving: Lead[];
  leaving: (lead: Lead) => boolean;
  movingId: string | null;
  actions: CardActions;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const [wanted, setWanted] = useState(0);
  const more = useColumnMore(filters, column.stage, column.nextCursor, wanted);
  // A column that now fits its first page has nothing more, whatever was loaded before.
  const loaded = wanted > 0 && !!column.nextCursor;
  const extra = loaded ? (more.data?.leads ?? []) : [];
  const cursor = loaded && more.data ? more.data.cursor : column.nextCursor;
  useEffect(() => {
    if (more.isError) toast({ title: "Failed to load more leads", description: more.error.message, variant: "destructive" });
  }, [more.isError, more.error]);
  // Each lead once: a refresh can bring a card of the loaded run into the first ones.
  const shown = new Set(arriving.map((lead) => lead.id));
  const leads = [...arriving];
  for (const lead of [...column.leads, ...extra]) {
    if (leaving(lead) || shown.has(lead.id)) continue;
    shown.add(lead.id);
    leads.push(lead);
  }
  const headingId = `board-stage-${column.stage.replace(/\W+/g, "-").toLowerCase()}`;
  const count = `${column.totalIsEstimate ? "about " : ""}${groupIndian(column.total)}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage={column.stage}
      className={`grid min-w-0 content-start gap-2 rounded-xl border p-2 ${isOver ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-slate-50"}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-2 px-1">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {column.stage} <span className="font-normal text-slate-700">({count})</span>
        </h3>
        <span className="text-sm text-slate-700 tabular-nums">
          <span className="sr-only">Sale amounts: </span>
          {column.saleTotal === null ? "—" : formatRupees(column.saleTotal)}
        </span>
        {actions.selection && leads.length > 0 && (
          <label className="flex w-full items-center gap-2 text-xs text-slate-700">
            <SelectShown leads={leads} selection={actions.selection} label={`Select the ${column.stage} leads shown`} /> Select shown
          </label>
        )}
      </header>
      {leads.length === 0 ? (
        <p className="px-1 py-4 text-center text-sm text-slate-600">No leads</p>
      ) : (
        <ul className="grid gap-2" aria-label={`${column.stage} leads`}>
          {leads.map((lead) => (
            <BoardCard key={lead.id} lead={lead} actions={actions} moving={lead.id === movingId} />
          ))}
        </ul>
      )}
      {cursor && (
        <div className="flex justify-center">
          <LoadMoreButton loading={more.isFetching} loaded={leads.length} onLoadMore={() => (more.isError ? void more.refetch() : setWanted(extra.length + COLUMN_PAGE))} />
        </div>
      )}
    </section>
  );
}
