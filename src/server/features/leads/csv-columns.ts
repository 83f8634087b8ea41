/** The CRM export's columns, in the spec's order (internal-side.md §3 "CSV exports"); import reads the same. */
export const LEAD_CSV_COLUMNS = [
  "Created Date", "Created Time", "Email IDs", "Full Name", "Mobile", "Current Profile", "Motivation", "Resume",
  "Download Brochure?", "LinkedIn", "Lead Owner", "Priority", "Lead Stage", "Lead Status", "Latest Call Date",
  "Latest Call Time", "Payment Page", "Action Items", "Sale Amount", "Collected Amnt.", "Txn Reference",
  "Pending Amount", "Txn Reference1", "Batch Name",
] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];

/** India has one time zone, UTC+05:30, and no daylight saving: a fixed offset is exact. */
const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * "14/03/2025" and "10:15 AM" in Asia/Kolkata: the sheet's own style, which import reads back (noon
 * is "12:05 PM", midnight "12:05 AM"). Plain arithmetic rather than Intl: the export formats a
 * million of these, and a test compares the two over every hour of a year.
 */
export function kolkataDateAndTime(date: Date): [string, string] {
  const local = new Date(date.getTime() + KOLKATA_OFFSET_MS);
  const hour = local.getUTCHours();
  return [
    `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`,
    `${hour % 12 || 12}:${two(local.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"}`,
  ];
}

const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

/** The fields a CSV row is made of: a stored lead row (export) or a lead as the API shows it. */
export interface LeadCsvSource {
  createdAt: Date;
  email: string;
  fullName: string;
  mobile: string | null;
  currentProfile: string | null;
  motivation: string | null;
  resumeUrl: string | null;
  downloadBrochure: boolean;
  linkedIn: string | null;
  leadOwnerName: string | null;
  priority: string;
  leadStage: string;
  leadStatus: string;
  latestCallDate: string | null;
  latestCallTime: string | null;
  paymentPageUrl: string | null;
  actionItems: string | null;
  saleAmount: number | null;
  collectedAmount: number | null;
  txnReference: string | null;
  pendingAmount: number | null;
  txnReference1: string | null;
  batchName: string | null;
}

export function leadCsvRow(lead: LeadCsvSource, baseUrl: string): unknown[] {
  const [date, time] = kolkataDateAndTime(lead.createdAt);
  const resume = lead.resumeUrl?.startsWith("/") ? `${baseUrl.replace(/\/$/, "")}${lead.resumeUrl}` : lead.resumeUrl;
  return [
    date, time, lead.email, lead.fullName, lead.mobile, lead.currentProfile, lead.motivation, resume,
    lead.downloadBrochure ? "Yes" : "No", lead.linkedIn, lead.leadOwnerName, lead.priority, lead.leadStage, lead.leadStatus,
    dmy(lead.latestCallDate), lead.latestCallTime, lead.paymentPageUrl, lead.actionItems, lead.saleAmount, lead.collectedAmount,
    lead.txnReference, lead.pendingAmount, lead.txnReference1, lead.batchName,
  ];
}
