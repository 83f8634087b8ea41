import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, staff as staffTable, staffSession } from "~/server/db/schema";
import { LOCKOUT_ACTION, LOGIN_LIMITS, TOO_MANY_ATTEMPTS } from "~/server/features/auth/service";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from "~/server/platform/sessions";
import { staffFactory } from "../../fixtures/staff";
import { createTestApp, login, sessionCookie, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = (cookie?: string) => ctx.app.inject({ method: "GET", url: "/api/auth/me", headers: cookie ? { cookie } : {} });
const attempt = (email: string, password: string, ip = "10.0.0.1") =>
  ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

describe("the staff session, as the staff pages ask for it", () => {
  it("answers null before sign-in (200, so the browser logs no error) and the person after", async () => {
    const before = await ctx.app.inject({ method: "GET", url: "/api/auth/session" });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ user: null });
    expect(before.headers["cache-control"]).toBe("private, no-store");
    const staff = await staffFactory(ctx.db, ["content"]);
    const cookie = sessionCookie(await attempt(staff.email, staff.password, "10.0.0.77"));
    const after = await ctx.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(after.json()).toEqual({ user: { name: staff.name, email: staff.email, roles: ["content"] } });
    await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json()).toEqual({ user: null });
  });
});

describe("a password hashed at an older cost", () => {
  const TODAYS_COST = /^\$argon2id\$v=19\$m=12288,t=3,p=1\$/;
  it("is hashed again at today's cost by the next right sign-in, and only by a right one", async () => {
    const member = await staffFactory(ctx.db, ["sales"]);
    const storedHash = async () => (await ctx.db.select({ h: staffTable.passwordHash }).from(staffTable).where(eq(staffTable.id, member.id)))[0]!.h;
    expect(await storedHash()).toMatch(TODAYS_COST);
    // As accounts made before the cost changed were stored: OWASP's 19 MiB, 2 passes.
    const older = await hash(member.password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await ctx.db.update(staffTable).set({ passwordHash: older }).where(eq(staffTable.id, member.id));

    expect((await attempt(member.email, "not-the-password-at-all", "10.0.9.1")).statusCode).toBe(401);
    expect(await storedHash()).toBe(older);
    expect((await attempt(member.email, member.password, "10.0.9.1")).statusCode).toBe(200);
    const rehashed = await storedHash();
    expect(rehashed).toMatch(TODAYS_COST);
    expect((await attempt(member.email, member.password, "10.0.9.2")).statusCode).toBe(200);
    expect(await storedHash(), "a current hash is left as it is").toBe(rehashed);
  });
});

describe("a sign-out made by another process", () => {
  it("is refused by this process on its very next request, even right after a signed-in answer", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const other = await ctx.anotherProcess();
    const cookie = await login(other, staff.email, staff.password);
    expect((await me(cookie)).statusCode).toBe(200);
    // Written straight to the database, as a second worker's or host's sign-out would be.
    await ctx.db.update(staffSession).set({ revokedAt: new Date() }).where(eq(staffSession.staffId, staff.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("a disabled account is refused by every process at once", async () => {
    const staff = await staffFactory(ctx.db, ["sales"]);
    const cookie = await login(ctx.app, staff.email, staff.password);
    expect((await me(cookie)).statusCode).toBe(200);
    const other = await ctx.anotherProcess();
    const admin = await staffFactory(ctx.db, ["admin"]);
    const adminCookie = await login(other, admin.email, admin.password);
    const disabled = await other.inject({ method: "PATCH", url: `/api/staff/${staff.id}`, headers: { cookie: adminCookie }, payload: { disabled: true } });
    expect(disabled.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("staff sign-in", () => {
  it("signs in, sets a protected cookie and answers name, email and roles", async () => {
    const staff = await staffFactory(ctx.db, ["admissions", "sales"]);
    const response = await attempt(staff.email.toUpperCase(), staff.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: staff.name, email: staff.email, roles: ["admissions", "sales"] });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe("/");
    const who = await me(sessionCookie(response));
    expect(who.statusCode).toBe(200);
    expect(who.json().email).toBe(staff.email);
  });

  it("marks the cookie Secure when the site is served over https", async () => {
    const secure = await createTestApp({ PUBLIC_BASE_URL: "https://example.org" });
    try {
      const staff = await staffFactory(secure.db, ["admin"]);
      const response = await secure.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: staff.email, password: staff.password } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it("gives the same answer for a wrong password, an unknown account and a disabled one", async () => {
    const staff = await staffFactory(ctx.db, ["content"]);
    const disabled = await staffFactory(ctx.db, ["content"]);
    await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: staff.email, password: staff.password } });
    const { disableStaff } = await import("~/server/features/staff/service");
    await disableStaff(ctx.db, disabled.email);
    const answers = await Promise.all([
      attempt(staff.email, "wrong-password-here", "10.1.0.1"),
      attempt("nobody@example.com", "whatever-password", "10.1.0.2"),
      attempt(disabled.email, disabled.password, "10.1.0.3"),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: { code: "unauthenticated", message: "Invalid email or password" } });
      expect(answer.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it("names the missing field", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@b.co" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: "Password is required" });
  });

  it("logout revokes the session on the server, not only the cookie", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const cookie = await login(ctx.app, staff.email, staff.password);
    const out = await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("rotates the session at sign-in: the cookie held before stops working", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const first = await login(ctx.app, staff.email, staff.password);
    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: first },
      payload: { email: staff.email, password: staff.password },
    });
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it("ends sessions after the idle time and after the absolute time", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const idle = await login(ctx.app, staff.email, staff.password);
    await ctx.db.update(staffSession).set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) }).where(eq(staffSession.staffId, staff.id));
    expect((await me(idle)).statusCode).toBe(401);

    const old = await login(ctx.app, staff.email, staff.password);
    await ctx.db.update(staffSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffSession.staffId, staff.id));
    expect((await me(old)).statusCode).toBe(401);
    expect(SESSION_ABSOLUTE_MS).toBeGreaterThan(SESSION_IDLE_MS);
  });

  it("throttles one account from one address, without locking the owner out elsewhere; each lockout is logged and counted", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    expect((await attempt(staff.email, staff.password, "10.2.9.9")).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(staff.email, "wrong-password", "10.2.0.1")).statusCode).toBe(401);
    }
    const blocked = await attempt(staff.email, staff.password, "10.2.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: "rate_limited", message: TOO_MANY_ATTEMPTS });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The owner, from their own address and from a new one, is not held back by someone else's failures.
    expect((await attempt(staff.email, staff.password, "10.2.9.9")).statusCode).toBe(200);
    expect((await attempt(staff.email, staff.password, "10.2.5.5")).statusCode).toBe(200);
    const lockouts = await ctx.db.select().from(auditEvent).where(and(eq(auditEvent.action, LOCKOUT_ACTION), eq(auditEvent.subject, staff.id)));
    expect(lockouts.map((l) => l.detail)).toEqual([{ limit: "perAccountAndAddress", ip: "10.2.0.1" }]);
  });

  it("stops a guess spread over many addresses at the account's ceiling, except from the owner's own addresses", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    expect((await attempt(staff.email, staff.password, "10.6.9.9")).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await attempt(staff.email, "wrong-password", `10.6.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    }
    expect((await attempt(staff.email, staff.password, "10.6.200.1")).statusCode).toBe(429);
    expect((await attempt(staff.email, staff.password, "10.6.9.9")).statusCode).toBe(200);
  });

  it("only failures use up the allowance: signing in again and again is never throttled", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress + 2; i++) {
      expect((await attempt(staff.email, staff.password, "10.7.0.1")).statusCode).toBe(200);
    }
  });

  it("throttles repeated failures from one address across accounts", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await attempt(`someone-${i}@example.com`, "wrong-password", "10.3.0.1")).statusCode).toBe(401);
    }
    expect((await attempt(staff.email, staff.password, "10.3.0.1")).statusCode).toBe(429);
    expect((await attempt(staff.email, staff.password, "10.3.0.2")).statusCode).toBe(200);
  });

  it("refuses state-changing requests from another origin", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const payload = { email: staff.email, password: staff.password };
    const foreign = await ctx.app.inject({ method: "POST", url: "/api/auth/login", headers: { origin: "https://evil.example" }, payload });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await ctx.app.inject({ method: "POST", url: "/api/newsletter", headers: { "sec-fetch-site": "cross-site" }, payload: { email: "x@example.com" } });
    expect(crossSite.statusCode).toBe(403);
    const own = await ctx.app.inject({ method: "POST", url: "/api/auth/login", headers: { origin: "http://localhost:3000" }, payload });
    expect(own.statusCode).toBe(200);
  });
});
