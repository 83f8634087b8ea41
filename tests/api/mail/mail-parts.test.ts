// Every e-mail goes out as HTML with a plain-text alternative (issue 20 §4): the outbox row holds both
// parts, and a real SMTP peer on loopback receives multipart/alternative with the same two parts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, simulationReport } from "~/server/db/schema";
import { renderMail } from "~/server/platform/mail/outbox";
import { startMailWorker } from "~/server/platform/mail/worker";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";
import { startSmtpPeer, type SmtpPeer } from "../../helpers/smtp-peer";
import { postReport, reportInput, someIp, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
let admissions: string;
let smtp: SmtpPeer;

beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" });
  admissions = (await signedIn(ctx, ["admissions"])).cookie;
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
});

const mailsTo = (email: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));

/** Runs the real mail worker until the peer has received a message for `email`; returns the raw message. */
async function deliveredTo(email: string): Promise<string> {
  const worker = startMailWorker({ db: ctx.db, smtpUrl: smtp.url, from: "Founder's Find <no-reply@example.com>", secret: ctx.app.secret, log: ctx.app.log, intervalMs: 100 });
  try {
    for (let i = 0; i < 100 && !smtp.received.some((m) => m.to.includes(email)); i++) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await worker.stop();
  }
  const raw = smtp.received.find((m) => m.to.includes(email))?.raw;
  expect(raw, `nothing delivered to ${email}`).toBeDefined();
  return raw!;
}

/** Header lines unfolded, and a part's body decoded from its transfer encoding. */
function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { headers, body };
}

/** The top headers and the text/plain and text/html parts of a multipart/alternative message. */
function alternativeParts(raw: string) {
  const message = parsePart(raw);
  const type = message.headers["content-type"] ?? "";
  expect(type).toMatch(/^multipart\/alternative;/);
  const boundary = /boundary="?([^";]+)"?/.exec(type)![1]!;
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parsePart(part.replace(/^\r\n/, "")));
  const of = (mime: string) => parts.find((part) => part.headers["content-type"]?.startsWith(mime));
  // A part's body ends with the line break before the next boundary.
  const body = (mime: string) => of(mime)?.body.replace(/\r\n$/, "").replace(/\r\n/g, "\n");
  return { subject: message.headers.subject, text: body("text/plain"), html: body("text/html") };
}

describe("e-mails carry an HTML part and a plain-text alternative", () => {
  it("report ready: both parts in the outbox, multipart/alternative over SMTP, the button on the report itself", async () => {
    const posted = await postReport(ctx.app, reportInput({ email: "parts.ready@example.com", fullName: "Parts Ready" }));
    expect(posted.statusCode, posted.body).toBe(200);
    const slug = posted.json().slug as string;
    const [row] = await mailsTo("parts.ready@example.com");
    const link = `http://localhost:3000/simulation-report/${slug}`;
    expect(row!.textBody).toContain(`Open my report: ${link}`);
    expect(row!.textBody).toContain("your scores by skill, written feedback on your skills");
    expect(row!.htmlBody).toContain(`href="${link}"`);
    expect(row!.htmlBody).toContain("You got this e-mail because");

    const sent = alternativeParts(await deliveredTo("parts.ready@example.com"));
    expect(sent.subject).toBe("Your Founder's Office Diagnostic report is ready");
    // What a plain-text client shows is exactly the stored text part; an HTML client gets the HTML part.
    expect(sent.text).toBe(row!.textBody);
    expect(sent.html).toBe(row!.htmlBody);
  });

  it("sign-in code: the code is in the subject and both parts as sent, and in no stored column", async () => {
    await postReport(ctx.app, reportInput({ email: "parts.code@example.com", fullName: "Parts Code" }));
    await ctx.db.update(outbox).set({ status: "sent" }).where(eq(outbox.toAddress, "parts.code@example.com"));
    const asked = await ctx.app.inject({ method: "POST", url: "/api/simulation/validate-email", payload: { email: "parts.code@example.com" }, headers: { "x-forwarded-for": someIp() } });
    expect(asked.statusCode).toBe(200);
    const [row] = (await mailsTo("parts.code@example.com")).filter((mail) => mail.status === "pending");
    expect(row!.subject).toBe("{{one-time-code}} is your Founder's Find code");
    expect(row!.htmlBody).toContain("{{one-time-code}}");

    const sent = alternativeParts(await deliveredTo("parts.code@example.com"));
    const code = /^(\d{6}) is your Founder's Find code$/.exec(sent.subject ?? "")?.[1];
    expect(code, sent.subject).toBeDefined();
    expect(sent.text).toContain(`Your Founder's Find sign-in code is ${code}.`);
    expect(sent.html).toContain(`>${code}</p>`);
    const verified = await ctx.app.inject({ method: "POST", url: "/api/simulation/verify", payload: { email: "parts.code@example.com", code }, headers: { "x-forwarded-for": someIp() } });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("the test notification is marked as a test and links to its slug", async () => {
    const payload = { email: "parts.test@example.com", fullName: "Test Person", simulationType: "Diagnostic", totalScore: 77, slug: "my-test-slug" };
    const ok = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-notification", headers: { cookie: admissions }, payload });
    expect(ok.statusCode).toBe(200);
    const [row] = await mailsTo("parts.test@example.com");
    expect(row!.subject).toBe("[Test] Your Diagnostic report is ready");
    expect(row!.textBody.startsWith("Test e-mail")).toBe(true);
    expect(row!.htmlBody).toContain("Test e-mail");
    expect(row!.textBody).toContain("Open my report: http://localhost:3000/simulation-report/my-test-slug");
    const rendered = renderMail(row!, ctx.app.secret);
    expect("html" in rendered && rendered.html).toContain('href="http://localhost:3000/simulation-report/my-test-slug"');
  });

  it("a report imported from CSV gets a 'report ready' that promises only its dimension scores", async () => {
    const csv = [
      "Name,Email,Company,Total Score,Strategy,Execution,Communication,Leadership,Growth,Tech,Completed At",
      "Imported Parts,parts.imported@example.com,Acme,72,7.5,6,8,7,6.5,5,2025-03-01T10:00:00Z",
    ].join("\n");
    const body = multipart("file", "reports.csv", Buffer.from(csv), "text/csv");
    const imported = await ctx.app.inject({ method: "POST", url: "/api/simulation/admin/reports/import", headers: { ...body.headers, cookie: admissions }, payload: body.payload });
    expect(imported.statusCode, imported.body).toBe(200);
    const bulk = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions, "content-type": "application/json" } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const [report] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "parts.imported@example.com"));
    const [row] = await mailsTo("parts.imported@example.com");
    expect(row!.textBody).toContain("The full report shows your score in each of its 6 dimensions.");
    for (const part of [row!.textBody, row!.htmlBody!]) expect(part).not.toMatch(/by skill|feedback|summary|answers/i);
    expect(row!.textBody).toContain(`http://localhost:3000/simulation-report/${report!.slug}`);
    expect(row!.htmlBody).toContain("You got this e-mail because");
  });
});
