import { and, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { todayInKolkata } from "~/shared/format-date";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import { lead } from "../../db/schema";

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&")}%`;

/**
 * The WHERE clause of the spec's filter bar, shared by the list, analytics and the export. Each
 * part is a plain predicate the indexes of 0005_crm.sql serve: trigram GIN for `ilike '%…%'`,
 * btree for stage/status/owner (see docs/decisions/crm-at-a-million-leads.md).
 */
export function leadFilterSql(filter: LeadFilter, view?: CrmView): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (view) parts.push(eq(lead.isPaid, view === "paid"));
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, "");
    parts.push(
      or(
        ilike(lead.fullName, like(q)),
        ilike(lead.email, like(q)),
        // Mobiles are stored as digits, so "98450 12345" and "+91-98450" find the same lead.
        digits.length >= 3 ? sql`${lead.mobile} like ${like(digits)}` : undefined,
      ),
    );
  }
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
