import { and, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { todayInKolkata } from "~/shared/format-date";
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

/** Name, e-mail or (for a phone-shaped entry) mobile contains the entry; served by the trigram indexes. */
export function searchMatchSql(q: string): SQL {
  const { digits } = searchShape(q);
  return or(
    ilike(lead.fullName, like(q)),
    ilike(lead.email, like(q)),
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
  return and(...parts);
}

/** True when the filter narrows the list (the empty state then suggests adjusting it). */
export const isFiltered = (filter: LeadFilter) =>
  !!(filter.q?.trim() || filter.stage.length || filter.status.length || filter.owner || filter.followUp);
