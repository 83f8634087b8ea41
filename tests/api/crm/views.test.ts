// Issue 23 §6: saved views of the lead list, private or shared, with who may see and change them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedView } from "~/shared/schemas/crm-views";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signedIn>>;
let bob: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let admissions: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  [alice, bob, admin, admissions] = await Promise.all([signedIn(ctx, ["sales"]), signedIn(ctx, ["sales"]), signedIn(ctx, ["admin"]), signedIn(ctx, ["admissions"])]);
});
afterAll(() => ctx.close());

type Caller = { cookie: string } | null;
const call = (caller: Caller, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: caller ? { cookie: caller.cookie } : {} });
const save = async (caller: Caller, body: object) => {
  const response = await call(caller, "POST", "/api/crm/views", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SavedView;
};
const namesSeenBy = async (caller: Caller) => ((await call(caller, "GET", "/api/crm/views")).json() as { views: SavedView[] }).views.map((v) => v.name);

describe("saved views", () => {
  it("refuse anonymous callers (401) and staff without the CRM role (403) on every route", async () => {
    const mine = await save(alice, { name: "Guarded" });
    const routes = [
      ["GET", "/api/crm/views"],
      ["POST", "/api/crm/views", { name: "x" }],
      ["PATCH", `/api/crm/views/${mine.id}`, { name: "y" }],
      ["DELETE", `/api/crm/views/${mine.id}`],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(admissions, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("keep a view's tab, search, filters and sort, dropping the paging and sorting the parameters", async () => {
    const view = await save(alice, { name: "Hot Connected", query: "?view=paid&status=Pitched&stage=Connected&q=riya&cursor=abc&sort=score&savedView=x" });
    expect(view).toMatchObject({ name: "Hot Connected", query: "q=riya&sort=score&stage=Connected&status=Pitched&view=paid", shared: false, canEdit: true, ownerId: alice.id });
  });

  it("show a private view to its owner only; nobody else can change or delete it (404)", async () => {
    const view = await save(alice, { name: "Alice only", query: "stage=New" });
    expect(await namesSeenBy(alice)).toContain("Alice only");
    expect(await namesSeenBy(bob)).not.toContain("Alice only");
    expect(await namesSeenBy(admin)).not.toContain("Alice only");
    for (const caller of [bob, admin]) {
      expect((await call(caller, "PATCH", `/api/crm/views/${view.id}`, { name: "Taken over" })).statusCode).toBe(404);
      expect((await call(caller, "DELETE", `/api/crm/views/${view.id}`)).statusCode).toBe(404);
    }
    const renamed = await call(alice, "PATCH", `/api/crm/views/${view.id}`, { name: "Alice's new leads" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Alice's new leads", query: "stage=New" });
  });

  it("show a shared view to the team; only its creator or an admin can change it (403 for the others)", async () => {
    const view = await save(alice, { name: "Team follow-ups", query: "followUp=due", shared: true });
    const seenByBob = ((await call(bob, "GET", "/api/crm/views")).json() as { views: SavedView[] }).views.find((v) => v.id === view.id);
    expect(seenByBob).toMatchObject({ shared: true, canEdit: false, ownerName: alice.name });
    const bobsTry = await call(bob, "PATCH", `/api/crm/views/${view.id}`, { query: "stage=New" });
    expect(bobsTry.statusCode).toBe(403);
    expect(bobsTry.json().error.code).toBe("forbidden");
    expect((await call(bob, "DELETE", `/api/crm/views/${view.id}`)).statusCode).toBe(403);

    const byAdmin = await call(admin, "PATCH", `/api/crm/views/${view.id}`, { name: "Team follow-ups due" });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: "Team follow-ups due", canEdit: true, ownerId: alice.id });

    // Made private again by its creator: the team no longer sees it.
    expect((await call(alice, "PATCH", `/api/crm/views/${view.id}`, { shared: false })).statusCode).toBe(200);
    expect(await namesSeenBy(bob)).not.toContain("Team follow-ups due");
    expect((await call(alice, "DELETE", `/api/crm/views/${view.id}`)).statusCode).toBe(200);
    expect(await namesSeenBy(alice)).not.toContain("Team follow-ups due");
  });

  it("name the field of bad input (400)", async () => {
    const cases: [object, string][] = [
      [{ name: "   " }, "name"],
      [{}, "name"],
      [{ name: "x".repeat(61) }, "name"],
      [{ name: "Bad stage", query: "stage=Somewhere" }, "query"],
      [{ name: "Bad owner", query: "owner=nobody" }, "query"],
      [{ name: "Too long", query: `q=${"a".repeat(2001)}` }, "query"],
      [{ name: "Bad share", shared: "yes" }, "shared"],
    ];
    for (const [body, field] of cases) {
      const response = await call(alice, "POST", "/api/crm/views", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const mine = await save(alice, { name: "Patched badly" });
    const patch = await call(alice, "PATCH", `/api/crm/views/${mine.id}`, { name: "" });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.fields).toHaveProperty("name");
    expect((await call(alice, "PATCH", "/api/crm/views/not-a-uuid", { name: "x" })).statusCode).toBe(400);
  });

  it("keep names unique per owner, any case (409 naming the name); another person may use the same name", async () => {
    await save(alice, { name: "Paid this month" });
    const again = await call(alice, "POST", "/api/crm/views", { name: "paid THIS month" });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fields).toEqual({ name: "You already have a view with this name" });
    await save(bob, { name: "Paid this month", shared: true });

    const other = await save(alice, { name: "Something else" });
    const rename = await call(alice, "PATCH", `/api/crm/views/${other.id}`, { name: "Paid this month" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.fields).toHaveProperty("name");
  });
});
