import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/shared/format-date";
import { needsRoleMessage } from "~/shared/refusal";
import type { StaffRole } from "~/shared/roles";
import type { DataRequest } from "~/shared/schemas/data-rights";
import { inputClass } from "~/web/components/ui/field";
import { ListState } from "~/web/components/ui/list-state";
import { StaffTable } from "~/web/components/ui/staff-table";
import { AdminSignIn } from "~/web/features/staff-auth/admin-sign-in";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useAdminLogout } from "~/web/features/staff-auth/use-staff-session";
import { api } from "~/web/lib/api";

export const meta = () => [{ title: "Data requests" }, { name: "robots", content: "noindex" }];

const ROLES: readonly StaffRole[] = ["admin"];

/** SHA-256 of the normalised address, as the server stores it: staff check an address without the list holding any. */
async function hashOf(email: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const describe = (item: DataRequest) =>
  Object.entries(item.detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(", ");

function DataRequests() {
  const [email, setEmail] = useState("");
  const [hash, setHash] = useState<string | null>(null);
  const list = useQuery({ queryKey: ["data-requests"], queryFn: () => api<{ items: DataRequest[] }>("/api/admin/data-requests") });
  const items = (list.data?.items ?? []).filter((item) => !hash || item.emailHash === hash);
  return (
    <div className="grid gap-4">
      <p className="max-w-3xl text-sm text-slate-700">
        Candidates' downloads and deletions of their data (Your data, on the candidate dashboard). The list holds no addresses: each request is
        shown with a SHA-256 of the e-mail address. To answer "did I ask you to delete my data?", type the address to find its requests.
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!email.trim()) return setHash(null);
          void hashOf(email).then(setHash);
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor="data-request-email" className="text-sm font-medium">
            Find by e-mail address
          </label>
          <input id="data-request-email" type="email" className={`${inputClass} w-72 max-w-full`} value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm">
          Find
        </button>
      </form>
      <ListState
        isPending={list.isPending}
        error={list.error}
        loading="Loading data requests..."
        failed="Failed to fetch data requests."
        refusal={needsRoleMessage("Data requests", ROLES)}
        empty={items.length === 0 ? (hash ? "No requests for this address." : "No data requests yet.") : null}
      >
        <StaffTable caption="Data requests" headers={["When", "Request", "Address (SHA-256)", "Detail"]}>
          {items.map((item) => (
            <tr key={`${item.at}-${item.emailHash}-${item.kind}`} className="border-t border-slate-200">
              <td className="p-3 whitespace-nowrap">{formatDateTime(item.at)}</td>
              <td data-label="Request" className="p-3">{item.kind === "erase" ? "Deleted their data" : "Downloaded their data"}</td>
              <td data-label="Address (SHA-256)" className="p-3 font-mono text-xs break-all">{item.emailHash}</td>
              <td data-label="Detail" className="p-3 text-xs">{describe(item)}</td>
            </tr>
          ))}
        </StaffTable>
      </ListState>
    </div>
  );
}

export default function AdminDataRequestsPage() {
  const logout = useAdminLogout();
  return (
    <StaffArea roles={ROLES} areaName="data requests" signIn={<AdminSignIn />}>
      {(user) => (
        <StaffFrame title="Data requests" user={user} onLogout={logout}>
          <a href="/admin" className="mb-4 inline-block text-sm text-brand-600 underline">
            ← Admin Dashboard
          </a>
          <DataRequests />
        </StaffFrame>
      )}
    </StaffArea>
  );
}
