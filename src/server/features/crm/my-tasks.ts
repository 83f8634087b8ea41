import { and, asc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { kolkataDateAndTime, startOfKolkataDay, todayInKolkata } from "~/shared/format-date";
import type { MyTaskBucket, MyTaskCounts, MyTaskItem, MyTasksPage, MyTasksQuery } from "~/shared/schemas/crm-work";
import type { Db } from "../../db/client";
import { lead, leadFollowUpTally, leadTask } from "../../db/schema";
import { decodeCursor, keysetPage, newerThan, type KeysetCursor } from "../../platform/keyset";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where "now", today and tomorrow start for one owner's to-do list, in Asia/Kolkata. A task is
 * overdue once its moment has passed, due today until midnight, upcoming after; a follow-up date
 * (a day, no time) is overdue from the next day, due today on its day and upcoming before.
 */
export function bucketBounds(now: Date) {
  const today = todayInKolkata(now);
  const tomorrowStarts = new Date(startOfKolkataDay(today).getTime() + DAY_MS);
  return { now, today, tomorrow: kolkataDateAndTime(tomorrowStarts).date, tomorrowStarts };
}
type Bounds = ReturnType<typeof bucketBounds>;

/** A follow-up's place in the list: the start of its day in Kolkata. */
export const followUpAt = sql`(${lead.followUpDate}::text || 'T00:00:00+05:30')::timestamptz`;

function taskRange(bucket: MyTaskBucket, b: Bounds): SQL {
  if (bucket === "overdue") return lt(leadTask.dueAt, b.now);
  if (bucket === "today") return and(gte(leadTask.dueAt, b.now), lt(leadTask.dueAt, b.tomorrowStarts))!;
  return gte(leadTask.dueAt, b.tomorrowStarts);
}

function followUpRange(bucket: MyTaskBucket, b: Bounds): SQL {
  if (bucket === "overdue") return lt(lead.followUpDate, b.today);
  if (bucket === "today") return eq(lead.followUpDate, b.today);
  return gte(lead.followUpDate, b.tomorrow);
}

/**
 * The owner's open tasks and follow-ups of one bucket, soonest first, `limit + 1` of each kind from
 * the cursor on: both sides read their own index in order ((owner_id, due_at, id) over open tasks,
 * (lead_owner, follow_up_date, id) over leads), and the merge keeps the first `limit + 1`.
 */
export async function myTaskRows(db: Db, ownerId: string, bucket: MyTaskBucket, bounds: Bounds, limit: number, cursor: KeysetCursor | null): Promise<MyTaskItem[]> {
  // The follow-ups' side starts at the cursor's day, so its index range begins where the page does.
  const fromDay = cursor ? kolkataDateAndTime(cursor.at).date : null;
  const [tasks, followUps] = await Promise.all([
    db
      .select({ id: leadTask.id, leadId: leadTask.leadId, leadName: lead.fullName, email: lead.email, title: leadTask.title, dueAt: leadTask.dueAt })
      .from(leadTask)
      .innerJoin(lead, eq(lead.id, leadTask.leadId))
      .where(and(eq(leadTask.ownerId, ownerId), isNull(leadTask.doneAt), taskRange(bucket, bounds), newerThan(leadTask.dueAt, leadTask.id, cursor)))
      .orderBy(asc(leadTask.dueAt), asc(leadTask.id))
      .limit(limit + 1),
    db
      .select({ id: lead.id, leadName: lead.fullName, email: lead.email, followUpDate: lead.followUpDate })
      .from(lead)
      .where(
        and(
          eq(lead.leadOwner, ownerId),
          isNotNull(lead.followUpDate),
          followUpRange(bucket, bounds),
          fromDay ? gte(lead.followUpDate, fromDay) : undefined,
          newerThan(followUpAt, lead.id, cursor),
        ),
      )
      .orderBy(asc(lead.followUpDate), asc(lead.id))
      .limit(limit + 1),
  ]);
  const items: MyTaskItem[] = [
    ...tasks.map((t) => ({ kind: "task" as const, id: t.id, leadId: t.leadId, leadName: t.leadName || t.email, title: t.title, dueAt: t.dueAt.toISOString(), dueDate: null })),
    ...followUps.map((f) => ({
      kind: "followUp" as const,
      id: f.id,
      leadId: f.id,
      leadName: f.leadName || f.email,
      title: "Follow up",
      dueAt: startOfKolkataDay(f.followUpDate!).toISOString(),
      dueDate: f.followUpDate,
    })),
  ];
  // The order PostgreSQL gives (at, id): ISO times and lowercase uuids compare as plain strings.
  return items.sort((a, b) => (a.dueAt === b.dueAt ? (a.id < b.id ? -1 : 1) : a.dueAt < b.dueAt ? -1 : 1)).slice(0, limit + 1);
}

/**
 * How many open tasks and follow-ups the owner has in each bucket: the tasks counted over their
 * partial index, the follow-ups summed from the per-day tally that migration 0017's triggers keep.
 */
export async function myTaskCounts(db: Db, ownerId: string, bounds: Bounds): Promise<MyTaskCounts> {
  const [[tasks], [followUps]] = await Promise.all([
    db
      .select({
        overdue: sql<number>`(count(*) filter (where ${taskRange("overdue", bounds)}))::int`,
        today: sql<number>`(count(*) filter (where ${taskRange("today", bounds)}))::int`,
        upcoming: sql<number>`(count(*) filter (where ${taskRange("upcoming", bounds)}))::int`,
      })
      .from(leadTask)
      .where(and(eq(leadTask.ownerId, ownerId), isNull(leadTask.doneAt))),
    db
      .select({
        overdue: sql<string>`coalesce(sum(${leadFollowUpTally.leads}) filter (where ${leadFollowUpTally.followUpDate} < ${bounds.today}), 0)`,
        today: sql<string>`coalesce(sum(${leadFollowUpTally.leads}) filter (where ${leadFollowUpTally.followUpDate} = ${bounds.today}), 0)`,
        upcoming: sql<string>`coalesce(sum(${leadFollowUpTally.leads}) filter (where ${leadFollowUpTally.followUpDate} > ${bounds.today}), 0)`,
      })
      .from(leadFollowUpTally)
      .where(eq(leadFollowUpTally.leadOwner, ownerId)),
  ]);
  return {
    overdue: tasks!.overdue + Number(followUps!.overdue),
    today: tasks!.today + Number(followUps!.today),
    upcoming: tasks!.upcoming + Number(followUps!.upcoming),
  };
}

/** My tasks (issue 23 §2): one bucket's page, keyset-paged, with the three counts on the first page. */
export async function listMyTasks(db: Db, ownerId: string, query: MyTasksQuery, now = new Date()): Promise<MyTasksPage> {
  const cursor = decodeCursor(query.cursor);
  const bounds = bucketBounds(now);
  const [rows, counts] = await Promise.all([
    myTaskRows(db, ownerId, query.bucket, bounds, query.limit, cursor),
    cursor ? undefined : myTaskCounts(db, ownerId, bounds),
  ]);
  const { items, nextCursor } = keysetPage(rows, query.limit, (item) => ({ at: item.dueAt, id: item.id }));
  return counts ? { items, nextCursor, counts } : { items, nextCursor };
}
