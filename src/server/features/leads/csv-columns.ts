import type { Lead } from "~/shared/schemas/crm";

/** The CRM export's columns, in the spec's order (internal-side.md §3 "CSV exports"); import reads the same. */
export const LEAD_CSV_COLUMNS = [
  "Created Date", "Created Time", "Email IDs", "Full Name", "Mobile", "Current Profile", "Motivation", "Resume",
  "Download Brochure?", "LinkedIn", "Lead Owner", "Priority", "Lead Stage", "Lead Status", "Latest Call Date",
  "Latest Call Time", "Payment Page", "Action Items", "Sale Amount", "Collected Amnt.", "Txn Reference",
  "Pending Amount", "Txn Reference1", "Batch Name",
] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];

const kolkata = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true,
});

/** "14/03/2025" and "10:15 AM" in Asia/Kolkata: the sheet's own style, which import reads back. */
export function kolkataDateAndTime(date: Date): [string, string] {
  const parts = Object.fromEntries(kolkata.formatToParts(date).map((p) => [p.type, p.value]));
  return [`${parts.day}/${parts.month}/${parts.year}`, `${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`];
}

const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

export function leadCsvRow(lead: Lead, baseUrl: string): unknown[] {
  const [date, time] = kolkataDateAndTime(new Date(lead.createdAt));
  const resume = lead.resumeUrl?.startsWith("/") ? `${baseUrl.replace(/\/$/, "")}${lead.resumeUrl}` : lead.resumeUrl;
  return [
    date, time, lead.email, lead.fullName, lead.mobile, lead.currentProfile, lead.motivation, resume,
    lead.downloadBrochure ? "Yes" : "No", lead.linkedIn, lead.leadOwnerName, lead.priority, lead.leadStage, lead.leadStatus,
    dmy(lead.latestCallDate), lead.latestCallTime, lead.paymentPageUrl, lead.actionItems, lead.saleAmount, lead.collectedAmount,
    lead.txnReference, lead.pendingAmount, lead.txnReference1, lead.batchName,
  ];
}
