import { Tabs } from "radix-ui";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AREA_ROLES } from "~/shared/roles";
import type { StaffUser } from "~/shared/schemas/auth";
import { AdminSignIn } from "~/web/features/staff-auth/admin-sign-in";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useAdminLogout } from "~/web/features/staff-auth/use-staff-session";
import { tabsFor } from "~/web/features/admin-tabs/tabs";

export const meta = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export default function AdminPage() {
  const logout = useAdminLogout();
  return (
    <StaffArea roles={AREA_ROLES.adminDashboard} areaName="the admin dashboard" signIn={<AdminSignIn />}>
      {(user) => <AdminDashboard user={user} onLogout={logout} />}
    </StaffArea>
  );
}

/**
 * Only the tabs the signed-in role may use, opening on the one named in the address (`?tab=reports`,
 * so a reload or a shared link comes back to it) or else the first. A tab once opened stays mounted,
 * hidden: its filters, its place in a long list and unsaved mentor edits survive a look at another tab.
 */
function AdminDashboard({ user, onLogout }: { user: StaffUser; onLogout: () => void }) {
  const tabs = tabsFor(user.roles);
  const [params, setParams] = useSearchParams();
  const named = tabs.find((tab) => tab.value === params.get("tab"));
  const current = (named ?? tabs[0])?.value;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(current ? [current] : []));
  const open = (value: string) => {
    setOpened((was) => (was.has(value) ? was : new Set([...was, value])));
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <StaffFrame title="Admin Dashboard" user={user} onLogout={onLogout}>
      <Tabs.Root value={current} onValueChange={open} className="grid grid-cols-1 gap-6">
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-lg bg-slate-200/60 p-1">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) =>
          opened.has(tab.value) || tab.value === current ? (
            <Tabs.Content key={tab.value} value={tab.value} forceMount className="data-[state=inactive]:hidden">
              <tab.Component />
            </Tabs.Content>
          ) : null,
        )}
      </Tabs.Root>
    </StaffFrame>
  );
}
