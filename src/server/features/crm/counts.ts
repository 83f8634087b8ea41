import { and, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { todayInKolkata } from "~/shared/format-date";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { leadFollowUpTally, leadTally } from "../../db/schema";
import type { LeadSummary } from "./summary-cache";
import { scoredSummary } from "./score-list";

/**
 * The exact count and pending total of a tab, stage, status, owner and follow-up filter (no free
 * text), read from the tallies the triggers of migration 0017 keep: one small aggregate over a few
 * hundred rows however many leads there are, exact right after an import (no ANALYZE involved).
 * Follow-ups due add up the days up to today in Asia/Kolkata.
 */
export async function talliedSummary(db: Db, filter: LeadFilter, view?: CrmView): Promise<LeadSummary> {
  // Scores are not tallied: a minimum score is counted (score-list.ts).
  if (filter.scoreMin) return scoredSummary(db, filter, view);
  const { table, where } = tallyWhere(filter, view);
  const [row] = await db
    .select({ leads: sql<string>`coalesce(sum(${table.leads}), 0)`, pending: sql<string>`coalesce(sum(${table.pending}), 0)` })
    .from(table)
    .where(where);
  return { total: Number(row!.leads), totalIsEstimate: false, pendingTotal: Number(row!.pending) };
}

/** The tally a filter is counted from (per follow-up day for "Follow-ups due") and its condition. */
export function tallyWhere(filter: LeadFilter, view?: CrmView) {
  const table = filter.followUp === "due" ? leadFollowUpTally : leadTally;
  const parts: (SQL | undefined)[] = [];
  if (view) parts.push(eq(table.isPaid, view === "paid"));
  if (filter.stage.length) parts.push(inArray(table.leadStage, filter.stage));
  if (filter.status.length) parts.push(inArray(table.leadStatus, filter.status));
  if (filter.owner === "unassigned") parts.push(isNull(table.leadOwner));
  else if (filter.owner) parts.push(eq(table.leadOwner, filter.owner));
  if (filter.followUp === "due") parts.push(lte(leadFollowUpTally.followUpDate, todayInKolkata()));
  return { table, where: and(...parts) };
}
