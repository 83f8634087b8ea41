import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { BrochureDownload } from "~/shared/schemas/brochure";
import type { Page } from "~/shared/schemas/common";
import { Pager } from "~/web/components/ui/pager";
import { needsRoleMessage } from "~/shared/refusal";
import { AREA_ROLES } from "~/shared/roles";
import { ListState } from "~/web/components/ui/list-state";
import { api } from "~/web/lib/api";
import { formatDateTime } from "~/shared/format-date";
import { StaffTable } from "~/web/components/ui/staff-table";

const PAGE_SIZE = 50;

/** Brochure downloads: id, name, email, mobile, downloadedAt, newest first. */
export function DownloadsTab() {
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold text-brand-900">Brochure Downloads</h2>
      <DownloadsList />
    </div>
  );
}

function DownloadsList() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ["brochure-downloads", page],
    queryFn: () => api<Page<BrochureDownload>>(`/api/brochure-downloads?page=${page}&pageSize=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  return (
    <ListState
      isPending={list.isPending}
      error={list.error}
      loading="Loading downloads..."
      failed="Failed to fetch downloads"
      refusal={needsRoleMessage("The brochure downloads list", AREA_ROLES.brochureDownloads)}
      empty={list.data?.total === 0 ? "No brochure downloads yet." : null}
    >
      {list.data && <DownloadsTable data={list.data} page={page} onPage={setPage} />}
    </ListState>
  );
}

function DownloadsTable({ data, page, onPage }: { data: Page<BrochureDownload>; page: number; onPage: (page: number) => void }) {
  return (
    <div className="grid gap-4">
      <StaffTable caption="Brochure downloads, newest first" headers={["ID", "Name", "Email", "Mobile", "Downloaded At"]}>
        {data.items.map((row) => (
          <tr key={row.id} className="border-t border-slate-200">
            <td data-label="ID" className="p-3 font-mono text-xs text-slate-500" title={row.id}>
              {row.id.slice(0, 8)}
            </td>
            <td className="p-3">{row.name}</td>
            <td data-label="Email" className="p-3">
              <a className="text-brand-700 underline" href={`mailto:${row.email}`}>
                {row.email}
              </a>
            </td>
            <td data-label="Mobile" className="p-3">{row.mobile}</td>
            <td data-label="Downloaded At" className="p-3 whitespace-nowrap">{formatDateTime(row.downloadedAt)}</td>
          </tr>
        ))}
      </StaffTable>
      <Pager total={data.total} page={page} pageSize={PAGE_SIZE} noun="download" onPage={onPage} />
    </div>
  );
}
