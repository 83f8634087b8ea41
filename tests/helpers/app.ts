import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppOptions } from "~/server/app";
import { loadConfig, type Config } from "~/server/config";
import type { Db } from "~/server/db/client";
import { SESSION_COOKIE } from "~/server/platform/sessions";
import type { StaffRole } from "~/shared/roles";
import { staffFactory, type StaffCredentials } from "../fixtures/staff";
import { createTestDatabase } from "./database";

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
  /** A second app on the same database, with its own connections and caches: another server process. */
  anotherProcess: () => Promise<FastifyInstance>;
}

/** The real app on a clean database, without pages (those are covered end to end). */
export async function createTestApp(env: Record<string, string> = {}, options: Pick<AppOptions, "timeLimits" | "logStream" | "uploadLimits"> = {}): Promise<TestContext> {
  const { database, drop, connectAgain } = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "http://localhost:3000", ...env });
  const secret = "test-secret-0123456789-0123456789-abcdef";
  const app = await buildApp({ config, database, secret, logger: !!options.logStream, ...options });
  await app.ready();
  const others: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      for (const other of others) {
        await other.app.close();
        await other.close();
      }
      await app.close();
      await drop();
    },
    anotherProcess: async () => {
      const second = await connectAgain();
      const other = await buildApp({ config, database: second, secret, logger: false });
      await other.ready();
      others.push({ app: other, close: () => second.close() });
      return other;
    },
  };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  return sessionCookie(response);
}

/** A staff member with these roles, already signed in: their cookie header and credentials. */
export async function signedIn(ctx: TestContext, roles: StaffRole[]): Promise<StaffCredentials & { cookie: string }> {
  const staff = await staffFactory(ctx.db, roles);
  return { ...staff, cookie: await login(ctx.app, staff.email, staff.password) };
}

/**
 * The usual start of a test file: its app on its own database and one signed-in staff member with
 * `roles`, made before the file's tests and closed after them. Read the fields inside tests and hooks.
 */
export function appWithStaff(roles: StaffRole[]): { ctx: TestContext; staff: StaffCredentials & { cookie: string } } {
  const made = {} as { ctx: TestContext; staff: StaffCredentials & { cookie: string } };
  beforeAll(async () => {
    made.ctx = await createTestApp();
    made.staff = await signedIn(made.ctx, roles);
  });
  afterAll(() => made.ctx?.close());
  return made;
}
