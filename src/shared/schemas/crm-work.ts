import { z } from "./zod";
import { CALL_OUTCOMES } from "../crm/calls";
import { DATE_FORMAT_MESSAGE, isRealDate, NOT_A_REAL_DATE } from "../crm/lead-rules";
import { isoDate, text } from "./crm";

/**
 * The CRM's daily work (issue 23): logging a call, a lead's tasks, My tasks and the daily digest
 * setting. One schema per shape, used by the forms, the handlers and the tests.
 */

const TIME_MESSAGE = "Use a time (HH:MM, 24-hour)";
const time = z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);
const requiredDate = z
  .string({ error: "Due date is required" })
  .min(1, "Due date is required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT_MESSAGE)
  .refine(isRealDate, NOT_A_REAL_DATE);

/**
 * POST /api/crm/leads/{id}/calls. `followUpDate` is the lead's next follow-up after the call (null
 * clears it; left out, it stays); `version` is the version of the lead the caller read (409 if stale).
 */
export const logCallSchema = z
  .object({
    outcome: z.enum(CALL_OUTCOMES, { error: "Choose an outcome: connected, no answer, call back or wrong number" }),
    note: text(2000).optional(),
    followUpDate: isoDate.optional(),
    version: z.number({ error: "Version is a number" }).int().min(1).optional(),
  })
  .strict();
export type LogCall = z.infer<typeof logCallSchema>;
export type LogCallInput = z.input<typeof logCallSchema>;

export const TASK_TITLE_MAX = 200;
const title = z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(TASK_TITLE_MAX, `At most ${TASK_TITLE_MAX} characters`);

/** A new task: due on a day at a time, both in Asia/Kolkata; the owner is the lead's unless chosen. */
export const taskCreateSchema = z
  .object({
    title,
    dueDate: requiredDate,
    dueTime: time,
    ownerId: z.uuid({ error: "Choose an owner from the list" }).nullable().optional(),
  })
  .strict();
export type TaskCreate = z.infer<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** A task's change: any of its fields, and done or not done. A new due day needs its time too. */
export const taskUpdateSchema = z
  .object({
    title,
    dueDate: requiredDate,
    dueTime: time,
    ownerId: z.uuid({ error: "Choose an owner from the list" }),
    done: z.boolean({ error: "Done is true or false" }),
  })
  .partial()
  .strict()
  .refine((value) => (value.dueDate === undefined) === (value.dueTime === undefined), { message: "Send the due date and time together", path: ["dueTime"] });
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const taskSchema = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  /** The moment it is due (ISO); `dueDate` and `dueTime` are the same in Asia/Kolkata, as the form edits them. */
  dueAt: z.string(),
  dueDate: z.string(),
  dueTime: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskParamsSchema = z.object({ taskId: z.uuid({ error: "Not a task id" }) });

export const MY_TASK_BUCKETS = ["overdue", "today", "upcoming"] as const;
export type MyTaskBucket = (typeof MY_TASK_BUCKETS)[number];
export const MY_TASK_BUCKET_LABELS: Record<MyTaskBucket, string> = { overdue: "Overdue", today: "Today", upcoming: "Upcoming" };
export const MY_TASKS_PAGE_SIZE = 25;

export const myTasksQuerySchema = z.object({
  bucket: z.enum(MY_TASK_BUCKETS, { error: "Bucket is overdue, today or upcoming" }).default("overdue"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: "Limit is a number" }).int().min(1, "At least 1").max(200, "At most 200").default(MY_TASKS_PAGE_SIZE),
});
export type MyTasksQuery = z.infer<typeof myTasksQuerySchema>;

/** An open task or a lead's follow-up date, with the lead it belongs to. A follow-up is due at the start of its day. */
export const myTaskItemSchema = z.object({
  kind: z.enum(["task", "followUp"]),
  id: z.string(),
  leadId: z.string(),
  leadName: z.string(),
  title: z.string(),
  dueAt: z.string(),
  /** Follow-ups: the day (YYYY-MM-DD); tasks: null (they have a time). */
  dueDate: z.string().nullable(),
});
export type MyTaskItem = z.infer<typeof myTaskItemSchema>;

export const myTaskCountsSchema = z.object({ overdue: z.number(), today: z.number(), upcoming: z.number() });
export type MyTaskCounts = z.infer<typeof myTaskCountsSchema>;

export const myTasksPageSchema = z.object({
  items: z.array(myTaskItemSchema),
  nextCursor: z.string().nullable(),
  /** With the first page only (no cursor). */
  counts: myTaskCountsSchema.optional(),
});
export type MyTasksPage = z.infer<typeof myTasksPageSchema>;

export const digestSettingSchema = z.object({ dailyDigest: z.boolean({ error: "Daily digest is true or false" }) }).strict();
export type DigestSetting = z.infer<typeof digestSettingSchema>;
