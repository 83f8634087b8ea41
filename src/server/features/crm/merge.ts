import { asc, inArray, sql } from "drizzle-orm";
import { collectedAboveSale } from "~/shared/crm/lead-rules";
import { DEFAULT_STATUS, LEGACY_STATUSES, stageOfStatus } from "~/shared/crm/pipeline";
import { longTransaction, rowsOf, type Db } from "../../db/client";
import { lead, leadChange, leadEngagement, simulationReport } from "../../db/schema";
import { leadsChanged } from "./summary-cache";

type LeadRecord = typeof lead.$inferSelect;

/** Lead fields a merge fills on the kept lead when it has none. */
const FILLABLE = [
  "fullName", "mobile", "linkedIn", "currentProfile", "motivation", "resumeFileId", "resumeUrl", "leadOwner",
  "latestCallDate", "latestCallTime", "callDate", "followUpDate", "notes", "actionItems", "paymentPageUrl",
  "txnReference", "txnReference1", "saleAmount", "collectedAmount", "batchName", "visitSource",
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

/**
 * The distinct statuses stored, read as a skip scan of lead_status_created_idx: one index probe per
 * status (a few dozen), where `upper(trim(lead_status)) = 'LTB'` read every lead.
 */
async function storedStatuses(db: Db): Promise<string[]> {
  const answer = await db.execute(sql`
    with recursive s(v) as (
      (select lead_status from ${lead} order by lead_status limit 1)
      union all
      select (select lead_status from ${lead} where lead_status > s.v order by lead_status limit 1) from s where s.v is not null
    )
    select v from s where v is not null`);
  return rowsOf<{ v: string }>(answer).map((row) => row.v);
}

/** Turns legacy statuses (LTB) into current ones, with the stage they belong to; logged per lead. */
async function normaliseLegacyStatuses(db: Db, actorStaffId: string): Promise<number> {
  const stored = await storedStatuses(db);
  let updated = 0;
  for (const [legacy, status] of Object.entries(LEGACY_STATUSES)) {
    // Every spelling stored ("LTB", " ltb"), as upper(trim()) compared them.
    const spellings = stored.filter((value) => value.replace(/^ +| +$/g, "").toUpperCase() === legacy);
    if (spellings.length === 0) continue;
    const stage = stageOfStatus(status)!;
    const rows = await db.execute<{ id: string; from_value: string }>(sql`
      with changed as (
        update ${lead} set lead_status = ${status}, lead_stage = ${stage}, version = version + 1, updated_at = now()
        from (select id, lead_status as old_status from ${lead} where lead_status = any(${sql.param(spellings)}::text[]) for update) old
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

/** The lead ids of each normalised key that more than one lead has (`ids`); exported for the benchmark's EXPLAIN. */
export function duplicateKeysQuery() {
  return sql`
    with email_keys as (
      select distinct lower(trim(email)) as k from ${lead} where email <> lower(trim(email))
    ), email_members as (
      select m.id, 'e:' || ek.k as k from email_keys ek, lateral (
        select id from ${lead} where email = ek.k
        union all
        select id from ${lead} where lower(trim(email)) = ek.k and email <> lower(trim(email))
        offset 0
      ) m
    ), mobile_keys as (
      select mobile as k from ${lead} where mobile is not null and mobile <> '' group by mobile having count(*) > 1
      union
      select lead_mobile_key(mobile) from ${lead} where mobile is distinct from lead_mobile_key(mobile) and lead_mobile_key(mobile) is not null
    ), mobile_members as (
      -- offset 0 keeps each lateral subquery a nested loop of index probes, not a scan of every lead.
      select m.id, 'm:' || mk.k as k from mobile_keys mk, lateral (
        select id from ${lead} where mobile = mk.k offset 0
      ) m
      union
      select m.id, 'm:' || mk.k from mobile_keys mk, lateral (
        select id from ${lead} where lead_mobile_key(mobile) = mk.k and mobile is distinct from lead_mobile_key(mobile) offset 0
      ) m
    ), members as (
      select id, k from email_members union select id, k from mobile_members
    )
    select array_agg(id::text order by id) as ids from members group by k having count(*) > 1`;
}

/**
 * Settings for the search's transaction. The planner cannot estimate `email <> lower(trim(email))`
 * (it guessed 83 % of the leads where there are none) and so read every lead for it in parallel, and
 * its inflated costs switched on JIT compilation, 1.8 s of a 1.6 s query at 200,000 leads. Every step
 * has an index (the plan in README.md's benchmark section), so sequential scans are ruled out here.
 */
export async function planDuplicateSearch(db: Db): Promise<void> {
  await db.execute(sql`set local enable_seqscan = off`);
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`set local work_mem = '64MB'`);
}

/**
 * Groups of lead ids that share a normalised e-mail or mobile, transitively (one person reached through
 * either), found set-based. E-mail is unique as stored, so two leads can share a normalised e-mail only
 * when one of them is stored unnormalised ("Asha@X.com "): those few come from a partial index and are
 * joined to the rest by an index probe per key. Mobiles: the same stored mobile (a group-by over
 * lead_mobile_idx), plus the few stored unnormalised ("98450 12345", without 91) from their partial
 * index, joined the same way. Nothing here is a pass per lead. Keys are lead_mobile_key() and
 * lower(trim(email)), the normalisation lead matching uses (service.ts), as in migration 0016.
 */
export async function duplicateGroups(db: Db): Promise<string[][]> {
  await planDuplicateSearch(db);
  const answer = await db.execute(duplicateKeysQuery());
  // Keys chain leads together (A and B share an e-mail, B and C a mobile): one group per person.
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const root = find(p);
    parent.set(id, root);
    return root;
  };
  for (const { ids } of rowsOf<{ ids: string[] }>(answer)) {
    for (const id of ids) if (!parent.has(id)) parent.set(id, id);
    const root = find(ids[0]!);
    for (const id of ids.slice(1)) {
      const other = find(id);
      if (other !== root) parent.set(other, root);
    }
  }
  const groups = new Map<string, string[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    const group = groups.get(root);
    if (group) group.push(id);
    else groups.set(root, [id]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/**
 * Keeps the oldest lead of the group, fills its gaps from the others, moves their history, deletes them.
 * The group's leads are read (and locked) in the merge's own transaction, so an edit or a delete made
 * since the groups were found is merged as it now stands. Answers how many duplicates were removed.
 */
export async function mergeGroup(db: Db, ids: string[], actorStaffId: string): Promise<number> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const group = await tx.select().from(lead).where(inArray(lead.id, ids)).orderBy(asc(lead.createdAt), asc(lead.id)).for("update");
    if (group.length < 2) return 0;
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
    const worked = duplicates.find((d) => d.leadStatus !== DEFAULT_STATUS);
    if (keeper.leadStatus === DEFAULT_STATUS && worked) Object.assign(fill, { leadStage: worked.leadStage, leadStatus: worked.leadStatus, priority: worked.priority });
    // A collected amount filled in beside the kept lead's own sale would break collected ≤ sale (the
    // rule book's): it is filled only with a sale that covers it.
    if (fill.collectedAmount !== undefined && collectedAboveSale({ ...keeper, ...fill })) delete fill.collectedAmount;
    const removed = duplicates.map((d) => d.id);
    await moveLeadBelongings(tx, removed, keeper.id);
    await tx.delete(lead).where(inArray(lead.id, removed));
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
    return duplicates.length;
  });
}

/** Where a run stands, as the job records it. */
export interface MergeProgress {
  groupsFound: number | null;
  groupsMerged: number;
  merged: number;
  updatedLeads: number;
}

/**
 * Told where the run stands after each step; answers true to stop there (the run was cancelled). The
 * run stops only between merges, so every group is merged whole or not at all.
 */
export type OnMergeProgress = (progress: MergeProgress) => Promise<boolean>;

/**
 * Fix Duplicates (PRODUCT.md §4): normalises legacy statuses and merges leads sharing a normalised
 * e-mail or mobile into the oldest one. `updatedLeads` counts leads whose status was normalised or
 * that absorbed duplicates; `merged` counts the duplicates removed. Runs as a background job
 * (merge-job.ts), which passes `onProgress`.
 */
export async function fixDuplicates(
  db: Db,
  actorStaffId: string,
  onProgress: OnMergeProgress = async () => false,
): Promise<MergeProgress & { stopped: boolean }> {
  const progress: MergeProgress = { groupsFound: null, groupsMerged: 0, merged: 0, updatedLeads: 0 };
  try {
    // One pass over the statuses; the search below reads indexes. Both may outlast the pool's
    // statement limit on a busy server at a million leads, so they opt out of it explicitly
    // (db/client.ts longTransaction). Each merge is small and keeps the usual limit.
    progress.updatedLeads = await longTransaction(db, (tx) => normaliseLegacyStatuses(tx, actorStaffId));
    if (await onProgress(progress)) return { ...progress, stopped: true };
    const groups = await longTransaction(db, (tx) => duplicateGroups(tx));
    progress.groupsFound = groups.length;
    if (await onProgress(progress)) return { ...progress, stopped: true };
    for (const ids of groups) {
      const removed = await mergeGroup(db, ids, actorStaffId);
      progress.groupsMerged += 1;
      progress.merged += removed;
      if (removed) progress.updatedLeads += 1;
      if (await onProgress(progress)) return { ...progress, stopped: true };
    }
    return { ...progress, stopped: false };
  } finally {
    leadsChanged();
  }
}
