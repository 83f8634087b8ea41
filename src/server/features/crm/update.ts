import { and, arrayOverlaps, eq, isNull, sql, type AnyColumn } from "drizzle-orm";
import { OWNER_RULE, pipelineRuleBreak, settleLatestCall, settleStatus } from "~/shared/crm/lead-rules";
import { formatDateTime } from "~/shared/format-date";
import { AREA_ROLES } from "~/shared/roles";
import type { Lead, LeadUpdate } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead, leadChange, staff } from "../../db/schema";
import { AppError, invalid } from "../../platform/errors";
import { prepared } from "./prepared";
import { readLead } from "./queries";
import { leadColumns, owner, toLead, type LeadRow } from "./record";
import { writeUnique } from "./lead-identity";
import { leadsChanged } from "./summary-cache";
import { normaliseMobile } from "./service";

export const STALE_LEAD =
  "Someone else changed this lead after you opened it. Reload to see their changes, then make yours again.";
/** Who made the lead's last change and when: a stale editor is told whose change they would overwrite. */
export interface LastChange {
  by: string | null;
  at: string;
}

/** The stale-version message, naming the staff member whose change came first when the activity knows. */
export const staleLeadMessage = (last: LastChange) =>
  `${last.by ?? "Someone else"} changed this lead on ${formatDateTime(last.at)}, after you opened it. Reload to see their changes, then make yours again.`;

/**
 * 409 for a version that moved on. It carries the lead as it is now, so a list can show the current
 * row without reading it again, and the last change from the activity (who and when).
 */
export class StaleLeadError extends AppError {
  constructor(
    readonly current: Lead,
    readonly lastChange: LastChange,
  ) {
    const message = staleLeadMessage(lastChange);
    super("conflict", message, { version: message });
  }
}

/** The lead as stored now and its last change; 404 when it was deleted meanwhile. */
export async function staleLead(db: Db, id: string, read?: Lead): Promise<AppError> {
  const [current, [latest]] = await Promise.all([read ?? readLead(db, id), prepared(db).changes.execute({ id, limit: 1 })]);
  if (!current) return new AppError("not_found", "Lead not found");
  // No activity record (a change made before the log existed): the lead's own time, nobody named.
  const lastChange = latest ? { by: latest.by, at: latest.change.at.toISOString() } : { by: null, at: current.updatedAt };
  return new StaleLeadError(current, lastChange);
}

/** True when the staff member may own leads: active, with sales or admin. */
export async function canOwnLeads(db: Db, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.disabledAt), arrayOverlaps(staff.roles, [...AREA_ROLES.crm])));
  return !!row;
}

export type Changes = Omit<LeadUpdate, "version">;
/** What the rules read of the lead being changed (a new lead: the defaults). */
export type RuleBase = Pick<Lead, "leadStage" | "leadStatus" | "batchName" | "saleAmount" | "collectedAmount" | "latestCallDate" | "latestCallTime">;

/**
 * The requested changes as they will be stored: the mobile normalised, then the rule book's
 * (lead-rules.ts): a stage moved to inline starts at its first status, a call date logged in the
 * form becomes the lead's latest call (the list's Last Call) when newer than the one recorded.
 */
export function prepareChanges(current: RuleBase, requested: Changes): Changes {
  const changes: Changes = { ...requested };
  if (changes.mobile !== undefined) changes.mobile = normaliseMobile(changes.mobile);
  return settleLatestCall(current, settleStatus(current, changes));
}

/**
 * The rule book's pipeline rules against the stored lead (lead-rules.ts), then the one that needs
 * the database: the owner may own leads. A 400 naming the field.
 */
export async function checkRules(db: Db, current: RuleBase, changes: Changes): Promise<void> {
  const broken = pipelineRuleBreak(current, changes);
  if (broken) throw invalid(broken.field, broken.message);
  if (changes.leadOwner && !(await canOwnLeads(db, changes.leadOwner))) throw invalid("leadOwner", OWNER_RULE);
}

/** Fields the lead score reads (src/shared/crm/lead-score.ts: the sales side). */
const SCORED_FIELDS = new Set(["leadStage", "leadStatus", "latestCallDate"]);

const shown = (value: unknown) => (value === null || value === undefined || value === "" ? null : String(value));

/**
 * A partial update (spec §7 PUT). `expectedVersion` is the version the editor read: when the lead has
 * moved on since, 409 instead of silently overwriting. Each changed field goes to the activity log.
 *
 * Two statements in the usual case, no transaction: the lead is read, then one statement updates it
 * only if its version is still the one read (optimistic concurrency), writes the activity records of
 * the same row and returns the result with its owner's name. If someone else wrote in between, the
 * update matches nothing: 409 when the editor sent a version, otherwise the rules are checked again
 * against the newer lead.
 */
export async function updateLead(db: Db, id: string, input: LeadUpdate, actorStaffId: string, expectedVersion?: number): Promise<Lead> {
  const { version: bodyVersion, ...requested } = input;
  const wanted = expectedVersion ?? bodyVersion;
  for (let attempt = 0; ; attempt++) {
    const current = await readLead(db, id);
    if (!current) throw new AppError("not_found", "Lead not found");
    if (wanted !== undefined && wanted !== current.version) throw await staleLead(db, id, current);
    const changes = prepareChanges(current, requested);
    await checkRules(db, current, changes);
    const changed = Object.entries(changes).filter(([field, value]) => shown(value) !== shown(current[field as keyof Lead]));
    if (changed.length === 0) return current;
    // A new e-mail or mobile must not be another lead's (409 naming that lead).
    const claimed = Object.fromEntries(changed.filter(([field]) => field === "email" || field === "mobile")) as { email?: string | null; mobile?: string | null };
    const saved = await writeUnique(db, claimed, current.id, (writer) => writeChanges(writer, current, changed, actorStaffId));
    if (saved) {
      leadsChanged();
      // The score of a sales change is written after the statement (migration 0022's trigger): read it.
      return changed.some(([field]) => SCORED_FIELDS.has(field)) ? ((await readLead(db, id)) ?? saved) : saved;
    }
    if (wanted !== undefined) throw await staleLead(db, id);
    if (attempt >= 2) throw new AppError("conflict", STALE_LEAD, { version: STALE_LEAD });
  }
}

/** The update, its activity records and the updated lead in one statement; null when the version moved on. */
async function writeChanges(db: Db, current: Lead, changed: [string, unknown][], actorStaffId: string): Promise<Lead | null> {
  const updated = db.$with("updated").as(
    db
      .update(lead)
      .set({ ...Object.fromEntries(changed), version: sql`${lead.version} + 1`, updatedAt: new Date() })
      .where(and(eq(lead.id, current.id), eq(lead.version, current.version)))
      .returning(),
  );
  const entries = changed.map(
    ([field, value]) => sql`(${field}::text, ${shown(current[field as keyof Lead])}::text, ${shown(value)}::text)`,
  );
  const logged = db.$with("logged", {}).as(
    sql`insert into ${leadChange} (lead_id, staff_id, kind, field, from_value, to_value)
      select updated.id, ${actorStaffId}::uuid, 'edit', v.field, v.from_value, v.to_value
      from updated cross join (values ${sql.join(entries, sql`, `)}) as v(field, from_value, to_value)`,
  );
  const [row] = await db
    .with(updated, logged)
    .select(updatedLeadColumns(updated))
    .from(updated)
    .leftJoin(owner, eq(owner.id, updated.leadOwner));
  return row ? toLead(row as unknown as LeadRow) : null;
}

/** The lead as shown (leadColumns) read from an `update … returning()` CTE; join `owner` on its leadOwner. */
export function updatedLeadColumns(updated: { latestCallTime: AnyColumn; createdAt: AnyColumn }): typeof leadColumns {
  const columns = updated as unknown as Record<string, AnyColumn>;
  return {
    ...Object.fromEntries(Object.keys(leadColumns).map((key) => [key, columns[key]])),
    leadOwnerName: owner.name,
    latestCallTime: sql<string | null>`to_char(${updated.latestCallTime}, 'HH24:MI')`,
    cursorAt: sql<string>`${updated.createdAt}::text`,
  } as unknown as typeof leadColumns;
}

export async function deleteLead(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(lead).where(eq(lead.id, id)).returning({ id: lead.id });
  if (!row) throw new AppError("not_found", "Lead not found");
  leadsChanged();
}
