import { and, desc, eq, sql } from "drizzle-orm";
import { kolkataDateAndTime } from "~/shared/format-date";
import type { ActivityEntry, Lead } from "~/shared/schemas/crm";
import type { LogCall } from "~/shared/schemas/crm-work";
import type { Db } from "../../db/client";
import { lead, leadCall, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { readLead } from "./queries";
import { owner, toLead, type LeadRow } from "./record";
import { leadsChanged } from "./summary-cache";
import { STALE_LEAD, staleLead, updatedLeadColumns } from "./update";

/**
 * Logs a call (issue 23 §1): the lead's latest call becomes now (date and time in Asia/Kolkata, the
 * list's Last Call), its follow-up the one chosen (when sent), and the call with its outcome and note
 * goes to the activity. One statement updates the lead only if its version is still the one read and
 * inserts the call from the updated row, so a call is never logged against a lead that moved on:
 * with `expectedVersion` that is a 409 as for an inline edit; without, the latest version is used.
 */
export async function logCall(db: Db, leadId: string, input: LogCall, staffId: string, expectedVersion?: number, now = new Date()): Promise<Lead> {
  const { version: bodyVersion, outcome, note, followUpDate } = input;
  const wanted = expectedVersion ?? bodyVersion;
  const { date, time } = kolkataDateAndTime(now);
  for (let attempt = 0; ; attempt++) {
    const current = await readLead(db, leadId);
    if (!current) throw new AppError("not_found", "Lead not found");
    if (wanted !== undefined && wanted !== current.version) throw await staleLead(db, leadId, current);
    const updated = db.$with("updated").as(
      db
        .update(lead)
        .set({
          latestCallDate: date,
          latestCallTime: time,
          ...(followUpDate !== undefined ? { followUpDate } : {}),
          version: sql`${lead.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(lead.id, leadId), eq(lead.version, current.version)))
        .returning(),
    );
    const logged = db.$with("logged", {}).as(
      sql`insert into ${leadCall} (lead_id, staff_id, outcome, note, follow_up_date, at)
        select updated.id, ${staffId}::uuid, ${outcome}, ${note ?? null}, updated.follow_up_date, ${now.toISOString()}::timestamptz from updated`,
    );
    const [row] = await db.with(updated, logged).select(updatedLeadColumns(updated)).from(updated).leftJoin(owner, eq(owner.id, updated.leadOwner));
    if (row) {
      leadsChanged();
      return toLead(row as unknown as LeadRow);
    }
    if (wanted !== undefined) throw await staleLead(db, leadId);
    if (attempt >= 2) throw new AppError("conflict", STALE_LEAD, { version: STALE_LEAD });
  }
}

/** The lead's logged calls as activity entries, newest first (the activity timeline merges them in). */
export async function callActivity(db: Db, leadId: string, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .select({ call: leadCall, by: staff.name })
    .from(leadCall)
    .leftJoin(staff, eq(staff.id, leadCall.staffId))
    .where(eq(leadCall.leadId, leadId))
    .orderBy(desc(leadCall.at))
    .limit(limit);
  return rows.map(({ call, by }) => ({ kind: "call" as const, outcome: call.outcome, note: call.note, followUpDate: call.followUpDate, by, at: call.at.toISOString() }));
}
