import { BarChart3, LoaderCircle, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import type { Lead, LeadUpdateInput } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { AddLeadButton } from "./add-lead-dialog";
import { AssignmentRulesButton } from "./assignment-rules";
import { BoardView } from "./board-view";
import { BulkBar } from "./bulk-bar";
import { LayoutSwitch } from "./layout-switch";
import { useCrmLayout } from "./use-crm-layout";
import { useLeadSelection } from "./use-lead-selection";
import { ClosedWonModal, type PendingClosedWon } from "./closed-won-modal";
import { DeleteLeadDialog } from "./delete-lead-dialog";
import { CrmExportButton } from "./export-button";
import { FilterBar } from "./filter-bar";
import { FixDuplicates } from "./fix-duplicates";
import { FunnelLink } from "./funnel-link";
import { SavedViewTabs } from "./saved-view-tabs";
import { displayName } from "./format";
import { ImportCsv } from "./import-dialog";
import { LeadDetailDialog } from "./lead-detail-dialog";
import { LeadEditDialog } from "./lead-edit-dialog";
import { LeadList, type LeadActions } from "./lead-list";
import { LoadMoreButton } from "./load-more-button";
import { LogCallDialog } from "./log-call-dialog";
import { MoreActions } from "./more-actions";
import { MyTasksLink } from "./my-tasks-link";
import { useLinkedLead } from "./use-linked-lead";
import { AnalyticsCards, SummaryCards } from "./summary-cards";
import { toSearchParams, useCrmFilters } from "./use-crm-filters";
import { useAnalytics, useDeleteLead, useLeadList, useLeadOwners, useSyncLeads, useTabCount, useUpdateLead } from "./use-leads";
import { groupIndian } from "~/shared/format-number";

const tabClass = (active: boolean) =>
  `rounded-md px-4 py-2 text-sm font-medium ${active ? "bg-white text-brand-900 shadow-sm" : "text-slate-700 hover:bg-white/60"}`;

/** The count comes with a first page only (the API leaves it out of later pages). */
const countText = (count: { total?: number; estimate?: boolean } | undefined) =>
  count?.total === undefined ? "…" : `${count.estimate ? "about " : ""}${groupIndian(count.total)}`;

/**
 * A count query's answer for the filters in view and the leads as they are now: undefined ("…") while
 * the previous filters' answer stands in or a change is being counted again (issue 21 item 3).
 */
const current = <T,>(query: { data: T; isFetching: boolean }) => (query.isFetching ? undefined : query.data);

/** The CRM dashboard (spec §2.4): actions, tabs, analytics, summary, filters, leads and their modals. */
export function CrmDashboard({ canEditRules = false }: { canEditRules?: boolean }) {
  const { filters, update, clear, active } = useCrmFilters();
  const { layout, setLayout } = useCrmLayout();
  const selection = useLeadSelection(JSON.stringify(filters));
  const [showAnalytics, setShowAnalytics] = useState(false);
  const [viewing, setViewing] = useState<Lead | null>(null);
  const [editing, setEditing] = useState<Lead | null>(null);
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [closedWon, setClosedWon] = useState<PendingClosedWon | null>(null);
  const [calling, setCalling] = useState<Lead | null>(null);
  const linked = useLinkedLead();

  const list = useLeadList(filters);
  const activeCount = useTabCount({ ...filters, view: "active" });
  const paidCount = useTabCount({ ...filters, view: "paid" });
  const dueCount = useTabCount({ ...filters, followUp: true });
  const analytics = useAnalytics(filters, showAnalytics);
  const owners = useLeadOwners();
  const updateLead = useUpdateLead();
  const deleteLead = useDeleteLead();
  const sync = useSyncLeads();

  const leads = useMemo(() => list.data?.pages.flatMap((page) => page.leads) ?? [], [list.data]);
  // While a new tab, search or filter loads, the rows on screen are the previous view's: they are
  // dimmed under "Loading leads...", and no count is shown until the new one arrives (issue 21 item 16).
  const loading = list.isPlaceholderData;
  const firstPage = loading ? undefined : list.data?.pages[0];
  const paid = filters.view === "paid";
  const ownerList = owners.data ?? [];

  const actions: LeadActions = {
    owners: ownerList,
    busyId: updateLead.isPending ? (updateLead.variables?.id ?? null) : null,
    onChange: (lead, changes) => updateLead.mutate({ id: lead.id, changes: changes as LeadUpdateInput }),
    onClosedWon: (lead, status) => setClosedWon({ lead, status }),
    onView: setViewing,
    onEdit: (lead) => {
      setViewing(null);
      setEditing(lead);
    },
    onDelete: setDeleting,
    onLogCall: setCalling,
    selection,
  };

  const exportHref = `/api/crm/leads.csv?${toSearchParams(filters, { view: filters.view })}`;
  const exportButton = <CrmExportButton href={exportHref} count={firstPage?.total} />;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <AddLeadButton owners={ownerList} />
        <ImportCsv />
        <FixDuplicates />
        <MyTasksLink />
        {/* Always in view: the panel it opens stays open, and its toggle with it. */}
        <Button variant={showAnalytics ? "primary" : "secondary"} aria-pressed={showAnalytics} onClick={() => setShowAnalytics((v) => !v)}>
          <BarChart3 className="size-4" aria-hidden />
          Analytics
        </Button>
        <MoreActions>
          <Button variant="secondary" onClick={() => sync.mutate()} disabled={sync.isPending}>
            <RefreshCw className={`size-4 ${sync.isPending ? "animate-spin" : ""}`} aria-hidden />
            {sync.isPending ? "Syncing..." : "Sync All Data"}
          </Button>
          {exportButton}
          <FunnelLink />
          {canEditRules && <AssignmentRulesButton owners={ownerList} />}
        </MoreActions>
      </div>

      <SavedViewTabs />

      <nav aria-label="Lead views" className="flex flex-wrap gap-1 self-start rounded-lg bg-slate-200/60 p-1">
        <button type="button" className={tabClass(!paid)} aria-current={!paid ? "page" : undefined} aria-busy={activeCount.isFetching} onClick={() => update({ view: "active" })}>
          Active Leads ({countText(current(activeCount))})
        </button>
        <button type="button" className={tabClass(paid)} aria-current={paid ? "page" : undefined} aria-busy={paidCount.isFetching} onClick={() => update({ view: "paid" })}>
          Paid Users ({countText(current(paidCount))})
        </button>
      </nav>
      <LayoutSwitch layout={layout} onChange={setLayout} />

      {showAnalytics && <AnalyticsCards data={analytics.data} />}
      <SummaryCards pendingTotal={firstPage?.pendingTotal} total={firstPage?.total} estimate={!!firstPage?.totalIsEstimate} busy={!firstPage} />

      <FilterBar
        filters={filters}
        owners={ownerList}
        active={active}
        onChange={update}
        onClear={clear}
        exportButton={null}
        followUpCount={dueCount.isError ? undefined : (current(dueCount) ?? "loading")}
      />
      <BulkBar selection={selection} filters={filters} owners={ownerList} matching={firstPage?.total === undefined ? undefined : { total: firstPage.total, estimate: !!firstPage.totalIsEstimate }} />
      {layout === "board" && <BoardView filters={filters} selection={selection} onView={setViewing} />}

      <section aria-label="Leads" aria-busy={loading} className="grid gap-3" hidden={layout === "board"}>
        <p role="status" className={loading ? "flex items-center gap-2 text-sm font-medium text-brand-800" : "sr-only"}>
          {loading && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {loading ? "Loading leads..." : ""}
        </p>
        {list.isError ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            Failed to fetch CRM leads
          </p>
        ) : list.isPending ? (
          <p className="p-6 text-center text-slate-600">Loading CRM...</p>
        ) : leads.length === 0 ? (
          // The previous view had none: say nothing about this one until it arrives.
          !loading && (
            <div className="rounded-xl border border-slate-200 bg-white p-10 text-center">
              <p className="text-lg font-semibold text-slate-900">No leads found</p>
              <p className="mt-1 text-slate-600">{active ? "Try adjusting your filters or search terms." : "Click 'Sync Data' to import leads from applications and downloads."}</p>
            </div>
          )
        ) : (
          <>
            <div className={`grid gap-3 transition-opacity ${loading ? "opacity-50" : ""}`}>
              <LeadList leads={leads} paid={paid} actions={actions} />
            </div>
            {!loading && (
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                <span aria-live="polite">
                  Showing {groupIndian(leads.length)} of {countText(firstPage ? { total: firstPage.total, estimate: firstPage.totalIsEstimate } : undefined)}
                </span>
                {list.hasNextPage && (
                  <LoadMoreButton loading={list.isFetchingNextPage} loaded={leads.length} onLoadMore={() => void list.fetchNextPage()} />
                )}
              </div>
            )}
          </>
        )}
      </section>

      <LeadDetailDialog
        lead={viewing ?? linked.lead}
        owners={ownerList}
        onClose={() => (viewing ? setViewing(null) : linked.close())}
        onEdit={(lead) => {
          linked.close();
          actions.onEdit(lead);
        }}
        onLogCall={setCalling}
      />
      <LogCallDialog lead={calling} onClose={() => setCalling(null)} />
      <LeadEditDialog lead={editing} owners={ownerList} onClose={() => setEditing(null)} />
      <DeleteLeadDialog
        name={deleting ? displayName(deleting) : ""}
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => deleting && deleteLead.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
      <ClosedWonModal
        pending={closedWon}
        busy={updateLead.isPending && !!closedWon}
        onCancel={() => setClosedWon(null)}
        onConfirm={(batchName) =>
          closedWon && updateLead.mutate({ id: closedWon.lead.id, changes: { leadStatus: closedWon.status, batchName, version: closedWon.lead.version } }, { onSuccess: () => setClosedWon(null) })
        }
      />
    </div>
  );
}
