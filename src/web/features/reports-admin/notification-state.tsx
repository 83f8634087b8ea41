import { formatDateTime } from "~/shared/format-date";
import type { AdminReport, NotificationState } from "~/shared/schemas/simulation-reports-admin";

/** The badge colours of a "report ready" e-mail's state, shared by the reports list and the Email Notifications tab. */
export const STATE_CLASS: Record<NotificationState, string> = {
  not_sent: "bg-slate-100 text-slate-800",
  queued: "bg-yellow-100 text-yellow-900",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

const STATE_LABEL: Record<NotificationState, string> = {
  not_sent: "Not yet told",
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};

/** Whether the candidate was told about this report: the e-mail's state and when it was queued. */
export function NotificationState({ notification }: { notification: AdminReport["notification"] }) {
  return (
    <>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATE_CLASS[notification.state]}`}>{STATE_LABEL[notification.state]}</span>
      {notification.notifiedAt && <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">{formatDateTime(notification.notifiedAt)}</span>}
    </>
  );
}
