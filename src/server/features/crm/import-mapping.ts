import { createHash } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { headerKey, IMPORT_FIELDS, normaliseHeader, REQUIRED_IMPORT_FIELDS, suggestMapping, type ImportField, type ImportMapping } from "~/shared/crm/import-fields";
import type { Db } from "../../db/client";
import { leadImportMapping } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { LEAD_CSV_COLUMNS } from "./csv-columns";

/**
 * Column mapping of a mapped import (issue 23 §5): the check of a mapping a person sent, the saved
 * mappings (own or the team's, keyed by the file's header set), and the rows of any sheet turned into
 * rows of the export's columns, so the one reading and rule book of the CSV import (csv-row.ts,
 * import.ts) read them unchanged.
 */

/** The saved mapping's key: the header set, hashed (a sheet of 200 long headers is still one short key). */
const keyOf = (columns: readonly string[]) => createHash("sha256").update(headerKey(columns)).digest("hex");

/**
 * The mapping as sent, checked against the file's columns: every key a lead field, every value a
 * column of the file or null, the required fields mapped. A 400 names the field (`mapping.Mobile`).
 */
export function checkMapping(sent: unknown, columns: readonly string[]): ImportMapping {
  if (!sent || typeof sent !== "object" || Array.isArray(sent)) throw new AppError("invalid", "Send the mapping: each lead field with a column number or null", { mapping: "Send the mapping: each lead field with a column number or null" });
  const fields: Record<string, string> = Object.create(null);
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  for (const [key, value] of Object.entries(sent as Record<string, unknown>)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(key)) {
      fields[`mapping.${key}`] = `${key} is not a lead field an import can set`;
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value >= columns.length) {
      fields[`mapping.${key}`] = `Choose one of the file's ${columns.length} columns (0 to ${columns.length - 1}) or none`;
      continue;
    }
    mapping[key as ImportField] = value;
  }
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (mapping[field] === null && !fields[`mapping.${field}`]) fields[`mapping.${field}`] = `Choose the column that holds ${field}: it is required`;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError("invalid", first, fields);
  return mapping;
}

/** A saved mapping holds header names (the columns' order may differ next time); back to this file's columns. */
function resolve(saved: Record<string, string | null>, columns: readonly string[]): ImportMapping | null {
  const names = columns.map(normaliseHeader);
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const name = saved[field];
    if (!name) continue;
    const index = names.indexOf(name);
    if (index === -1) return null;
    mapping[field] = index;
  }
  return mapping;
}

/** The mapping to start from: the person's saved one for this header set, else the team's, else the suggestion. */
export async function startingMapping(db: Db, staffId: string, columns: readonly string[]): Promise<{ mapping: ImportMapping; from: "mine" | "team" | "suggested" }> {
  const rows = await db
    .select({ staffId: leadImportMapping.staffId, mapping: leadImportMapping.mapping })
    .from(leadImportMapping)
    .where(and(eq(leadImportMapping.headerKey, keyOf(columns)), or(eq(leadImportMapping.staffId, staffId), isNull(leadImportMapping.staffId))));
  for (const from of ["mine", "team"] as const) {
    const row = rows.find((r) => (from === "mine" ? r.staffId === staffId : r.staffId === null));
    const mapping = row && resolve(row.mapping, columns);
    if (mapping) return { mapping, from };
  }
  return { mapping: suggestMapping(columns), from: "suggested" };
}

/** Saves the mapping for this header set: the person's own, or the team's (one statement, the newer wins). */
export async function saveMapping(db: Db, staffId: string, columns: readonly string[], mapping: ImportMapping, scope: "mine" | "team"): Promise<void> {
  const names = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, mapping[field] === null ? null : normaliseHeader(columns[mapping[field]!] ?? "")]));
  await db
    .insert(leadImportMapping)
    .values({ headerKey: keyOf(columns), staffId: scope === "mine" ? staffId : null, mapping: names, savedBy: staffId })
    .onConflictDoUpdate({ target: [leadImportMapping.headerKey, leadImportMapping.staffId], set: { mapping: names, savedBy: staffId, updatedAt: sql`now()` } });
}

/**
 * The sheet's rows as rows of the export's columns (header first): what the CSV import reads. A
 * field mapped to nothing is a blank cell, which the import reads as "leave as it is".
 */
export async function* mappedRecords(records: AsyncIterable<string[][]>, mapping: ImportMapping): AsyncGenerator<string[][]> {
  const picks = LEAD_CSV_COLUMNS.map((column) => ((IMPORT_FIELDS as readonly string[]).includes(column) ? mapping[column as ImportField] : null));
  let header = true;
  for await (const chunk of records) {
    const rows = chunk.map((cells) => picks.map((index) => (index === null ? "" : (cells[index] ?? ""))));
    if (header && rows.length) {
      header = false;
      rows[0] = LEAD_CSV_COLUMNS;
    }
    yield rows;
  }
}
