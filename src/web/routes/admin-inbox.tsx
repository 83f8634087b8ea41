import { AREA_ROLES } from "~/shared/roles";
import { InboxList } from "~/web/features/inbox/inbox-list";
import { AdminSignIn } from "~/web/features/staff-auth/admin-sign-in";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useAdminLogout } from "~/web/features/staff-auth/use-staff-session";

export const meta = () => [{ title: "Inbox" }, { name: "robots", content: "noindex" }];

/** Contact Us messages and mentor applications, for admin and admissions. */
export default function AdminInboxPage() {
  const logout = useAdminLogout();
  return (
    <StaffArea roles={AREA_ROLES.inbox} areaName="the inbox" signIn={<AdminSignIn />}>
      {(user) => (
        <StaffFrame title="Inbox" subtitle="Contact messages and mentor applications" user={user} onLogout={logout}>
          <a href="/admin" className="mb-4 inline-block text-sm text-brand-600 underline">
            ← Admin Dashboard
          </a>
          <InboxList />
        </StaffFrame>
      )}
    </StaffArea>
  );
}
