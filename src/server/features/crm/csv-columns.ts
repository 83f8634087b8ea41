import { getTableColumns } from "drizzle-orm";
import { lead } from "../../db/tables/leads";

/** A stored lead as the table definition types it. */
export type LeadRecord = typeof lead.$inferSelect;
/** The name of a lead table column in the table definition (its key, not its SQL name). */
export type LeadField = keyof LeadRecord;

/**
 * The CRM export's columns in the spec's order (internal-side.md §3 "CSV exports"), each with the lead
 * column it shows, named by the table definition: renaming or dropping a column fails typecheck
 * here, and the export's SQL and the import's reading follow from this one list.
 */
export const LEAD_CSV = {
  "Created Date": "createdAt",
  "Created Time": "createdAt",
  "Email IDs": "email",
  "Full Name": "fullName",
  Mobile: "mobile",
  "Current Profile": "currentProfile",
  Motivation: "motivation",
  Resume: "resumeUrl",
  "Download Brochure?": "hasBrochureDownload",
  LinkedIn: "linkedIn",
  "Lead Owner": "leadOwner",
  Priority: "priority",
  "Lead Stage": "leadStage",
  "Lead Status": "leadStatus",
  "Latest Call Date": "latestCallDate",
  "Latest Call Time": "latestCallTime",
  "Payment Page": "paymentPageUrl",
  "Action Items": "actionItems",
  "Sale Amount": "saleAmount",
  "Collected Amnt.": "collectedAmount",
  "Txn Reference": "txnReference",
  "Pending Amount": "pendingAmount",
  "Txn Reference1": "txnReference1",
  "Batch Name": "batchName",
} as const satisfies Record<string, LeadField>;

export type LeadCsvColumn = keyof typeof LEAD_CSV;
/** The headers in order (string keys keep their written order). Import reads the same ones. */
export const LEAD_CSV_COLUMNS = Object.keys(LEAD_CSV) as LeadCsvColumn[];

/** The column a lead field is imported from and exported to (the first, for createdAt's two). */
export const csvColumnOf = (field: LeadField): LeadCsvColumn | undefined => LEAD_CSV_COLUMNS.find((column) => LEAD_CSV[column] === field);

const COLUMNS = getTableColumns(lead);

/** A lead column's stored SQL name and type, from the table definition. */
export const leadColumn = (field: LeadField) => ({ name: COLUMNS[field].name, type: COLUMNS[field].getSQLType() });

/** The lead columns a sheet row's cells set, beside the e-mail, mobile and created time it is matched and dated by. */
export type SheetField = Exclude<(typeof LEAD_CSV)[LeadCsvColumn], "createdAt" | "email" | "mobile" | "pendingAmount">;

/**
 * The columns the import writes as read, with their SQL names and types (for its JSON record set):
 * the sheet's fields but the brochure flag, which only ever turns on.
 */
type WrittenAsRead = Exclude<SheetField, "hasBrochureDownload">;
const READ_APART: readonly LeadField[] = ["createdAt", "email", "mobile", "pendingAmount", "hasBrochureDownload"];
export const IMPORTED_FIELDS = [...new Set(Object.values(LEAD_CSV))].filter((field): field is WrittenAsRead => !READ_APART.includes(field));
export const IMPORTED_COLUMNS = IMPORTED_FIELDS.map((field) => [field, leadColumn(field).name, leadColumn(field).type] as const);
