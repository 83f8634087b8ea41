import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { sourceLabel, statusLabel } from "~/shared/crm/pipeline";
import type { Lead, LeadOwner } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { ActivityTimeline } from "./activity-timeline";
import { LeadTasks } from "./lead-tasks";
import { LogCallButton } from "./log-call-dialog";
import { LeadScore } from "./lead-score";
import { addedAt, day, displayName, formatMobile, linkedInHref, rupeesOrNotSet } from "./format";
import { useLeadDetail } from "./use-leads";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3 sm:p-4">
      <h3 className="font-semibold text-brand-900">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Label beside value from 640 px; on a phone the label sits above, leaving the value the width.
    <div className="grid gap-x-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

const TILES = [
  ["application", "Application", "hasApplication"],
  ["brochure_download", "Brochure Download", "downloadBrochure"],
  ["simulation_attempt", "Simulation", "hasSimulation"],
] as const;

/** The detail view (spec §2.4) plus the activity timeline. */
export function LeadDetailDialog({ lead, owners, onClose, onEdit, onLogCall }: { lead: Lead | null; owners: LeadOwner[]; onClose: () => void; onEdit: (lead: Lead) => void; onLogCall?: (lead: Lead) => void }) {
  const detail = useLeadDetail(lead?.id ?? null);
  const ownerNames = new Map(owners.map((o) => [o.id, o.name]));
  const current = detail.data ?? lead;
  return (
    <Modal open={!!lead} onOpenChange={(open) => !open && onClose()} title={current ? displayName(current) : "Lead"} width="max-w-3xl">
      {current && (
        // wrap-anywhere (inherited, timeline included): a long e-mail, link or word breaks where it
        // must instead of widening the dialog past a phone's screen.
        <div className="grid min-w-0 gap-4 wrap-anywhere">
          <Section title="Contact Information">
            <dl className="grid gap-1">
              <Row label="Email">{current.email}</Row>
              <Row label="Mobile">{current.mobile ? formatMobile(current.mobile) : "Not available"}</Row>
              {current.linkedIn && (
                <Row label="LinkedIn">
                  <a className="text-brand-700 underline" href={linkedInHref(current.linkedIn)} target="_blank" rel="noreferrer">
                    {current.linkedIn}
                  </a>
                </Row>
              )}
              {current.currentProfile && <Row label="Current profile">{current.currentProfile}</Row>}
              <Row label="Added">{addedAt(current.createdAt)}</Row>
            </dl>
          </Section>
          <Section title="Lead Status">
            <dl className="grid gap-1">
              <Row label="Stage">{current.leadStage}</Row>
              <Row label="Status">{statusLabel(current.leadStatus)}</Row>
              <Row label="Priority">{current.priority}</Row>
              <Row label="Owner">{current.leadOwnerName ?? "Unassigned"}</Row>
              <Row label="Source">{sourceLabel(current.sourceType)}</Row>
              {current.visitSource && <Row label="First visit from">{current.visitSource}</Row>}
              {current.batchName && <Row label="Batch ID">{current.batchName}</Row>}
            </dl>
          </Section>
          <Section title="Call History">
            {current.latestCallDate || current.callDate ? (
              <dl className="grid gap-1">
                {current.latestCallDate && (
                  <Row label="Latest call">
                    {day(current.latestCallDate)}
                    {current.latestCallTime ? `, ${current.latestCallTime}` : ""}
                  </Row>
                )}
                {current.callDate && <Row label="Call date">{day(current.callDate)}</Row>}
              </dl>
            ) : (
              <p className="text-sm text-slate-600">No calls recorded yet</p>
            )}
            {current.followUpDate && <p className="text-sm text-slate-900">Follow-up: {day(current.followUpDate)}</p>}
            {current.actionItems && <p className="text-sm text-slate-900">Action items: {current.actionItems}</p>}
            {onLogCall && (
              <div>
                <LogCallButton lead={current} onLogCall={onLogCall} />
              </div>
            )}
          </Section>
          <Section title="Tasks">
            <LeadTasks lead={current} owners={owners} />
          </Section>
          <Section title="Payment Information">
            <dl className="grid gap-1">
              <Row label="Sale amount">{rupeesOrNotSet(current.saleAmount)}</Row>
              <Row label="Collected amount">{rupeesOrNotSet(current.collectedAmount)}</Row>
              <Row label="Pending amount">{rupeesOrNotSet(current.pendingAmount)}</Row>
              <Row label="Transaction ref.">{current.txnReference ?? "Not available"}</Row>
              {current.txnReference1 && <Row label="Transaction ref. 1">{current.txnReference1}</Row>}
              <Row label="Payment page">
                {current.paymentPageUrl ? (
                  <a className="text-brand-700 underline" href={current.paymentPageUrl} target="_blank" rel="noreferrer">
                    Open payment page
                  </a>
                ) : (
                  "Not set"
                )}
              </Row>
            </dl>
          </Section>
          <Section title="Lead Score">
            <LeadScore lead={current} />
            <p className="text-xs text-slate-600">From what the person did (simulation, application, brochure), how recently, and the sales work on the lead.</p>
          </Section>
          <Section title="Engagement History">
            <ul className="grid gap-2 sm:grid-cols-3">
              {TILES.map(([source, label, flag]) => {
                const done = current[flag] || current.sourceType === source;
                return (
                  <li key={source} className={`flex items-center gap-2 rounded-md border p-3 text-sm ${done ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-slate-200 text-slate-600"}`}>
                    {done && <Check className="size-4" aria-hidden />}
                    {label}
                    <span className="sr-only">{done ? "(yes)" : "(no)"}</span>
                  </li>
                );
              })}
            </ul>
          </Section>
          {(current.motivation || current.notes) && (
            <Section title="Motivation / Notes">
              {current.motivation && <p className="text-sm whitespace-pre-wrap text-slate-900">{current.motivation}</p>}
              {current.notes && <p className="text-sm whitespace-pre-wrap text-slate-900">{current.notes}</p>}
            </Section>
          )}
          <Section title="Activity">
            <ActivityTimeline activity={detail.data?.activity} owners={ownerNames} />
          </Section>
          {/* Held at the dialog's foot while the long detail scrolls, so Edit Lead is always in reach. */}
          <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => onEdit(current)}>Edit Lead</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
