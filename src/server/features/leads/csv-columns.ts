/** The CRM export's columns, in the spec's order (internal-side.md §3 "CSV exports"); import reads the same. */
export const LEAD_CSV_COLUMNS = [
  "Created Date", "Created Time", "Email IDs", "Full Name", "Mobile", "Current Profile", "Motivation", "Resume",
  "Download Brochure?", "LinkedIn", "Lead Owner", "Priority", "Lead Stage", "Lead Status", "Latest Call Date",
  "Latest Call Time", "Payment Page", "Action Items", "Sale Amount", "Collected Amnt.", "Txn Reference",
  "Pending Amount", "Txn Reference1", "Batch Name",
] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];
