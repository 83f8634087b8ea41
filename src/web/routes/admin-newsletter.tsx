import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/shared/format-date";
import { needsRoleMessage } from "~/shared/refusal";
import { AREA_ROLES } from "~/shared/roles";
import type { Page } from "~/shared/schemas/common";
import type { Subscriber } from "~/shared/schemas/newsletter";
import { ListState } from "~/web/components/ui/list-state";
import { Pager } from "~/web/components/ui/pager";
import { StaffTable } from "~/web/components/ui/staff-table";
import { CsvExportLink } from "~/web/components/ui/csv-export-link";
import { inputClass } from "~/web/components/ui/field";
import { AdminSignIn } from "~/web/features/staff-auth/admin-sign-in";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useAdminLogout } from "~/web/features/staff-auth/use-staff-session";
import { api } from "~/web/lib/api";

export const meta = () => [{ title: "Newsletter subscribers" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 50;

function Subscribers() {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ["newsletter", "subscribers", q, page],
    queryFn: () =>
      api<Page<Subscriber> & { overall: number }>(`/api/newsletter/subscribers?${new URLSearchParams({ q, page: String(page), pageSize: String(PAGE_SIZE) })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="subscriber-search" className="text-sm font-medium">
            Search by e-mail
          </label>
          <input
            id="subscriber-search"
            className={`${inputClass} w-72`}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <CsvExportLink href="/api/newsletter/subscribers.csv" count={list.data?.overall} noun="subscribers" />
      </div>
      <ListState
        isPending={list.isPending}
        error={list.error}
        loading="Loading subscribers..."
        failed="Failed to fetch subscribers."
        refusal={needsRoleMessage("The newsletter list", AREA_ROLES.newsletter)}
        empty={list.data?.items.length === 0 ? (q ? "No subscribers match this search." : "No subscribers yet.") : null}
      >
        <StaffTable caption="Newsletter subscribers" headers={["Email", "Subscribed", "Status"]}>
          {list.data?.items.map((s) => (
            <tr key={s.id} className="border-t border-slate-200">
              <td className="p-3">{s.email}</td>
              <td data-label="Subscribed" className="p-3">{formatDateTime(s.subscribedAt)}</td>
              <td data-label="Status" className="p-3">{s.unsubscribedAt ? `Unsubscribed ${formatDateTime(s.unsubscribedAt)}` : "Subscribed"}</td>
            </tr>
          ))}
        </StaffTable>
      </ListState>
      {list.data && <Pager total={list.data.total} page={page} pageSize={PAGE_SIZE} noun="subscriber" onPage={setPage} />}
    </div>
  );
}

export default function AdminNewsletterPage() {
  const logout = useAdminLogout();
  return (
    <StaffArea roles={AREA_ROLES.newsletter} areaName="newsletter subscribers" signIn={<AdminSignIn />}>
      {(user) => (
        <StaffFrame title="Newsletter subscribers" user={user} onLogout={logout}>
          <a href="/admin" className="mb-4 inline-block text-sm text-brand-600 underline">
            ← Admin Dashboard
          </a>
          <Subscribers />
        </StaffFrame>
      )}
    </StaffArea>
  );
}
