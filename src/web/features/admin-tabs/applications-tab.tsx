import { useState } from "react";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/shared/application-status";
import { needsRoleMessage } from "~/shared/refusal";
import { AREA_ROLES } from "~/shared/roles";
import { CsvExportLink } from "~/web/components/ui/csv-export-link";
import { ListState } from "~/web/components/ui/list-state";
import { Pager } from "~/web/components/ui/pager";
import { ApplicationsTable } from "~/web/features/applications-admin/applications-table";
import { PAGE_SIZE, useApplicationList } from "~/web/features/applications-admin/use-applications";
import { FilterSelect, SearchField, useSettledText } from "./list-filters";

const SEARCH_WAIT_MS = 250;

/** Applications: searched, filtered by stage and paged by the server, newest first. */
export function ApplicationsTab() {
  const [page, setPage] = useState(1);
  const search = useSettledText(SEARCH_WAIT_MS, () => setPage(1));
  const q = search.settled;
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const list = useApplicationList({ q, status, page });
  const data = list.data;
  const empty =
    data?.overall === 0
      ? "No applications have been submitted yet."
      : data?.items.length === 0
        ? status && !q
          ? "No applications in the selected stage"
          : "No applications match your search"
        : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <SearchField id="application-search" placeholder="Name, email or mobile" value={search.typed} onChange={search.setTyped} />
          <FilterSelect
            id="application-stage"
            label="Stage"
            allLabel="All stages"
            className="min-w-56"
            value={status}
            options={APPLICATION_STATUSES}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </div>
        <CsvExportLink href="/api/applications.csv" count={data?.overall} noun="applications" />
      </div>

      <ListState
        isPending={list.isPending}
        error={list.error}
        loading="Loading applications..."
        failed="Failed to fetch applications"
        refusal={needsRoleMessage("The applications list", AREA_ROLES.applications)}
        empty={empty}
      >
        <ApplicationsTable items={data?.items ?? []} />
      </ListState>

      {data && data.total > 0 && <Pager total={data.total} page={page} pageSize={PAGE_SIZE} noun="application" onPage={setPage} />}
    </div>
  );
}
