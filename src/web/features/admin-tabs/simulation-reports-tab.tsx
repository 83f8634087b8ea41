import { useState } from "react";
import { needsRoleMessage } from "~/shared/refusal";
import { SCORE_BAND_LABELS, SCORE_BANDS, type ScoreBand } from "~/shared/report-bands";
import { AREA_ROLES } from "~/shared/roles";
import type { ReportsSummary } from "~/shared/schemas/simulation-reports-admin";
import { Button } from "~/web/components/ui/button";
import { CsvExportLink } from "~/web/components/ui/csv-export-link";
import { ListState } from "~/web/components/ui/list-state";
import { ImportReports } from "~/web/features/reports-admin/import-reports";
import { ReportsTable } from "~/web/features/reports-admin/reports-table";
import { reportFilterParams, useAdminReports } from "~/web/features/reports-admin/use-admin-reports";
import { FilterSelect, SearchField, useSettledText } from "./list-filters";

const SEARCH_WAIT_MS = 300;
const BAND_OPTIONS = SCORE_BANDS.map((value) => ({ value, label: SCORE_BAND_LABELS[value] }));

function SummaryCards({ summary }: { summary: ReportsSummary | undefined }) {
  const cards = [
    { label: "Total Reports", value: summary?.total },
    { label: "High Performers (80+)", value: summary?.highPerformers },
    { label: "Average Score", value: summary === undefined ? undefined : `${summary.averageScore}%` },
    { label: "Unique Users", value: summary?.uniqueUsers },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900">{card.value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Simulation Reports (internal-side §2.1): summary, search, score filter, CSV, open in a new tab. */
export function SimulationReportsTab() {
  const search = useSettledText(SEARCH_WAIT_MS);
  const q = search.settled;
  const [band, setBand] = useState<ScoreBand | "">("");
  const list = useAdminReports({ q, band });
  const summary = list.data?.pages[0]?.summary;
  const reports = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = !!q.trim() || !!band;
  const csvQuery = reportFilterParams({ q, band }).toString();

  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold text-brand-900">Simulation Reports</h2>
      <SummaryCards summary={summary} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <SearchField id="report-search" placeholder="Name, email or company" value={search.typed} onChange={search.setTyped} />
          <FilterSelect id="report-band" label="Score" allLabel="All scores" value={band} options={BAND_OPTIONS} onChange={setBand} />
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportReports />
          <CsvExportLink href={`/api/simulation/admin/reports.csv${csvQuery ? `?${csvQuery}` : ""}`} count={summary?.total} noun="simulation reports" />
        </div>
      </div>

      <ListState
        isPending={list.isPending}
        error={list.error}
        loading="Loading reports..."
        failed="Failed to fetch reports"
        refusal={needsRoleMessage("The simulation reports list", AREA_ROLES.simulationReports)}
        empty={reports.length > 0 ? null : filtered ? "No reports match your search criteria" : "No simulation reports found. Check your chatbot webhook integration"}
      >
        <ReportsTable reports={reports} />
        {list.hasNextPage && (
          <Button variant="secondary" className="justify-self-center" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        )}
      </ListState>
    </div>
  );
}
