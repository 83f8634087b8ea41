import { asc, inArray, sql } from "drizzle-orm";
import { LEGACY_STATUSES, stageOfStatus } from "~/shared/crm/pipeline";
import { longTransaction, rowsOf, type Db } from "../../db/client";
import { lead, leadChange, leadEngagement, simulationReport } from "../../db/schema";
import { leadsChanged } from "./summary-cache";

type LeadRecord = typeof lead.$inferSelect;

/** Lead fields a merge fills on the kept lead when it has none. */
const FILLABLE = [
  "fullName", "mobile", "linkedIn", "currentProfile", "motivation", "resumeFileId", "resumeUrl", "leadOwner",
  "latestCallDate", "latestCallTime", "callDate", "followUpDate", "notes", "actionItems", "paymentPageUrl",
  "txnReference", "txnReference1", "saleAmount", "collectedAmount", "batchName",
] as const satisfies readonly (keyof LeadRecord)[];

/**
 * Moves everything that belongs to `from` leads onto `to`. Simulation reports (issue 10) keep their
 * own `lead_id` as well: that column moves here too, next to the engagement links.
 */
export async function moveLeadBelongings(tx: Db, from: string[], to: string): Promise<void> {
  await tx.update(leadEngagement).set({ leadId: to }).where(inArray(leadEngagement.leadId, from));
  await tx.update(leadChange).set({ leadId: to }).where(inArray(leadChange.leadId, from));
  await tx.update(simulationReport).set({ leadId: to }).where(inArray(simulationReport.leadId, from));
}

/** Turns legacy statuses (LTB) into current ones, with the stage they belong to; logged per lead. */
async function normaliseLegacyStatuses(db: Db, actorStaffId: string): Promise<number> {
  let updated = 0;
  for (const [legacy, status] of Object.entries(LEGACY_STATUSES)) {
    const stage = stageOfStatus(status)!;
    const rows = await db.execute<{ id: string; from_value: string }>(sql`
      with changed as (
        update ${lead} set lead_status = ${status}, lead_stage = ${stage}, version = version + 1, updated_at = now()
        from (select id, lead_status as old_status from ${lead} where upper(trim(lead_status)) = ${legacy} for update) old
        where ${lead.id} = old.id
        returning ${lead.id} as id, old.old_status as from_value
      )
      insert into ${leadChange} (lead_id, staff_id, kind, field, from_value, to_value)
      select id, ${actorStaffId}::uuid, 'edit', 'leadStatus', from_value, ${status} from changed
      returning lead_id as id, from_value`);
    updated += rowsOf(rows).length;
  }
  return updated;
}

/** Groups of lead ids that share a normalised e-mail or mobile (transitively), oldest first. */
async function duplicateGroups(db: Db): Promise<LeadRecord[][]> {
  const rows = await db
    .select()
    .from(lead)
    .where(
      sql`lower(trim(${lead.email})) in (select lower(trim(email)) from ${lead} group by 1 having count(*) > 1)
        or ${lead.mobile} in (select mobile from ${lead} where mobile is not null group by mobile having count(*) > 1)`,
    )
    .orderBy(asc(lead.createdAt), asc(lead.id));
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const root = find(p);
    parent.set(id, root);
    return root;
  };
  const firstBy = new Map<string, string>();
  for (const row of rows) {
    parent.set(row.id, row.id);
    for (const key of [`e:${row.email.trim().toLowerCase()}`, row.mobile ? `m:${row.mobile}` : null]) {
      if (!key) continue;
      const seen = firstBy.get(key);
      if (seen) parent.set(find(row.id), find(seen));
      else firstBy.set(key, row.id);
    }
  }
  const groups = new Map<string, LeadRecord[]>();
  for (const row of rows) {
    const root = find(row.id);
    groups.set(root, [...(groups.get(root) ?? []), row]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/** Keeps the oldest lead of the group, fills its gaps from the others, moves their history, deletes them. */
async function mergeGroup(db: Db, group: LeadRecord[], actorStaffId: string): Promise<void> {
  const keeper = group[0]!;
  const duplicates = group.slice(1);
  const fill: Partial<LeadRecord> = {};
  for (const field of FILLABLE) {
    if (keeper[field] === null || keeper[field] === "") {
      const donor = duplicates.find((d) => d[field] !== null && d[field] !== "");
      if (donor) Object.assign(fill, { [field]: donor[field] });
    }
  }
  // A duplicate someone already worked on carries the pipeline when the kept lead is untouched.
  const worked = duplicates.find((d) => d.leadStatus !== "New");
  if (keeper.leadStatus === "New" && worked) Object.assign(fill, { leadStage: worked.leadStage, leadStatus: worked.leadStatus, priority: worked.priority });
  // The sale amount arrives with its collected amount, so collected ≤ sale still holds.
  if (fill.collectedAmount !== undefined && fill.saleAmount === undefined && (keeper.saleAmount ?? 0) < (fill.collectedAmount ?? 0)) {
    delete fill.collectedAmount;
  }
  const ids = duplicates.map((d) => d.id);
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await moveLeadBelongings(tx, ids, keeper.id);
    await tx.delete(lead).where(inArray(lead.id, ids));
    await tx
      .update(lead)
      .set({
        ...fill,
        email: keeper.email.trim().toLowerCase(),
        hasApplication: group.some((d) => d.hasApplication),
        hasBrochureDownload: group.some((d) => d.hasBrochureDownload),
        hasSimulation: group.some((d) => d.hasSimulation),
        version: sql`${lead.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${lead.id} = ${keeper.id}`);
    await tx.insert(leadChange).values(
      duplicates.map((d) => ({
        leadId: keeper.id,
        staffId: actorStaffId,
        kind: "merge" as const,
        field: null,
        fromValue: `${d.fullName || d.email} <${d.email}>${d.mobile ? ` ${d.mobile}` : ""}`,
        toValue: keeper.email,
      })),
    );
  });
}

/**
 * Fix Duplicates (PRODUCT.md §4): normalises legacy statuses and merges leads sharing a normalised
 * e-mail or mobile into the oldest one. `updatedLeads` counts leads whose status was normalised or
 * that absorbed duplicates; `merged` counts the duplicates removed.
 */
export async function fixDuplicates(db: Db, actorStaffId: string): Promise<{ updatedLeads: number; merged: number }> {
  // Both pass over every lead (a legacy status or a duplicate key can be anywhere): at a million leads
  // on a busy server that can outlast the pool's statement limit, so they opt out of it explicitly
  // (db/client.ts longTransaction). Each merge below is small and keeps the usual limit.
  const normalised = await longTransaction(db, (tx) => normaliseLegacyStatuses(tx, actorStaffId));
  const groups = await longTransaction(db, (tx) => duplicateGroups(tx));
  let merged = 0;
  for (const group of groups) {
    await mergeGroup(db, group, actorStaffId);
    merged += group.length - 1;
  }
  leadsChanged();
  return { updatedLeads: normalised + groups.length, merged };
}
