import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "~/shared/format-date";
import { useState } from "react";
import type { BulkNotificationPreview, NotificationStatus } from "~/shared/schemas/simulation-reports-admin";
import { Button } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { STATE_CLASS } from "./notification-state";
import { REPORTS_KEY } from "./use-admin-reports";

const STATUS_KEY = ["report-notifications"] as const;

/** The confirmation's words: how many people, and how many e-mails when some have several reports. */
function confirmation({ emails, people }: BulkNotificationPreview): string {
  if (emails === 0) return 'Every candidate has already been told about their reports: no "report ready" e-mail would be sent.';
  const who = `${people} ${people === 1 ? "person" : "people"}`;
  const what = emails === people ? "" : ` (${emails} e-mails: one for each report they have not been told about)`;
  return `This e-mails ${who}${what} that their report is ready. Each candidate is told once; a second run sends nothing.`;
}

/**
 * Bulk send: e-mails every candidate not yet told about their report (a second run sends nothing),
 * then shows what the outbox did with those messages, refreshed while any are still queued.
 */
export function BulkSend() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api<NotificationStatus>("/api/simulation/admin/notifications"),
    refetchInterval: (query) => ((query.state.data?.counts.queued ?? 0) > 0 ? 3000 : false),
  });
  const bulk = useMutation({
    mutationFn: () => api<{ successCount: number; errorCount: number }>("/api/simulation/send-bulk-notifications", { method: "POST" }),
    onSuccess: ({ successCount, errorCount }) => toast({ title: "Bulk Email Complete", description: `Sent ${successCount} emails, ${errorCount} failed` }),
    onError: () => toast({ title: "Error", description: "Failed to send bulk notifications", variant: "destructive" }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: STATUS_KEY }), queryClient.invalidateQueries({ queryKey: REPORTS_KEY })]),
  });
  const counts = status.data?.counts;
  // The exact numbers are asked of the server when the button is pressed, never taken from the page.
  const [preview, setPreview] = useState<BulkNotificationPreview | null>(null);
  const check = useMutation({
    mutationFn: () => api<BulkNotificationPreview>("/api/simulation/admin/bulk-notifications/preview"),
    onSuccess: setPreview,
    onError: () => toast({ title: "Error", description: "Failed to send bulk notifications", variant: "destructive" }),
  });
  const busy = bulk.isPending || check.isPending;

  return (
    <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="bulk-heading">
      <h3 id="bulk-heading" className="text-base font-semibold text-slate-900">
        Bulk Notifications
      </h3>
      <p className="text-sm text-slate-600">
        Sends the "report ready" e-mail to every candidate who has not been told about their report yet. New reports from the chatbot's webhook are e-mailed as
        they arrive.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the focus, and the confirmation's Cancel had nothing to return it to. */}
        <Button
          onClick={() => !busy && check.mutate()}
          aria-disabled={busy}
          className="aria-disabled:cursor-not-allowed aria-disabled:bg-brand-600/60"
        >
          {bulk.isPending ? "Sending..." : "Send Bulk Notifications"}
        </Button>
        <ConfirmDialog
          open={preview !== null}
          onOpenChange={(open) => !open && setPreview(null)}
          title="Send Bulk Notifications?"
          description={preview ? confirmation(preview) : ""}
          confirmLabel={preview && preview.emails > 0 ? `Send ${preview.emails} ${preview.emails === 1 ? "email" : "emails"}` : "Send"}
          disabled={!preview || preview.emails === 0}
          onConfirm={() => {
            setPreview(null);
            bulk.mutate();
          }}
        />
        {bulk.isPending && (
          <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
            <progress className="h-2 w-40" aria-label="Queuing e-mails" /> Queuing e-mails…
          </div>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite">
        {(
          [
            ["Not yet told", counts?.untold],
            ["Queued", counts?.queued],
            ["Sent", counts?.sent],
            ["Failed", counts?.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      {status.isError && <p className="text-sm text-red-700">Failed to fetch the e-mail status</p>}
      {status.data && status.data.recent.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Latest "report ready" e-mails and their delivery state</caption>
            <thead className="text-slate-700">
              <tr>
                <th className="py-2 pr-3">Candidate</th>
                <th className="py-2 pr-3">Simulation</th>
                <th className="py-2 pr-3">Queued</th>
                <th className="py-2">State</th>
              </tr>
            </thead>
            <tbody>
              {status.data.recent.map((row, index) => (
                <tr key={`${row.email}-${row.at}-${index}`} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900">{row.name}</span>
                    <br />
                    <span className="break-all text-slate-600">{row.email}</span>
                  </td>
                  <td className="py-2 pr-3">{row.simulationType}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.at)}</td>
                  <td className="py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[row.state]}`}>{row.state}</span>
                    {row.error && <p className="mt-1 text-xs text-red-700">{row.error}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
