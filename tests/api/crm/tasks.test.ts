import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMyTasks } from "~/server/features/crm/my-tasks";
import type { LeadDetail } from "~/shared/schemas/crm";
import type { MyTaskItem, MyTasksPage, Task } from "~/shared/schemas/crm-work";
import { leadFactory } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { expectSalesOnly } from "./refusals";

/** Issue 23 §2 "Tasks" and "My tasks". */
let ctx: TestContext;
let asha: Awaited<ReturnType<typeof signedIn>>;
let ravi: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  asha = await signedIn(ctx, ["sales"]);
  ravi = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const as = (cookie: string) => ({ headers: { cookie } });
const addTask = (leadId: string, payload: object, cookie = asha.cookie) => ctx.app.inject({ method: "POST", url: `/api/crm/leads/${leadId}/tasks`, payload, ...as(cookie) });
const patchTask = (id: string, payload: object) => ctx.app.inject({ method: "PATCH", url: `/api/crm/tasks/${id}`, payload, ...as(asha.cookie) });
const tasksOf = async (leadId: string) => ((await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${leadId}/tasks`, ...as(asha.cookie) })).json() as { tasks: Task[] }).tasks;

describe("a lead's tasks", () => {
  it("adds a task due at a Kolkata day and time, owned by the lead's owner unless chosen", async () => {
    const owned = await leadFactory(ctx.db, { leadOwner: ravi.id });
    const created = await addTask(owned.id, { title: "Send the fee plan", dueDate: "2031-03-04", dueTime: "10:00" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      leadId: owned.id,
      title: "Send the fee plan",
      dueAt: "2031-03-04T04:30:00.000Z",
      dueDate: "2031-03-04",
      dueTime: "10:00",
      ownerId: ravi.id,
      ownerName: ravi.name,
      done: false,
      doneAt: null,
    });
    const chosen = await addTask(owned.id, { title: "Check the résumé", dueDate: "2031-03-03", dueTime: "23:45", ownerId: asha.id });
    expect(chosen.json()).toMatchObject({ ownerId: asha.id, dueAt: "2031-03-03T18:15:00.000Z" });
    // An unassigned lead's task is its creator's.
    const unassigned = await leadFactory(ctx.db);
    expect((await addTask(unassigned.id, { title: "Qualify", dueDate: "2031-03-04", dueTime: "09:00" }, ravi.cookie)).json()).toMatchObject({ ownerId: ravi.id });
    // Open first, soonest first.
    expect((await tasksOf(owned.id)).map((t) => t.title)).toEqual(["Check the résumé", "Send the fee plan"]);
  });

  it("completes, reopens, edits and removes a task", async () => {
    const row = await leadFactory(ctx.db, { leadOwner: asha.id });
    const task = (await addTask(row.id, { title: "Call back after exams", dueDate: "2031-05-01", dueTime: "18:30" })).json() as Task;
    const later = (await addTask(row.id, { title: "Second", dueDate: "2031-05-02", dueTime: "09:00" })).json() as Task;
    const done = await patchTask(task.id, { done: true });
    expect(done.json()).toMatchObject({ done: true, doneAt: expect.any(String) });
    // Done tasks go after the open ones.
    expect((await tasksOf(row.id)).map((t) => [t.title, t.done])).toEqual([
      ["Second", false],
      ["Call back after exams", true],
    ]);
    const again = (await patchTask(task.id, { done: true })).json() as Task;
    expect(again.doneAt).toBe((done.json() as Task).doneAt);
    expect((await patchTask(task.id, { done: false })).json()).toMatchObject({ done: false, doneAt: null });
    const edited = await patchTask(task.id, { title: "Call back after the exams", dueDate: "2031-05-03", dueTime: "07:05", ownerId: ravi.id });
    expect(edited.json()).toMatchObject({ title: "Call back after the exams", dueTime: "07:05", dueDate: "2031-05-03", ownerId: ravi.id });
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/crm/tasks/${later.id}`, ...as(asha.cookie) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/crm/tasks/${later.id}`, ...as(asha.cookie) })).statusCode).toBe(404);
    expect((await patchTask(later.id, { done: true })).statusCode).toBe(404);
    expect((await tasksOf(row.id)).map((t) => t.title)).toEqual(["Call back after the exams"]);
  });

  it("shows each task's adding and completion in the lead's activity, with who and when", async () => {
    const row = await leadFactory(ctx.db, { leadOwner: asha.id });
    const task = (await addTask(row.id, { title: "Send the fee plan", dueDate: "2031-06-01", dueTime: "11:15" })).json() as Task;
    const doneByRavi = await ctx.app.inject({ method: "PATCH", url: `/api/crm/tasks/${task.id}`, payload: { done: true }, ...as(ravi.cookie) });
    expect(doneByRavi.statusCode, doneByRavi.body).toBe(200);
    // Ticked again by another: the first completion stands.
    await patchTask(task.id, { done: true });
    const activity = async () =>
      ((await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${row.id}`, ...as(asha.cookie) })).json() as LeadDetail).activity.filter((entry) => entry.kind === "task");
    expect(await activity()).toEqual([
      { kind: "task", event: "done", title: "Send the fee plan", dueAt: "2031-06-01T05:45:00.000Z", by: ravi.name, at: (doneByRavi.json() as Task).doneAt },
      { kind: "task", event: "added", title: "Send the fee plan", dueAt: "2031-06-01T05:45:00.000Z", by: asha.name, at: expect.any(String) },
    ]);
    // Reopened: only its adding is left; done again, by whoever ticks it.
    await patchTask(task.id, { done: false });
    expect((await activity()).map((entry) => entry.kind === "task" && [entry.event, entry.by])).toEqual([["added", asha.name]]);
    await patchTask(task.id, { done: true });
    expect((await activity()).map((entry) => entry.kind === "task" && [entry.event, entry.by])).toEqual([["done", asha.name], ["added", asha.name]]);
    // A task removed leaves the activity with it.
    await ctx.app.inject({ method: "DELETE", url: `/api/crm/tasks/${task.id}`, ...as(asha.cookie) });
    expect(await activity()).toEqual([]);
  });

  it("names the field of bad input (400), refuses an owner who may not own leads, and 404s an unknown lead", async () => {
    const row = await leadFactory(ctx.db);
    const admissions = await signedIn(ctx, ["admissions"]);
    const cases: [object, string][] = [
      [{ dueDate: "2031-01-01", dueTime: "10:00" }, "title"],
      [{ title: "  ", dueDate: "2031-01-01", dueTime: "10:00" }, "title"],
      [{ title: "x".repeat(201), dueDate: "2031-01-01", dueTime: "10:00" }, "title"],
      [{ title: "A", dueTime: "10:00" }, "dueDate"],
      [{ title: "A", dueDate: "2031-02-29", dueTime: "10:00" }, "dueDate"],
      [{ title: "A", dueDate: "2031-01-01", dueTime: "24:00" }, "dueTime"],
      [{ title: "A", dueDate: "2031-01-01", dueTime: "10:00", ownerId: "nobody" }, "ownerId"],
      [{ title: "A", dueDate: "2031-01-01", dueTime: "10:00", ownerId: admissions.id }, "ownerId"],
    ];
    for (const [payload, field] of cases) {
      const response = await addTask(row.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), response.body).toContain(field);
    }
    const task = (await addTask(row.id, { title: "A", dueDate: "2031-01-01", dueTime: "10:00" })).json() as Task;
    const halfDue = await patchTask(task.id, { dueDate: "2031-01-02" });
    expect(halfDue.statusCode).toBe(400);
    expect(Object.keys(halfDue.json().error.fields)).toContain("dueTime");
    expect((await addTask("00000000-0000-4000-8000-000000000000", { title: "A", dueDate: "2031-01-01", dueTime: "10:00" })).statusCode).toBe(404);
  });
});

describe("My tasks", () => {
  /** 23:59 on 26 Nov 2030 in Kolkata, and two minutes later, past midnight. */
  const beforeMidnight = new Date("2030-11-26T18:29:00Z");
  const afterMidnight = new Date("2030-11-26T18:31:00Z");
  let owner: Awaited<ReturnType<typeof signedIn>>;
  const titles = (page: MyTasksPage) => page.items.map((item: MyTaskItem) => (item.kind === "followUp" ? `follow-up ${item.dueDate}` : item.title));

  beforeAll(async () => {
    owner = await signedIn(ctx, ["sales"]);
    const mine = await leadFactory(ctx.db, { leadOwner: owner.id, fullName: "Meera Iyer" });
    const post = (title: string, dueDate: string, dueTime: string) => addTask(mine.id, { title, dueDate, dueTime, ownerId: owner.id });
    await post("26th 23:30", "2030-11-26", "23:30");
    await post("27th 00:30", "2030-11-27", "00:30");
    await post("27th 10:00", "2030-11-27", "10:00");
    await post("28th 09:00", "2030-11-28", "09:00");
    const done = (await post("done one", "2030-11-26", "10:00")).json() as Task;
    await patchTask(done.id, { done: true });
    // Someone else's task on my lead, and my follow-ups (one per day).
    await addTask(mine.id, { title: "not mine", dueDate: "2030-11-26", dueTime: "12:00", ownerId: asha.id });
    for (const day of ["2030-11-26", "2030-11-27", "2030-11-28"]) await leadFactory(ctx.db, { leadOwner: owner.id, followUpDate: day, fullName: `Follow ${day}` });
    await leadFactory(ctx.db, { leadOwner: asha.id, followUpDate: "2030-11-26" });
  });

  it("puts tasks and follow-ups in overdue, today and upcoming by the Kolkata clock, either side of midnight", async () => {
    const at = (now: Date, bucket: "overdue" | "today" | "upcoming") => listMyTasks(ctx.db, owner.id, { bucket, limit: 50 }, now);
    const before = await at(beforeMidnight, "overdue");
    expect(before.counts).toEqual({ overdue: 1, today: 1, upcoming: 5 });
    expect(titles(before)).toEqual(["26th 23:30"]);
    expect(titles(await at(beforeMidnight, "today"))).toEqual(["follow-up 2030-11-26"]);
    expect(titles(await at(beforeMidnight, "upcoming"))).toEqual(["follow-up 2030-11-27", "27th 00:30", "27th 10:00", "follow-up 2030-11-28", "28th 09:00"]);

    const after = await at(afterMidnight, "overdue");
    expect(after.counts).toEqual({ overdue: 2, today: 3, upcoming: 2 });
    expect(titles(after)).toEqual(["follow-up 2030-11-26", "26th 23:30"]);
    expect(titles(await at(afterMidnight, "today"))).toEqual(["follow-up 2030-11-27", "27th 00:30", "27th 10:00"]);
    expect(titles(await at(afterMidnight, "upcoming"))).toEqual(["follow-up 2030-11-28", "28th 09:00"]);
  });

  it("pages by keyset: every item once, in order, counts on the first page only", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listMyTasks(ctx.db, owner.id, { bucket: "upcoming", limit: 2, cursor }, beforeMidnight);
      expect(page.counts === undefined).toBe(pages > 0);
      seen.push(...titles(page));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["follow-up 2030-11-27", "27th 00:30", "27th 10:00", "follow-up 2030-11-28", "28th 09:00"]);
  });

  it("answers over HTTP for the signed-in staff member, with links to the leads", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/crm/my-tasks?bucket=upcoming&limit=200", ...as(owner.cookie) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as MyTasksPage;
    // From today (the real clock) the test's 2030 dates are all ahead.
    expect(titles(page)).toEqual(["follow-up 2030-11-26", "26th 23:30", "follow-up 2030-11-27", "27th 00:30", "27th 10:00", "follow-up 2030-11-28", "28th 09:00"]);
    expect(page.counts).toEqual({ overdue: 0, today: 0, upcoming: 7 });
    expect(page.items[1]).toMatchObject({ kind: "task", leadName: "Meera Iyer", dueAt: "2030-11-26T18:00:00.000Z" });
    const bad = await ctx.app.inject({ method: "GET", url: "/api/crm/my-tasks?bucket=later&cursor=zzz", ...as(owner.cookie) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain("bucket");
    const badCursor = await ctx.app.inject({ method: "GET", url: "/api/crm/my-tasks?cursor=zzz", ...as(owner.cookie) });
    expect(badCursor.json().error.fields).toHaveProperty("cursor");
  });

  it("is for Sales and Admin only (401, 403) on every task route", async () => {
    const row = await leadFactory(ctx.db, { leadOwner: asha.id });
    const task = (await addTask(row.id, { title: "Guarded", dueDate: "2031-01-01", dueTime: "10:00" })).json() as Task;
    await expectSalesOnly(ctx, [
      { method: "GET", url: `/api/crm/leads/${row.id}/tasks` },
      { method: "POST", url: `/api/crm/leads/${row.id}/tasks`, payload: { title: "X", dueDate: "2031-01-01", dueTime: "10:00" } },
      { method: "PATCH", url: `/api/crm/tasks/${task.id}`, payload: { done: true } },
      { method: "DELETE", url: `/api/crm/tasks/${task.id}` },
      { method: "GET", url: "/api/crm/my-tasks" },
    ]);
    expect((await tasksOf(row.id)).map((t) => [t.title, t.done])).toEqual([["Guarded", false]]);
  });
});
