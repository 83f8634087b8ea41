import { BulkSend } from "~/web/features/reports-admin/bulk-send";
import { TestEmailForm } from "~/web/features/reports-admin/test-email-form";

/** Email Notifications (internal-side §2.1): a test e-mail, and the bulk send with its delivery state. */
export function EmailNotificationsTab() {
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold text-brand-900">Email Notifications</h2>
      <TestEmailForm />
      <BulkSend />
    </div>
  );
}
