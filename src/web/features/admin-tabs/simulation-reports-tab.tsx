import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { SCORE_BAND_LABELS, SCORE_BANDS, type ScoreBand } from "~/shared/report-bands";
import type { ReportsSummary } from "~/shared/schemas/simulation-reports-admin";
import { Button } from "~/web/components/ui/button";
import { CsvExportLink } from "~/web/components/ui/csv-export-link";
import { inputClass } from "~/web/components/ui/field";
import { ImportReports } from "~/web/features/reports-admin/import-reports";
import { ReportsTable } from "~/web/features/reports-admin/reports-table";
import { reportFilterParams, useAdminReports } from "~/web/features/reports-admin/use-admin-reports";
import { ApiError } from "~/web/lib/api";

const SEARCH_WAIT_MS = 300;

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
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [band, setBand] = useState<ScoreBand | "">("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [typed]);
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
          <div className="grid gap-1.5">
            <label htmlFor="report-search" className="text-sm font-medium">
              Search
            </label>
            <div className="relative w-72 max-w-full">
              <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
              <input
                id="report-search"
                type="search"
                placeholder="Name, email or company"
                className={`${inputClass} pl-9!`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="report-band" className="text-sm font-medium">
              Score
            </label>
            <select id="report-band" className={`${inputClass} min-w-48`} value={band} onChange={(e) => setBand(e.target.value as ScoreBand | "")}>
              <option value="">All scores</option>
              {SCORE_BANDS.map((value) => (
                <option key={value} value={value}>
                  {SCORE_BAND_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportReports />
          <CsvExportLink href={`/api/simulation/admin/reports.csv${csvQuery ? `?${csvQuery}` : ""}`} count={summary?.total} noun="simulation reports" />
        </div>
      </div>

      {list.isPending ? (
        <p className="text-slate-600">Loading reports...</p>
      ) : list.isError ? (
        <p className="text-red-700">
          {list.error instanceof ApiError && list.error.status === 403 ? "Simulation reports are visible to admin and admissions staff." : "Failed to fetch reports"}
        </p>
      ) : reports.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600">
          {filtered ? "No reports match your search criteria" : "No simulation reports found. Check your chatbot webhook integration"}
        </p>
      ) : (
        <>
          <ReportsTable reports={reports} />
          {list.hasNextPage && (
            <Button variant="secondary" className="justify-self-center" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
              {list.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
