/**
 * The lead fields a spreadsheet's columns can be mapped to (issue 23 §5), named as the CRM's export
 * names its columns (internal-side.md §3, server features/crm/csv-columns.ts) so that a file exported
 * by Export CSV maps itself. Pending Amount is worked out from the sale and collected amounts, so it
 * is never read. One list for the dialog, the API's check of a mapping and the import.
 */
export const IMPORT_FIELDS = [
  "Email IDs",
  "Mobile",
  "Full Name",
  "Created Date",
  "Created Time",
  "Current Profile",
  "Motivation",
  "Resume",
  "Download Brochure?",
  "LinkedIn",
  "Lead Owner",
  "Priority",
  "Lead Stage",
  "Lead Status",
  "Latest Call Date",
  "Latest Call Time",
  "Payment Page",
  "Action Items",
  "Sale Amount",
  "Collected Amnt.",
  "Txn Reference",
  "Txn Reference1",
  "Batch Name",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Rows are matched to leads by e-mail, then mobile, and a new lead needs an e-mail: the e-mail column is required. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ["Email IDs"];

/** Each lead field ← the index of the file's column it is read from, or null (not imported). */
export type ImportMapping = Record<ImportField, number | null>;

/** What a person reads beside each field in the mapping step. */
export const IMPORT_FIELD_HINTS: Partial<Record<ImportField, string>> = {
  "Email IDs": "Rows are matched to leads by email, then mobile",
  "Created Date": "DD/MM/YYYY",
  "Created Time": "10:15 AM or 10:15",
  "Lead Owner": "A staff member's name or email",
  "Download Brochure?": "Yes or No",
  "Sale Amount": "Rupees; ₹ and commas are fine",
  "Collected Amnt.": "Rupees; ₹ and commas are fine",
};

/** "Mobile No.", " E-mail ID " → "mobile no", "e mail id": case, punctuation and spacing do not count. */
export const normaliseHeader = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Other names spreadsheets give each field (normalised as above), most common first. */
const SYNONYMS: Record<ImportField, string[]> = {
  "Email IDs": ["email id", "email ids", "email", "emails", "e mail", "e mail id", "email address", "mail id", "mail", "contact email"],
  Mobile: ["mobile", "mobile no", "mobile number", "phone", "phone no", "phone number", "contact number", "contact no", "whatsapp", "whatsapp number", "cell", "mob", "telephone"],
  "Full Name": ["full name", "name", "candidate name", "lead name", "student name", "contact name", "customer name"],
  "Created Date": ["created date", "created on", "date", "date added", "lead date", "created"],
  "Created Time": ["created time", "time", "time added"],
  "Current Profile": ["current profile", "profile", "current role", "designation", "occupation", "role"],
  Motivation: ["motivation", "notes", "note", "comments", "remarks", "why"],
  Resume: ["resume", "cv", "resume link", "resume url", "cv link"],
  "Download Brochure?": ["download brochure", "brochure", "brochure downloaded"],
  LinkedIn: ["linkedin", "linkedin url", "linkedin profile", "linked in"],
  "Lead Owner": ["lead owner", "owner", "assigned to", "sales owner", "counsellor", "counselor"],
  Priority: ["priority"],
  "Lead Stage": ["lead stage", "stage", "pipeline stage"],
  "Lead Status": ["lead status", "status"],
  "Latest Call Date": ["latest call date", "last call date", "call date", "last called"],
  "Latest Call Time": ["latest call time", "last call time", "call time"],
  "Payment Page": ["payment page", "payment link", "payment url"],
  "Action Items": ["action items", "next steps", "next step", "to do", "todo", "follow up notes"],
  "Sale Amount": ["sale amount", "sale", "deal value", "fee", "amount", "price"],
  "Collected Amnt.": ["collected amnt", "collected amount", "collected", "amount paid", "paid", "paid amount"],
  "Txn Reference": ["txn reference", "transaction id", "transaction reference", "txn id", "payment reference", "payment id"],
  "Txn Reference1": ["txn reference1", "txn reference 1", "transaction id 2", "txn reference 2"],
  "Batch Name": ["batch name", "batch", "batch id", "cohort"],
};

/** Words that, inside a longer header, point to a field ("Primary Email" → Email IDs). */
const KEYWORDS: [ImportField, RegExp][] = [
  ["Email IDs", /\be ?mail\b/],
  ["Mobile", /\b(mobile|phone|whatsapp|contact no)\b/],
  ["Full Name", /\bname\b/],
  ["LinkedIn", /\blinked ?in\b/],
  ["Lead Owner", /\bowner\b/],
];

/**
 * The suggested mapping of a header row: each field to the column whose header is the field's name
 * or one of its other names, else one whose header holds a telling word; each column read once, the
 * leftmost when two match.
 */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const names = columns.map(normaliseHeader);
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  const taken = new Set<number>();
  const assign = (field: ImportField, index: number) => {
    if (mapping[field] !== null || index < 0 || taken.has(index)) return;
    mapping[field] = index;
    taken.add(index);
  };
  // The field's own name first (an exported file), then other names in order of how telling they are.
  for (const field of IMPORT_FIELDS) assign(field, names.indexOf(normaliseHeader(field)));
  const longest = Math.max(...Object.values(SYNONYMS).map((list) => list.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const field of IMPORT_FIELDS) {
      const synonym = SYNONYMS[field][rank];
      if (synonym) assign(field, names.findIndex((name, index) => name === synonym && !taken.has(index)));
    }
  }
  for (const [field, pattern] of KEYWORDS) assign(field, names.findIndex((name, index) => pattern.test(name) && !taken.has(index)));
  return mapping;
}

/** The key a saved mapping is found by: the file's headers as a set (order, case and punctuation aside). */
export const headerKey = (columns: readonly string[]) => [...new Set(columns.map(normaliseHeader).filter(Boolean))].sort().join("|");
