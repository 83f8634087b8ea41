import { ComingSoon } from "./coming-soon";

export function EmailNotificationsTab() {
  return <ComingSoon title="Email Notifications" />;
}
