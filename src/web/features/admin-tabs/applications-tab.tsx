import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/shared/application-status";
import { Pager } from "~/web/components/ui/pager";
import { CsvExportLink } from "~/web/components/ui/csv-export-link";
import { inputClass } from "~/web/components/ui/field";
import { ApplicationsTable } from "~/web/features/applications-admin/applications-table";
import { PAGE_SIZE, useApplicationList } from "~/web/features/applications-admin/use-applications";
import { ApiError } from "~/web/lib/api";

const SEARCH_WAIT_MS = 250;

function Empty({ children }: { children: string }) {
  return <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600">{children}</p>;
}

/** Applications: searched, filtered by stage and paged by the server, newest first. */
export function ApplicationsTab() {
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed);
      setPage(1);
    }, SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useApplicationList({ q, status, page });
  const data = list.data;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <label htmlFor="application-search" className="text-sm font-medium">
              Search
            </label>
            <div className="relative w-72">
              <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
              <input id="application-search" type="search" placeholder="Name, email or mobile" className={`${inputClass} pl-9!`} value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="application-stage" className="text-sm font-medium">
              Stage
            </label>
            <select
              id="application-stage"
              className={`${inputClass} min-w-56`}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as ApplicationStatus | "");
                setPage(1);
              }}
            >
              <option value="">All stages</option>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CsvExportLink href="/api/applications.csv" count={data?.overall} noun="applications" />
      </div>

      {list.isPending ? (
        <p className="text-slate-600">Loading applications...</p>
      ) : list.isError ? (
        <p className="text-red-700">
          {list.error instanceof ApiError && list.error.status === 403 ? "Your role does not give access to applications." : "Failed to fetch applications"}
        </p>
      ) : data!.overall === 0 ? (
        <Empty>No applications have been submitted yet.</Empty>
      ) : data!.items.length === 0 ? (
        <Empty>{status && !q ? "No applications in the selected stage" : "No applications match your search"}</Empty>
      ) : (
        <ApplicationsTable items={data!.items} />
      )}

      {data && data.total > 0 && (
        <Pager total={data.total} page={page} pageSize={PAGE_SIZE} noun="application" onPage={setPage} />
      )}
    </div>
  );
}
