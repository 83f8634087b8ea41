import { AMOUNT_LABELS, amountMessages, amountProblem, isRealDate } from "~/shared/crm/lead-rules";
import { LEAD_PRIORITIES, LEAD_STAGES, normaliseStatus, stageOfStatus } from "~/shared/crm/pipeline";
import { emailSchema } from "~/shared/schemas/common";
import { isHttpUrl } from "~/shared/schemas/links";
import { FORBIDDEN_TEXT_MESSAGE, isStorableText } from "~/shared/text-input";
import { LEAD_CSV, LEAD_CSV_COLUMNS, type LeadCsvColumn, type LeadRecord, type SheetField } from "./csv-columns";
import { normaliseMobile } from "./service";

/** One sheet row, read and checked: values ready for the lead table, or what is wrong, by column. */
export interface ImportedLead {
  email: string | null;
  mobile: string | null;
  createdAt: Date | null;
  /** Typed by the table definition: a renamed column fails typecheck here. */
  fields: { [K in SheetField]?: NonNullable<LeadRecord[K]> };
}

export type CellErrors = { field: LeadCsvColumn; message: string }[];

const DATE_DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DD/MM/YYYY (the sheet) or YYYY-MM-DD → YYYY-MM-DD, or null when it is not a real date. */
export function parseSheetDate(value: string): string | null {
  const dmy = DATE_DMY.exec(value);
  const iso = dmy ? null : DATE_ISO.exec(value);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isRealDate(day) ? day : null;
}

/** "4:30 PM", "09:40", "16:05" → "HH:MM", or null. */
export function parseSheetTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const period = match[3]?.toUpperCase();
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === "PM" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * "₹ 14,999", "14999", "1,49,990.00" → whole rupees, or what is wrong with it (the API's message for
 * the same amount, lead-rules.ts).
 */
export function parseRupees(value: string, label: string): number | { problem: string } {
  const cleaned = value.replace(/[₹,\s]|Rs\.?|INR/gi, "");
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return { problem: amountMessages(label).whole };
  const amount = Number(cleaned);
  const problem = amountProblem(label, amount);
  return problem ? { problem } : amount;
}

/** The sheet often has "pay.example/x" without a scheme: https is assumed, then the one link rule applies. */
const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
const isWebAddress = isHttpUrl;

/** Text columns read as typed, up to the edit form's limits; each sets the lead column LEAD_CSV names. */
const TEXT_LIMITS: [LeadCsvColumn & ("Full Name" | "Current Profile" | "Motivation" | "Action Items" | "Txn Reference" | "Txn Reference1" | "Batch Name"), number][] = [
  ["Full Name", 200],
  ["Current Profile", 200],
  ["Motivation", 5000],
  ["Action Items", 2000],
  ["Txn Reference", 200],
  ["Txn Reference1", 200],
  ["Batch Name", 100],
];

/** A sheet's header row: each column's name, and where each of the export's columns is. */
export interface SheetHeader {
  names: string[];
  at: Partial<Record<LeadCsvColumn, number>>;
}

/** Reads the header row; null when the sheet lacks the columns every row is matched on. */
export function readSheetHeader(cells: string[]): SheetHeader | null {
  const names = cells.map((cell) => cell.trim());
  const at: SheetHeader["at"] = {};
  // A column named twice: the last one counts (as a spreadsheet's lookup by header would).
  names.forEach((name, index) => {
    if ((LEAD_CSV_COLUMNS as readonly string[]).includes(name)) at[name as LeadCsvColumn] = index;
  });
  return at["Email IDs"] === undefined || at.Mobile === undefined ? null : { names, at };
}

/**
 * Reads one row of the export's columns the way the sales sheet was kept: amounts with rupee signs
 * and Indian commas, DD/MM/YYYY dates, 12- or 24-hour times, legacy statuses (LTB). Blank cells
 * mean "no change". Owners are matched by name or e-mail among those who may own leads. The row
 * stays the parser's array of cells (a million rows are read without an object per row).
 */
export function readLeadRow(cells: string[], header: SheetHeader, owners: Map<string, string>): { lead: ImportedLead; errors: CellErrors } {
  const errors: CellErrors = [];
  const fail = (field: LeadCsvColumn, message: string) => void errors.push({ field, message });
  const cell = (column: LeadCsvColumn) => {
    const index = header.at[column];
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  const fields: ImportedLead["fields"] = {};
  // One test for the whole row (a newline between cells keeps a surrogate from pairing across two);
  // the cells are looked at one by one only to name the bad ones.
  const unstorable = isStorableText(cells.join("\n"))
    ? []
    : cells.flatMap((value, index) => (isStorableText(value) ? [] : [(header.names[index] ?? `Column ${index + 1}`) as LeadCsvColumn]));
  if (unstorable.length) return { lead: { email: null, mobile: null, createdAt: null, fields }, errors: unstorable.map((field) => ({ field, message: FORBIDDEN_TEXT_MESSAGE })) };

  let email: string | null = null;
  if (cell("Email IDs")) {
    const parsed = emailSchema.safeParse(cell("Email IDs"));
    if (parsed.success) email = parsed.data;
    else fail("Email IDs", "Not a valid email address");
  }
  const mobile = cell("Mobile") ? normaliseMobile(cell("Mobile")) : null;
  if (cell("Mobile") && !mobile) fail("Mobile", "Not a valid mobile number");
  if (!cell("Email IDs") && !cell("Mobile")) fail("Email IDs", "Each row needs an email or a mobile");

  let createdAt: Date | null = null;
  if (cell("Created Date")) {
    const day = parseSheetDate(cell("Created Date"));
    const time = cell("Created Time") ? parseSheetTime(cell("Created Time")) : "00:00";
    if (!day) fail("Created Date", "Use a date as DD/MM/YYYY");
    else if (!time) fail("Created Time", "Use a time as 10:15 AM or 10:15");
    else createdAt = new Date(`${day}T${time}:00+05:30`);
  }

  for (const [column, max] of TEXT_LIMITS) {
    const value = cell(column);
    if (value.length > max) fail(column, `At most ${max} characters`);
    else if (value) fields[LEAD_CSV[column]] = value;
  }
  if (cell("Resume")) {
    const url = withScheme(cell("Resume"));
    if (isWebAddress(url)) fields.resumeUrl = url;
    else fail("Resume", "Not a web address");
  }
  if (cell("LinkedIn")) fields.linkedIn = withScheme(cell("LinkedIn")).slice(0, 300);
  if (cell("Payment Page")) {
    const url = withScheme(cell("Payment Page"));
    if (isWebAddress(url)) fields.paymentPageUrl = url;
    else fail("Payment Page", "Not a web address");
  }
  const brochure = cell("Download Brochure?").toLowerCase();
  if (["yes", "y", "true"].includes(brochure)) fields.hasBrochureDownload = true;
  else if (["no", "n", "false"].includes(brochure)) fields.hasBrochureDownload = false;
  else if (brochure) fail("Download Brochure?", "Use Yes or No");

  if (cell("Lead Owner")) {
    const owner = owners.get(cell("Lead Owner").toLowerCase());
    if (owner) fields.leadOwner = owner;
    else fail("Lead Owner", "Not a staff member who can own leads (name or email)");
  }
  if (cell("Priority")) {
    const priority = LEAD_PRIORITIES.find((p) => p.toLowerCase() === cell("Priority").toLowerCase());
    if (priority) fields.priority = priority;
    else fail("Priority", `Use one of: ${LEAD_PRIORITIES.join(", ")}`);
  }
  if (cell("Lead Stage")) {
    const stage = LEAD_STAGES.find((s) => s.toLowerCase() === cell("Lead Stage").toLowerCase());
    if (stage) fields.leadStage = stage;
    else fail("Lead Stage", `Use one of: ${LEAD_STAGES.join(", ")}`);
  }
  // The pipeline rules (status of the stage, a batch for Closed Won, collected ≤ sale) are checked by
  // the import against the stored lead, with the rest of the rule book (lead-rules.ts).
  if (cell("Lead Status")) {
    const status = normaliseStatus(cell("Lead Status"));
    if (!status) fail("Lead Status", "Not a lead status");
    else {
      fields.leadStatus = status;
      fields.leadStage ??= stageOfStatus(status)!;
    }
  }
  if (cell("Latest Call Date")) {
    const day = parseSheetDate(cell("Latest Call Date"));
    if (day) fields.latestCallDate = day;
    else fail("Latest Call Date", "Use a date as DD/MM/YYYY");
  }
  if (cell("Latest Call Time")) {
    const time = parseSheetTime(cell("Latest Call Time"));
    if (time) fields.latestCallTime = time;
    else fail("Latest Call Time", "Use a time as 4:30 PM or 16:30");
  }
  for (const column of ["Sale Amount", "Collected Amnt."] as const) {
    if (!cell(column)) continue;
    const key = LEAD_CSV[column];
    const amount = parseRupees(cell(column), AMOUNT_LABELS[key]);
    if (typeof amount === "number") fields[key] = amount;
    else fail(column, amount.problem);
  }
  return { lead: { email, mobile, createdAt, fields }, errors };
}
