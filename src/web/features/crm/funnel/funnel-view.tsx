import { ArrowLeft, LoaderCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { FUNNEL_WEEKS } from "~/shared/schemas/crm-funnel";
import { buttonClass, Button } from "~/web/components/ui/button";
import { MoneyChart } from "./money-chart";
import { StepsChart } from "./steps-chart";
import { MoneyTable, NO_VISIT_SOURCE, OwnersTable, SourcesTable, StagesTable, StepsTable, WeeksTable } from "./funnel-tables";
import { weekLabel } from "./format";
import { useFunnel } from "./use-funnel";

const PERIODS = [4, FUNNEL_WEEKS, 26, 52];

function Panel({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
        {note && <p className="text-sm text-slate-600">{note}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * The funnel analytics view (issue 23 §4): visitors → simulation starts → reports → applications →
 * paid per week and per source, time in each stage, money per week and per owner. Every chart has
 * its table ("Show tables"); every figure comes computed from the database.
 */
export function FunnelView() {
  const [weeks, setWeeks] = useState(FUNNEL_WEEKS);
  const [tables, setTables] = useState(false);
  const funnel = useFunnel(weeks);
  const data = funnel.data;

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/crm" className={buttonClass("secondary")}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to leads
        </Link>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          Period
          <select className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                Last {n} weeks
              </option>
            ))}
          </select>
        </label>
        <Button variant={tables ? "primary" : "secondary"} aria-pressed={tables} onClick={() => setTables((v) => !v)}>
          Show tables
        </Button>
        <p role="status" className={funnel.isFetching ? "flex items-center gap-2 text-sm text-brand-800" : "sr-only"}>
          {funnel.isFetching && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {funnel.isFetching ? "Loading figures..." : ""}
        </p>
      </div>

      {funnel.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          Failed to fetch the funnel
        </p>
      )}
      {data && (
        <>
          <p className="text-sm text-slate-700">
            Weeks run Monday to Sunday (India time): {weekLabel(data.from)} to {weekLabel(data.to)}.
          </p>
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <Panel title="Funnel" note="Visitors are visits (first page views); each rate is of the step before.">
              {tables ? <StepsTable total={data.total} /> : <StepsChart total={data.total} />}
            </Panel>
            <Panel title="Revenue and collection per week" note="Revenue: sale amounts of leads that became Paid Users that week.">
              {tables ? <MoneyTable weeks={data.weeks} /> : <MoneyChart weeks={data.weeks} />}
            </Panel>
          </div>
          <Panel title="Funnel per week">
            <WeeksTable weeks={data.weeks} />
          </Panel>
          <Panel title="Funnel per source" note={`UTM source of the visit, else the referring site, else direct. Applications as submitted on the site; reports and Paid Users under the source of the visit the person first sent a form from ("${NO_VISIT_SOURCE}" when none).`}>
            <SourcesTable sources={data.sources} />
          </Panel>
          {/* One above the other: the per-owner table grows with the team and its names, and needs the full width. */}
          <div className="grid min-w-0 gap-6">
            <Panel title="Median days in each stage" note="Whole days of finished stays, since stage changes were first recorded.">
              <StagesTable stages={data.stages} />
            </Panel>
            <Panel title="Per owner" note="Leads held now; calls, conversions and collections in the period.">
              <OwnersTable owners={data.owners} />
            </Panel>
          </div>
        </>
      )}
    </div>
  );
}
