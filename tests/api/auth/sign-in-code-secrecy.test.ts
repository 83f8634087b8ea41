// A candidate's sign-in code is kept in clear nowhere but in the e-mail itself (issue 24 §3): not in
// any table (the outbox included) before or after sending, and never in the server's log.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Db } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { startMailWorker } from "~/server/platform/mail/worker";
import { createTestApp, type TestContext } from "../../helpers/app";
import { startSmtpPeer, type SmtpPeer } from "../../helpers/smtp-peer";
import { postReport, reportInput, someIp, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
/** A real SMTP peer on loopback: what it received is what left the system. */
let smtp: SmtpPeer;
/** Every line the app logged, at the most verbose level. */
const logLines: string[] = [];

beforeAll(async () => {
  // No SMTP_URL, as a production server without mail: the code must not turn up in the log instead.
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, LOG_LEVEL: "trace" }, { logStream: { write: (line: string) => void logLines.push(line) } });
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
});

const askForCode = (email: string) =>
  ctx.app.inject({ method: "POST", url: "/api/simulation/validate-email", payload: { email }, headers: { "x-forwarded-for": someIp() } });

/** Every row of every table, as PostgreSQL writes it out as JSON: what a dump or a backup holds. */
async function everyRow(db: Db): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((t) => t.name)).toContain("public.outbox");
  const rows: string[] = [];
  for (const { name } of tables) {
    rows.push(...rowsOf<{ row: string }>(await db.execute(sql.raw(`select row_to_json(t)::text as row from ${name} t`))).map((r) => r.row));
  }
  return rows.join("\n");
}

/** The code as a number of its own (not the tail of a timestamp's microseconds or part of a longer token). */
const holdsCode = (text: string, code: string) => new RegExp(`(?<![0-9A-Za-z._-])${code}(?![0-9A-Za-z_-])`).test(text);

/** Every column of the address's outbox rows as text, the sealed bytes included. */
async function outboxRowsOf(email: string): Promise<string> {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => JSON.stringify(row) + (row.secretSealed ? row.secretSealed.toString("latin1") : "")).join("\n");
}

const codeMailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email)).map((m) => m.raw.replace(/=\r?\n/g, "")).filter((raw) => raw.includes("sign-in code is"));

/** Runs the real mail worker until the peer has a new sign-in code e-mail for `email`; returns the code in it. */
async function deliverCodeTo(email: string): Promise<string> {
  const before = codeMailsTo(email).length;
  const worker = startMailWorker({ db: ctx.db, smtpUrl: smtp.url, from: "Site <no-reply@example.com>", secret: ctx.app.secret, log: ctx.app.log, intervalMs: 100 });
  try {
    for (let i = 0; i < 100 && codeMailsTo(email).length === before; i++) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await worker.stop();
  }
  const mail = codeMailsTo(email).at(-1);
  expect(mail, `no sign-in code e-mail delivered to ${email}`).toBeDefined();
  const code = /sign-in code is (\d{6})/.exec(mail!)?.[1];
  expect(code, mail).toBeDefined();
  return code!;
}

describe("a sign-in code is not kept in clear", () => {
  it("is in no table while the e-mail waits, reaches the candidate over SMTP, and leaves nothing behind once sent", async () => {
    await postReport(ctx.app, reportInput({ email: "secret.keeper@example.com", fullName: "Secret Keeper" }));
    expect((await askForCode("secret.keeper@example.com")).statusCode).toBe(200);
    const waiting = await everyRow(ctx.db);
    const waitingOutbox = await outboxRowsOf("secret.keeper@example.com");

    const code = await deliverCodeTo("secret.keeper@example.com");
    expect(holdsCode(waiting, code), "a table held the code while the e-mail waited").toBe(false);
    expect(holdsCode(waitingOutbox, code), "the outbox row held the code").toBe(false);
    expect(waitingOutbox).not.toContain(code);

    // The code the peer received is the real one.
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation/verify",
      payload: { email: "secret.keeper@example.com", code },
      headers: { "x-forwarded-for": someIp() },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const codeMails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "secret.keeper@example.com"));
    expect(codeMails.every((mail) => mail.status === "sent")).toBe(true);
    expect(codeMails.every((mail) => mail.secretSealed === null)).toBe(true);
    expect(holdsCode(await everyRow(ctx.db), code), "a table held the code after sending").toBe(false);
    expect(await outboxRowsOf("secret.keeper@example.com")).not.toContain(code);
  });

  it("never appears in the log (SMTP unset, as in production; and while the worker sends it)", async () => {
    expect((await askForCode("quiet@example.com")).statusCode).toBe(200);
    const code = await deliverCodeTo("quiet@example.com");
    const log = logLines.join("");
    // The log did capture this request and the worker's round, so the check below can fail.
    expect(log).toContain("/api/simulation/validate-email");
    expect(log).toContain("mail delivered");
    expect(holdsCode(log, code), "the log holds the code").toBe(false);
  });

  it("is printed by a development server without SMTP (npm run dev), for the developer", async () => {
    const devLog: string[] = [];
    const dev = await createTestApp({ NODE_ENV: "development" }, { logStream: { write: (line: string) => void devLog.push(line) } });
    try {
      const asked = await dev.app.inject({ method: "POST", url: "/api/simulation/validate-email", payload: { email: "dev@example.com" } });
      expect(asked.statusCode).toBe(200);
      const code = /sign-in code for dev@example\.com is (\d{6})/.exec(devLog.join(""))?.[1];
      expect(code).toBeDefined();
      const verified = await dev.app.inject({ method: "POST", url: "/api/simulation/verify", payload: { email: "dev@example.com", code } });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
