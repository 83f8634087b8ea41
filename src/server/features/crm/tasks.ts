import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { OWNER_RULE } from "~/shared/crm/lead-rules";
import { kolkataDateAndTime, parseKolkataDateTime } from "~/shared/format-date";
import type { ActivityEntry } from "~/shared/schemas/crm";
import type { Task, TaskCreate, TaskUpdate } from "~/shared/schemas/crm-work";
import { rowsOf, type Db } from "../../db/client";
import { lead, leadTask, staff } from "../../db/schema";
import { AppError, invalid } from "../../platform/errors";
import { canOwnLeads } from "./update";

/**
 * A lead's tasks (issue 23 §2 "Tasks"): a title, a due moment (entered as a day and a time in
 * Asia/Kolkata), an owner (the lead's owner unless another is chosen) and done or not. Any CRM
 * staff member may add, change, complete or remove a task, as they may edit any lead.
 */
const taskColumns = {
  id: leadTask.id,
  leadId: leadTask.leadId,
  title: leadTask.title,
  dueAt: leadTask.dueAt,
  ownerId: leadTask.ownerId,
  ownerName: staff.name,
  doneAt: leadTask.doneAt,
};
type TaskRow = { id: string; leadId: string; title: string; dueAt: Date; ownerId: string | null; ownerName: string | null; doneAt: Date | null };

const toTask = (row: TaskRow): Task => {
  const { date, time } = kolkataDateAndTime(row.dueAt);
  return { ...row, dueAt: row.dueAt.toISOString(), dueDate: date, dueTime: time, done: row.doneAt !== null, doneAt: row.doneAt?.toISOString() ?? null };
};

const selectTasks = (db: Db) => db.select(taskColumns).from(leadTask).leftJoin(staff, eq(staff.id, leadTask.ownerId));

/** The day and time typed in the form, as the moment they name in Asia/Kolkata. */
const dueMoment = (date: string, time: string): Date => {
  const at = parseKolkataDateTime(`${date}T${time}`);
  if (!at) throw invalid("dueDate", "Not a real date");
  return at;
};

async function checkOwner(db: Db, ownerId: string): Promise<void> {
  if (!(await canOwnLeads(db, ownerId))) throw invalid("ownerId", OWNER_RULE);
}

/** Open tasks first, soonest due first; then the done ones. */
export async function listTasks(db: Db, leadId: string): Promise<Task[]> {
  const rows = await selectTasks(db)
    .where(eq(leadTask.leadId, leadId))
    .orderBy(sql`${leadTask.doneAt} is not null`, asc(leadTask.dueAt), asc(leadTask.id));
  return rows.map(toTask);
}

async function readTask(db: Db, id: string): Promise<Task> {
  const [row] = await selectTasks(db).where(eq(leadTask.id, id));
  if (!row) throw new AppError("not_found", "Task not found");
  return toTask(row);
}

/**
 * Adds a task. Without a chosen owner it is the lead's owner's, or, for an unassigned lead, the
 * creator's. The insert reads the lead in the same statement: a lead deleted meanwhile is a 404.
 */
export async function createTask(db: Db, leadId: string, input: TaskCreate, actorStaffId: string): Promise<Task> {
  const [found] = await db.select({ owner: lead.leadOwner }).from(lead).where(eq(lead.id, leadId));
  if (!found) throw new AppError("not_found", "Lead not found");
  const ownerId = input.ownerId ?? found.owner ?? actorStaffId;
  await checkOwner(db, ownerId);
  const dueAt = dueMoment(input.dueDate, input.dueTime);
  const [created] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into ${leadTask} (lead_id, owner_id, title, due_at, created_by)
      select ${lead.id}, ${ownerId}::uuid, ${input.title}, ${dueAt.toISOString()}::timestamptz, ${actorStaffId}::uuid
      from ${lead} where ${lead.id} = ${leadId} returning id`),
  );
  if (!created) throw new AppError("not_found", "Lead not found");
  return readTask(db, created.id);
}

/** Changes a task; `done: true` keeps the first completion (time and who), `done: false` reopens it. */
export async function updateTask(db: Db, taskId: string, input: TaskUpdate, actorStaffId: string): Promise<Task> {
  if (input.ownerId) await checkOwner(db, input.ownerId);
  const set: Partial<typeof leadTask.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.ownerId !== undefined) set.ownerId = input.ownerId;
  if (input.dueDate !== undefined && input.dueTime !== undefined) set.dueAt = dueMoment(input.dueDate, input.dueTime);
  const done =
    input.done === undefined
      ? {}
      : input.done
        ? { doneAt: sql`coalesce(${leadTask.doneAt}, now())`, doneBy: sql`case when ${leadTask.doneAt} is null then ${actorStaffId}::uuid else ${leadTask.doneBy} end` }
        : { doneAt: null, doneBy: null };
  if (Object.keys(set).length === 0 && input.done === undefined) return readTask(db, taskId);
  const [row] = await db
    .update(leadTask)
    .set({ ...set, ...done } as typeof leadTask.$inferInsert)
    .where(eq(leadTask.id, taskId))
    .returning({ id: leadTask.id });
  if (!row) throw new AppError("not_found", "Task not found");
  return readTask(db, taskId);
}

export async function deleteTask(db: Db, taskId: string): Promise<void> {
  const [row] = await db.delete(leadTask).where(eq(leadTask.id, taskId)).returning({ id: leadTask.id });
  if (!row) throw new AppError("not_found", "Task not found");
}

const creator = alias(staff, "task_creator");
const completer = alias(staff, "task_completer");

/**
 * The lead's tasks as activity entries, newest first: each task's adding and, once done, its
 * completion (a task removed leaves the activity with it).
 */
export async function taskActivity(db: Db, leadId: string, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .select({ title: leadTask.title, dueAt: leadTask.dueAt, createdAt: leadTask.createdAt, doneAt: leadTask.doneAt, createdBy: creator.name, doneBy: completer.name })
    .from(leadTask)
    .leftJoin(creator, eq(creator.id, leadTask.createdBy))
    .leftJoin(completer, eq(completer.id, leadTask.doneBy))
    .where(eq(leadTask.leadId, leadId))
    .orderBy(desc(leadTask.createdAt))
    .limit(limit);
  return rows.flatMap((row) => {
    const task = { kind: "task" as const, title: row.title, dueAt: row.dueAt.toISOString() };
    const added = { ...task, event: "added" as const, by: row.createdBy, at: row.createdAt.toISOString() };
    return row.doneAt ? [{ ...task, event: "done" as const, by: row.doneBy, at: row.doneAt.toISOString() }, added] : [added];
  });
}
