import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "~/server/db/schema";
import { createTestApp, login, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const newMember = (overrides: Record<string, unknown> = {}) => ({
  email: `New.Person.${Math.random().toString(36).slice(2)}@Example.com`,
  name: "New Person",
  roles: ["admissions"],
  password: "a-strong-password-1",
  ...overrides,
});

describe("staff accounts", () => {
  it("starts with no account at all", async () => {
    const fresh = await createTestApp();
    try {
      expect(await fresh.db.select().from(staff)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("an admin adds an account that can sign in; the password is stored as argon2id", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const body = newMember();
    const created = await ctx.app.inject({ method: "POST", url: "/api/staff", headers: { cookie: admin.cookie }, payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: body.email.toLowerCase(), name: "New Person", roles: ["admissions"], disabled: false });
    expect(created.body).not.toContain("password");
    const [row] = await ctx.db.select().from(staff).where(eq(staff.email, body.email.toLowerCase()));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(login(ctx.app, body.email, body.password)).resolves.toContain("ff_session=");
  });

  it("refuses a second account for the same address, bad roles and a short password, naming the field", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const post = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/staff", headers: { cookie: admin.cookie }, payload });
    const body = newMember();
    expect((await post(body)).statusCode).toBe(201);
    const duplicate = await post({ ...body, email: body.email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toHaveProperty("email");
    const badRole = await post(newMember({ roles: ["boss"] }));
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(badRole.json().error.fields)[0]).toMatch(/^roles/);
    const noRole = await post(newMember({ roles: [] }));
    expect(noRole.json().error.fields).toEqual({ roles: "Choose at least one role" });
    const short = await post(newMember({ password: "short" }));
    expect(short.json().error.fields).toEqual({ password: "Password must be at least 12 characters" });
  });

  it("re-roling or disabling an account ends its sessions at once", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const member = await signedIn(ctx, ["sales"]);
    const patch = (payload: object) =>
      ctx.app.inject({ method: "PATCH", url: `/api/staff/${member.id}`, headers: { cookie: admin.cookie }, payload });
    const reroled = await patch({ roles: ["sales", "content"] });
    expect(reroled.json().roles).toEqual(["sales", "content"]);
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: member.cookie } })).statusCode).toBe(401);

    const again = await login(ctx.app, member.email, member.password);
    expect((await patch({ disabled: true })).json().disabled).toBe(true);
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: again } })).statusCode).toBe(401);
    const refused = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: member.email, password: member.password } });
    expect(refused.statusCode).toBe(401);
    expect((await patch({ disabled: false })).json().disabled).toBe(false);
    await expect(login(ctx.app, member.email, member.password)).resolves.toContain("ff_session=");
  });

  it("an admin cannot disable themself or drop their own admin role", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const patch = (payload: object) => ctx.app.inject({ method: "PATCH", url: `/api/staff/${admin.id}`, headers: { cookie: admin.cookie }, payload });
    expect((await patch({ disabled: true })).statusCode).toBe(400);
    expect((await patch({ roles: ["sales"] })).statusCode).toBe(400);
  });

  it("answers 404 for an unknown account and 400 for a malformed id or an empty change", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const patch = (id: string, payload: object) => ctx.app.inject({ method: "PATCH", url: `/api/staff/${id}`, headers: { cookie: admin.cookie }, payload });
    expect((await patch("00000000-0000-4000-8000-000000000000", { name: "X" })).statusCode).toBe(404);
    const malformed = await patch("not-a-uuid", { name: "X" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: "Not a staff id" });
    expect((await patch(admin.id, {})).statusCode).toBe(400);
  });

  it("lists accounts without any password material", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const list = await ctx.app.inject({ method: "GET", url: "/api/staff", headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().some((m: { email: string }) => m.email === admin.email)).toBe(true);
    expect(list.body).not.toMatch(/argon2|passwordHash/);
  });
});
