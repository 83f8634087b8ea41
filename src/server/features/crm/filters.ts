import { and, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { todayInKolkata } from "~/shared/format-date";
import { keyForScore } from "~/shared/crm/lead-score";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import { lead } from "../../db/schema";

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&")}%`;

/**
 * What a search entry can match. A mobile only when the entry looks like a phone number (digits and
 * phone punctuation): "lead246801@" is an e-mail fragment, and once matched 14 mobiles holding 246801.
 */
export function searchShape(q: string) {
  const digits = q.replace(/\D/g, "");
  const phone = /^[\d\s()+.-]+$/.test(q) && digits.length >= 3;
  return { email: q.includes("@"), digits: phone ? digits : null };
}

/**
 * The part of a long entry the trigram indexes look up: its longest run of four to eight digits
 * ("123457" of "lead123457@yahoo.co.in"). Each of an entry's trigrams is a posting list the index
 * walks; twenty of them, most in every e-mail ("lea", "@ya", ".co"), took 120 ms at 1.5M leads,
 * while the digits alone leave a handful of leads, which are then checked against the whole entry.
 */
function lookupPart(q: string): string | null {
  if (q.length <= 8) return null;
  const longest = (q.match(/\d{4,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
  return longest ? longest.slice(0, 8) : null;
}

/** `column` contains `q`, any case; a long entry through its lookup part, then the whole entry (not an index condition). */
function contains(column: typeof lead.fullName | typeof lead.email, q: string): SQL {
  const part = lookupPart(q);
  return part ? sql`(${column} ilike ${like(part)} and (${column} || '') ilike ${like(q)})` : ilike(column, like(q));
}

/** Name, e-mail or (for a phone-shaped entry) mobile contains the entry; served by the trigram indexes. */
export function searchMatchSql(q: string): SQL {
  const { digits } = searchShape(q);
  return or(
    contains(lead.fullName, q),
    contains(lead.email, q),
    // Mobiles are stored as digits, so "98450 12345" and "+91-98450" find the same lead.
    digits ? sql`${lead.mobile} like ${like(digits)}` : undefined,
  )!;
}

/**
 * The leads the entry names outright: the whole e-mail (any case) or the whole mobile (with or
 * without +91). They come first in the list. Undefined when the entry is neither; btree lookups
 * (lead_email_key, lead_mobile_idx and migration 0016's indexes for leads stored unnormalised).
 */
export function exactMatchSql(q: string): SQL | undefined {
  const shape = searchShape(q);
  if (shape.email) {
    const email = q.toLowerCase();
    return sql`(${lead.email} = ${email} or (${lead.email} <> lower(trim(${lead.email})) and lower(trim(${lead.email})) = ${email}))`;
  }
  if (shape.digits && shape.digits.length >= 6) {
    const key = sql`lead_mobile_key(${shape.digits}::text)`;
    return sql`(${lead.mobile} = ${key} or (${lead.mobile} is distinct from lead_mobile_key(${lead.mobile}) and lead_mobile_key(${lead.mobile}) = ${key}))`;
  }
  return undefined;
}

/**
 * The WHERE clause of the spec's filter bar, shared by the list, analytics and the export. Each
 * part is a plain predicate the indexes of 0005_crm.sql serve: trigram GIN for `ilike '%…%'`,
 * btree for stage/status/owner (see docs/decisions/crm-at-a-million-leads.md).
 */
export function leadFilterSql(filter: LeadFilter, view?: CrmView): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (view) parts.push(eq(lead.isPaid, view === "paid"));
  const q = filter.q?.trim();
  if (q) parts.push(searchMatchSql(q));
  if (filter.stage.length) parts.push(inArray(lead.leadStage, filter.stage));
  if (filter.status.length) parts.push(inArray(lead.leadStatus, filter.status));
  if (filter.owner === "unassigned") parts.push(isNull(lead.leadOwner));
  else if (filter.owner) parts.push(eq(lead.leadOwner, filter.owner));
  if (filter.followUp === "due") parts.push(lte(lead.followUpDate, todayInKolkata()));
  // A range of the stored key, which orders as today's scores do (lead-score.ts).
  if (filter.scoreMin) parts.push(gte(lead.scoreKey, keyForScore(filter.scoreMin, new Date())));
  return and(...parts);
}

/**
 * The lead's stage among `stages`, hidden from its index (`|| ''`): with bitmap scans only, the planner
 * intersects a search's matches with the stage's index entries, which reads every lead of the stage
 * (190,544 entries for New at 1.5 million leads, 60 ms), where checking each match's stage costs only
 * the matches (the board's search, board-search.ts).
 */
export const stageUnindexedSql = (stages: readonly string[]) => sql`${lead.leadStage} || '' in (${sql.join(stages.map((s) => sql`${s}`), sql`, `)})`;

/** True when the filter narrows the list (the empty state then suggests adjusting it). */
export const isFiltered = (filter: LeadFilter) =>
  !!(filter.q?.trim() || filter.stage.length || filter.status.length || filter.owner || filter.followUp || filter.scoreMin);
