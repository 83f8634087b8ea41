// First run (issue 22 §1): while no active admin exists the server has a one-time setup link; its
// form makes the first admin and signs it in, once; a wrong token and a closed setup look the same.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSetting, staff } from "~/server/db/schema";
import { openSetup, SETUP_REFUSED } from "~/server/features/setup/service";
import { updateStaff } from "~/server/features/staff/service";
import { createTestApp, sessionCookie, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const BASE = "http://localhost:3000";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const setup = (body: Record<string, unknown>) => ctx.app.inject({ method: "POST", url: "/api/setup", payload: body });
const admin = (n: number) => ({ name: `First Admin ${n}`, email: `first.admin.${n}@example.com`, password: "first-admin-password" });

describe("the one-time setup link", () => {
  it("is a 128-bit token, stored only as its hash; a start within a minute of another shares its link", async () => {
    const link = await openSetup(ctx.db, BASE);
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?token=[A-Za-z0-9_-]{22}$/);
    const [stored] = await ctx.db.select().from(appSetting).where(eq(appSetting.key, "setup_token"));
    expect(stored!.value).not.toContain(tokenOf(link!));
    expect(stored!.value).toMatch(/^[0-9a-f]{64}:\d+$/);
    // A second process of the same start: the link stays the one printed first.
    expect(await openSetup(ctx.db, BASE)).toBe("shared");
  });

  it("refuses a wrong token with the same answer as a closed setup, and field errors name the field", async () => {
    const wrong = await setup({ token: "not-the-token", ...admin(1) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(SETUP_REFUSED);
    const bad = await setup({ token: "x", name: "", email: "nope", password: "short" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["email", "name", "password"]);
  });

  it("makes the first admin and signs it in, once: the same link again, or another one, is refused", async () => {
    // An older link (a later start replaces it): move the stored time back past the minute.
    await ctx.db.update(appSetting).set({ value: "0".repeat(64) + ":0" }).where(eq(appSetting.key, "setup_token"));
    const link = (await openSetup(ctx.db, BASE)) as string;
    const token = tokenOf(link);

    // Two submissions of the one link at once: one admin.
    const [first, second] = await Promise.all([setup({ token, ...admin(2) }), setup({ token, ...admin(3) })]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    expect(answers).toEqual([201, 403]);
    const made = first.statusCode === 201 ? first : second;
    expect(made.json()).toMatchObject({ roles: ["admin"] });
    const me = await ctx.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: sessionCookie(made) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().roles).toEqual(["admin"]);
    expect(await ctx.db.select().from(staff)).toHaveLength(1);

    expect((await setup({ token, ...admin(4) })).statusCode).toBe(403);
    // With an admin, no link at start, and a stored token (however it got there) makes nobody admin.
    expect(await openSetup(ctx.db, BASE)).toBeNull();
    expect((await setup({ token, ...admin(5) })).json().error.message).toBe(SETUP_REFUSED);
  });

  it("opens again when the only admin is disabled, and an address that already has an account is a field error that keeps the link", async () => {
    const [only] = await ctx.db.select().from(staff);
    await updateStaff(ctx.db, only!.id, { disabled: true }, null);
    await ctx.db.delete(appSetting).where(eq(appSetting.key, "setup_token"));
    const token = tokenOf((await openSetup(ctx.db, BASE)) as string);
    const taken = await setup({ token, name: "Again", email: only!.email, password: "another-admin-password" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toMatch(/already has a staff account/);
    expect((await setup({ token, ...admin(6) })).statusCode).toBe(201);
  });
});
