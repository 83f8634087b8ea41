import { desc, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  application,
  auditEvent,
  brochureDownload,
  candidateLoginCode,
  candidateSession,
  dataErasureCode,
  inboxMessage,
  lead,
  newsletterSubscription,
  outbox,
  rateLimit,
  reportBestAttempt,
  reportScoreHistogram,
  simulationReport,
  storedFile,
} from "~/server/db/schema";
import { submitApplication } from "~/server/features/applications/service";
import { recordBrochureDownload } from "~/server/features/brochure/service";
import { receiveInboxMessage } from "~/server/features/inbox/service";
import { subscribe } from "~/server/features/newsletter/service";
import { pruneOldCodes } from "~/server/features/reports/data-rights";
import { emailHash, ERASED_MAIL_ERROR } from "~/server/platform/mail/erased-addresses";
import { deliverDueMail, queueMail, renderMail, type MailMessage, type Sender } from "~/server/platform/mail/outbox";
import { applicationSchema } from "~/shared/schemas/applications";
import { applicationInput } from "../../fixtures/applications";
import { candidateCookie, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

const BASE = "http://localhost:3000";
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" });
});
afterAll(() => ctx.close());
afterEach(() => ctx.db.delete(rateLimit));

/** Everything a person can leave with us: two reports, an application, a brochure request, a message, the newsletter. */
async function aPerson(email: string, fullName: string) {
  const first = (await postReport(ctx.app, reportInput({ email, fullName, completedAt: "2026-03-01T10:00:00Z" }))).json<{ slug: string }>();
  await postReport(ctx.app, reportInput({ email, fullName, completedAt: "2026-04-01T10:00:00Z" }));
  await submitApplication(ctx.db, applicationSchema.parse(applicationInput({ email, firstName: fullName.split(" ")[0]! })), null, BASE);
  await recordBrochureDownload(ctx.db, { name: fullName, email, mobile: "+91 98765 43210" });
  await receiveInboxMessage(ctx.db, { kind: "contact", name: fullName, email, subject: "Fees", message: "What are the program fees?" }, BASE);
  await subscribe(ctx.db, email, BASE);
  return { slug: first.slug, cookie: await candidateCookie(ctx.app, email) };
}

const get = (url: string, cookie?: string) => ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) => ctx.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });

/** The confirmation code e-mailed last to the address, as the worker would send it. */
async function erasureCode(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt)).limit(1);
  const rendered = renderMail(mail!, ctx.app.secret);
  const code = "text" in rendered ? /deleting your data is (\d{6})/.exec(rendered.text)?.[1] : undefined;
  if (!code) throw new Error(`No erasure code e-mailed to ${email}`);
  return code;
}

/** Stands in for the SMTP peer: records what the outbox worker hands over. */
function recordingSender() {
  const sent: MailMessage[] = [];
  const sender: Sender = { send: async (message) => void sent.push(message) };
  return { sender, sent, delivery: { from: "Site <no-reply@example.com>", serverSecret: ctx.app.secret } };
}

describe("who may use Your data", () => {
  it("refuses anonymous callers and staff on every candidate route, and non-admins on the audit list", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const admissions = await signedIn(ctx, ["admissions"]);
    for (const cookie of [undefined, admin.cookie]) {
      expect((await get("/api/simulation/my-data", cookie)).statusCode).toBe(401);
      expect((await get("/api/simulation/my-data/erasure", cookie)).statusCode).toBe(401);
      expect((await post("/api/simulation/my-data/erasure/code", {}, cookie)).statusCode).toBe(401);
      expect((await post("/api/simulation/my-data/erasure", { code: "123456" }, cookie)).statusCode).toBe(401);
    }
    expect((await get("/api/admin/data-requests")).statusCode).toBe(401);
    expect((await get("/api/admin/data-requests", admissions.cookie)).statusCode).toBe(403);
    expect((await get("/api/admin/data-requests", admin.cookie)).statusCode).toBe(200);
  });
});

describe("Download my data", () => {
  it("is a ZIP of JSON files and report PDFs with the person's data only, and no secrets", async () => {
    const meera = await aPerson("meera@example.com", "Meera Shah");
    await aPerson("kiran@example.com", "Kiran Das");
    await ctx.db.update(lead).set({ notes: "Staff-only: call after 6 pm" }).where(eq(lead.email, "meera@example.com"));

    const response = await get("/api/simulation/my-data", meera.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="founders-find-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining(["README.txt", "reports.json", "applications.json", "brochure-requests.json", "messages.json", "newsletter.json", "sign-in-history.json", "crm-record.json", "emails.json"]),
    );
    const pdfs = names.filter((name) => name.startsWith("reports/") && name.endsWith(".pdf"));
    expect(pdfs).toHaveLength(2);
    for (const pdf of pdfs) expect(strFromU8(files[pdf]!.subarray(0, 5))).toBe("%PDF-");

    const reports = json("reports.json") as { email: string; yourAnswers: Record<string, string> }[];
    expect(reports).toHaveLength(2);
    expect(reports.every((r) => r.email === "meera@example.com")).toBe(true);
    expect(Object.keys(reports[0]!.yourAnswers).length).toBeGreaterThan(0);
    expect(json("applications.json")).toMatchObject([{ email: "meera@example.com" }]);
    expect(json("brochure-requests.json")).toMatchObject([{ email: "meera@example.com", name: "Meera Shah" }]);
    expect(json("messages.json")).toMatchObject([{ kind: "Contact Us", message: "What are the program fees?" }]);
    expect(json("newsletter.json")).toMatchObject([{ email: "meera@example.com", unsubscribedAt: null }]);
    const history = json("sign-in-history.json") as { signInCodes: object[]; sessions: object[] };
    expect(history.signInCodes.length).toBeGreaterThan(0);
    expect(history.sessions.length).toBeGreaterThan(0);
    expect(json("crm-record.json")).toMatchObject([{ email: "meera@example.com", hasApplication: true }]);

    const everything = names.filter((n) => n.endsWith(".json")).map((n) => strFromU8(files[n]!)).join("\n");
    expect(everything).not.toContain("kiran@example.com");
    expect(everything).not.toMatch(/codeHash|code_hash|unsubscribeToken|requestedFrom/);
    expect(everything).not.toContain("Staff-only: call after 6 pm");

    const [event] = await ctx.db.select().from(auditEvent).where(eq(auditEvent.action, "data-request.export")).orderBy(desc(auditEvent.at)).limit(1);
    expect(event!.subject).toBe(emailHash("meera@example.com"));
    expect(JSON.stringify(event)).not.toContain("meera@");
  });
});

describe("Delete my data", () => {
  it("refuses a missing, wrong, expired or used-up code, and another candidate's code, saying which", async () => {
    const neha = await aPerson("neha@example.com", "Neha Jain");
    const other = await aPerson("omar@example.com", "Omar Khan");
    const confirm = (code: string, cookie = neha.cookie) => post("/api/simulation/my-data/erasure", { code }, cookie);

    const none = await confirm("123456");
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.code).toMatch(/No deletion code is waiting/);
    expect((await confirm("12ab")).json().error.fields.code).toBe("Please enter the 6-digit code");

    expect((await post("/api/simulation/my-data/erasure/code", {}, neha.cookie)).statusCode).toBe(200);
    const code = await erasureCode("neha@example.com");
    const wrong = code === "000000" ? "000001" : "000000";
    const first = await confirm(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().error.fields.code).toBe("That code is not valid: 4 tries left.");
    // Neha's code means nothing signed in as Omar.
    expect((await confirm(code, other.cookie)).statusCode).toBe(400);

    await ctx.db.update(dataErasureCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataErasureCode.email, "neha@example.com"));
    const expired = await confirm(code);
    expect(expired.json().error.fields.code).toBe("This code has expired. Please ask for a new code.");

    await post("/api/simulation/my-data/erasure/code", {}, neha.cookie);
    const fresh = await erasureCode("neha@example.com");
    const badOne = fresh === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) await confirm(badOne);
    expect((await confirm(fresh)).json().error.fields.code).toBe("This code had too many wrong tries. Please ask for a new code.");

    // Nothing was erased along the way.
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "neha@example.com"))).toHaveLength(2);
    expect((await get("/api/simulation/reports", neha.cookie)).statusCode).toBe(200);
  });

  it("erases everything with the right code in one go: no reports at the next sign-in, lead anonymised, queued mail never sent", async () => {
    const ravi = await aPerson("ravi.erase@example.com", "Ravi Menon");
    const email = "ravi.erase@example.com";
    await ctx.db.update(lead).set({ notes: "Called twice", saleAmount: 50000 }).where(eq(lead.email, email));
    const [leadBefore] = await ctx.db.select().from(lead).where(eq(lead.email, email));

    const histogramTotal = async () =>
      (await ctx.db.select().from(reportScoreHistogram).where(eq(reportScoreHistogram.dimension, ""))).reduce((sum, row) => sum + row.candidates, 0);
    const before = await histogramTotal();
    expect(await ctx.db.select().from(reportBestAttempt).where(eq(reportBestAttempt.email, email))).toHaveLength(1);
    const plan = await get("/api/simulation/my-data/erasure", ravi.cookie);
    expect(plan.json()).toEqual({ reports: 2, applications: 1, brochureRequests: 1, messages: 1, newsletter: true, lead: "anonymise" });
    expect((await post("/api/simulation/my-data/erasure/code", {}, ravi.cookie)).statusCode).toBe(200);
    const code = await erasureCode(email);
    const [codeMail] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(codeMail!.subject).toBe("Confirm deleting your Founder's Find data");
    expect(codeMail!.textBody).toContain("2 simulation reports with your answers");
    expect(codeMail!.textBody).not.toMatch(/\d{6}/);

    // A "report ready" style e-mail still waiting in the outbox when the person erases.
    await queueMail(ctx.db, { to: email, subject: "Your report is ready", text: "Hi Ravi" });

    const erased = await post("/api/simulation/my-data/erasure", { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }, ravi.cookie);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: true, keptPaymentRecord: false });
    expect(erased.cookies.find((c) => c.name === "ff_candidate")?.value).toBe("");

    for (const table of [simulationReport, application, brochureDownload, inboxMessage, newsletterSubscription]) {
      expect(await ctx.db.select().from(table).where(eq(table.email, email))).toHaveLength(0);
    }
    expect(await ctx.db.select().from(candidateSession).where(eq(candidateSession.email, email))).toHaveLength(0);
    expect(await ctx.db.select().from(candidateLoginCode).where(eq(candidateLoginCode.email, email))).toHaveLength(0);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(0);
    // Their best attempt left the percentile histogram.
    expect(await ctx.db.select().from(reportBestAttempt).where(eq(reportBestAttempt.email, email))).toHaveLength(0);
    expect(await histogramTotal()).toBe(before - 1);
    const [anonymised] = await ctx.db.select().from(lead).where(eq(lead.id, leadBefore!.id));
    expect(anonymised).toMatchObject({ email: `erased-${leadBefore!.id}@erased.invalid`, fullName: "Erased", mobile: null, linkedIn: null, motivation: null, saleAmount: null });
    expect(anonymised!.notes).toMatch(/^Personal data erased at the person's request on \d{4}-\d{2}-\d{2}\.$/);
    expect((await get("/api/simulation/reports", ravi.cookie)).statusCode).toBe(401);

    // Staff see it, by hash only.
    const admin = await signedIn(ctx, ["admin"]);
    const list = (await get("/api/admin/data-requests", admin.cookie)).json<{ items: { kind: string; emailHash: string; detail: Record<string, unknown> }[] }>();
    expect(list.items.find((item) => item.kind === "erase" && item.emailHash === emailHash(email))?.detail).toMatchObject({ reports: 2, lead: "anonymise" });

    // Mail for the address that reaches the outbox afterwards (a send that raced the erasure) is stopped at send time.
    const straggler = await queueMail(ctx.db, { to: email, subject: "Your report is ready", text: "Hi Ravi" });
    const { sender, sent, delivery } = recordingSender();
    await deliverDueMail(ctx.db, sender, delivery);
    expect(sent.filter((m) => m.to === email)).toHaveLength(0);
    const [stopped] = await ctx.db.select().from(outbox).where(eq(outbox.id, straggler));
    expect(stopped).toMatchObject({ status: "failed", lastError: ERASED_MAIL_ERROR });

    // Signing in again works (the code the person asks for now is sent) and shows no reports.
    const again = await candidateCookie(ctx.app, email);
    await deliverDueMail(ctx.db, sender, delivery);
    expect(sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual([expect.stringMatching(/^\d{6} is your Founder's Find code$/)]);
    expect((await get("/api/simulation/reports", again)).json()).toEqual({ email, reports: [] });
  });

  it("keeps a paying lead's name, address and payment record, says so, and removes the rest", async () => {
    const email = "paid.erase@example.com";
    const person = await aPerson(email, "Priya Nair");
    await ctx.db
      .update(lead)
      .set({ leadStatus: "CW - Full Payment", saleAmount: 40000, collectedAmount: 40000, txnReference: "TXN-778899", notes: "VIP" })
      .where(eq(lead.email, email));
    expect((await get("/api/simulation/my-data/erasure", person.cookie)).json().lead).toBe("keep-payment");
    await post("/api/simulation/my-data/erasure/code", {}, person.cookie);
    const done = await post("/api/simulation/my-data/erasure", { code: await erasureCode(email) }, person.cookie);
    expect(done.json()).toEqual({ erased: true, keptPaymentRecord: true });
    const [kept] = await ctx.db.select().from(lead).where(eq(lead.email, email));
    expect(kept).toMatchObject({ fullName: "Priya Nair", saleAmount: 40000, collectedAmount: 40000, txnReference: "TXN-778899", mobile: null, motivation: null, linkedIn: null });
    expect(kept!.notes).toMatch(/Kept by law: name, e-mail and the payment record/);
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, email))).toHaveLength(0);
  });

  it("deletes an uploaded résumé with its application", async () => {
    const email = "resume.erase@example.com";
    const person = await aPerson(email, "Sana Pillai");
    const [file] = await ctx.db.insert(storedFile).values({ kind: "resume", contentType: "application/pdf", fileName: "cv.pdf", size: 4, sha256: "x", data: Buffer.from("%PDF") }).returning();
    await ctx.db.update(application).set({ resumeFileId: file!.id }).where(eq(application.email, email));
    const zip = unzipSync(new Uint8Array((await get("/api/simulation/my-data", person.cookie)).rawPayload));
    expect(Object.keys(zip)).toContain(`resumes/${file!.id}/cv.pdf`);
    await post("/api/simulation/my-data/erasure/code", {}, person.cookie);
    await post("/api/simulation/my-data/erasure", { code: await erasureCode(email) }, person.cookie);
    expect(await ctx.db.select().from(storedFile).where(eq(storedFile.id, file!.id))).toHaveLength(0);
  });
});

describe("sign-in history", () => {
  it("keeps codes 30 days past their expiry, then drops them", async () => {
    const day = 24 * 60 * 60 * 1000;
    const email = "history@example.com";
    const expiresAt = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    await ctx.db.insert(candidateLoginCode).values([
      { email, codeHash: "old", expiresAt: expiresAt(31) },
      { email, codeHash: "recent", expiresAt: expiresAt(29) },
    ]);
    await ctx.db.insert(dataErasureCode).values([
      { email, codeHash: "old", expiresAt: expiresAt(31) },
      { email, codeHash: "recent", expiresAt: expiresAt(29) },
    ]);
    await pruneOldCodes(ctx.db);
    expect((await ctx.db.select().from(candidateLoginCode).where(eq(candidateLoginCode.email, email))).map((c) => c.codeHash)).toEqual(["recent"]);
    expect((await ctx.db.select().from(dataErasureCode).where(eq(dataErasureCode.email, email))).map((c) => c.codeHash)).toEqual(["recent"]);
  });
});
