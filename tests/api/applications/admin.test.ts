import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { application, auditEvent, lead, storedFile } from "~/server/db/schema";
import { currentRoleLabel, experienceLabel } from "~/shared/application-options";
import { formatDateTime } from "~/shared/format-date";
import type { ApplicationInput } from "~/shared/schemas/applications";
import type { ApplicationRecord } from "~/shared/schemas/applications";
import { applicationFields, applicationInput, multipartBody, pdfBytes } from "../../fixtures/applications";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let admissions: string;
let sales: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admissions = (await signedIn(ctx, ["admissions"])).cookie;
  sales = (await signedIn(ctx, ["sales"])).cookie;
});
afterAll(() => ctx.close());

let ip = 0;
const TARGET_LABELS = "VC/Platform Operations;Growth Engineer / Technical PM;Category Manager";
async function apply(overrides: Partial<ApplicationInput> = {}, withResume = false): Promise<string> {
  const input = applicationInput(overrides);
  const file = withResume ? { fileName: "Résumé; final (v2).pdf", contentType: "application/pdf", data: pdfBytes(4000) } : undefined;
  const response = await ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody(applicationFields(input), file), remoteAddress: `10.5.0.${++ip}` });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.db.select({ id: application.id }).from(application).where(eq(application.email, input.email.toLowerCase()));
  return row!.id;
}
const get = (url: string, cookie = admissions) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
const list = async (query = "") => (await get(`/api/applications?${query}`)).json() as { items: ApplicationRecord[]; total: number; overall: number };

describe("the Applications tab's API", () => {
  it("lists newest first, pages, searches name/e-mail/mobile and filters by stage in the database", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await apply({ firstName: `Pager${i}`, mobile: `9000000${100 + i}` }));
    const searchedName = await list("q=pager&pageSize=2&page=1");
    expect(searchedName.total).toBe(5);
    expect(searchedName.items.map((a) => a.id)).toEqual([ids[4], ids[3]]);
    expect((await list("q=pager&pageSize=2&page=3")).items.map((a) => a.id)).toEqual([ids[0]]);
    expect((await list("q=9000000102")).items.map((a) => a.id)).toEqual([ids[2]]);
    expect((await list("q=%2B91 9000000103")).items.map((a) => a.id)).toEqual([ids[3]]);
    const mail = (await ctx.db.select().from(application).where(eq(application.id, ids[1]!)))[0]!.email;
    expect((await list(`q=${encodeURIComponent(mail.toUpperCase())}`)).items.map((a) => a.id)).toEqual([ids[1]]);
    expect((await list("q=pag%25")).total).toBe(0);

    await ctx.app.inject({ method: "PATCH", url: `/api/applications/${ids[0]}/status`, headers: { cookie: admissions }, payload: { status: "shortlisted" } });
    await ctx.db.update(application).set({ status: "legacy_value" }).where(eq(application.id, ids[1]!));
    expect((await list("status=shortlisted")).items.map((a) => a.id)).toEqual([ids[0]]);
    const pending = await list("status=pending&q=pager");
    expect(pending.items.map((a) => a.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(pending.total).toBe(4);
    expect((await list("status=paid")).total).toBe(0);
    expect((await list("status=paid")).overall).toBeGreaterThanOrEqual(5);
    const bad = await get("/api/applications?status=hired&pageSize=500");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["pageSize", "status"]);
  });

  it("accepts only the seven statuses, and records who changed one", async () => {
    const id = await apply();
    const patch = (status: unknown, cookie = admissions) =>
      ctx.app.inject({ method: "PATCH", url: `/api/applications/${id}/status`, headers: { cookie }, payload: { status } });
    for (const status of ["shortlisted", "selected", "pending_payment", "paid", "rejected", "closed_lost", "pending"]) {
      expect((await patch(status)).statusCode, status).toBe(200);
    }
    for (const status of ["hired", "Pending Review", "", null, 3]) {
      const response = await patch(status);
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json().error.fields).toHaveProperty("status");
    }
    expect((await patch("paid", sales)).statusCode).toBe(403);
    const missing = await ctx.app.inject({ method: "PATCH", url: "/api/applications/00000000-0000-4000-8000-000000000000/status", headers: { cookie: admissions }, payload: { status: "paid" } });
    expect(missing.statusCode).toBe(404);
    const notUuid = await ctx.app.inject({ method: "PATCH", url: "/api/applications/abc/status", headers: { cookie: admissions }, payload: { status: "paid" } });
    expect(notUuid.statusCode).toBe(400);
    const audits = await ctx.db.select().from(auditEvent).where(eq(auditEvent.subject, id));
    expect(audits).toHaveLength(7);
  });

  it("serves a résumé only to admin and admissions, with a safe file name", async () => {
    const id = await apply({}, true);
    const anonymous = await ctx.app.inject({ method: "GET", url: `/api/applications/${id}/resume` });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(`/api/applications/${id}/resume`, sales)).statusCode).toBe(403);
    const admin = await signedIn(ctx, ["admin"]);
    for (const cookie of [admissions, admin.cookie]) {
      const response = await get(`/api/applications/${id}/resume`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="R_sum_ final (v2).pdf"; filename*=UTF-8''R_sum_%20final%20(v2).pdf`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    const withoutResume = await apply();
    expect((await get(`/api/applications/${withoutResume}/resume`)).statusCode).toBe(404);
    const [item] = (await list(`q=${encodeURIComponent("")}`)).items.filter((a) => a.id === id);
    expect(item?.resume).toEqual({ fileName: "R_sum_ final (v2).pdf", size: 4000 });
  });

  it("deletes the application and its résumé, and clears the lead's pointer to it", async () => {
    const id = await apply({}, true);
    const [row] = await ctx.db.select().from(application).where(eq(application.id, id));
    const del = (cookie = admissions) => ctx.app.inject({ method: "DELETE", url: `/api/applications/${id}`, headers: { cookie } });
    expect((await del(sales)).statusCode).toBe(403);
    expect((await del()).statusCode).toBe(200);
    expect(await ctx.db.select().from(application).where(eq(application.id, id))).toHaveLength(0);
    expect(await ctx.db.select().from(storedFile).where(eq(storedFile.id, row!.resumeFileId!))).toHaveLength(0);
    const [person] = await ctx.db.select().from(lead).where(eq(lead.email, row!.email));
    expect(person).toMatchObject({ hasApplication: true, resumeFileId: null });
    expect((await del()).statusCode).toBe(404);
  });

  it("exports every application as CSV with the spec's columns, semicolon-joined roles and formula-safe cells", async () => {
    const id = await apply({
      firstName: "=HYPERLINK(\"http://evil\")",
      lastName: "-2+3",
      countryCode: "+91",
      currentRole: "recent_graduate",
      motivation: 'Line one\nline "two", and more',
      targetRoles: ["vc_platform", "growth_engineer", "category_manager"],
    });
    expect((await get("/api/applications.csv", sales)).statusCode).toBe(403);
    const response = await get("/api/applications.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="founders-find-applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = response.body.replace(/^\uFEFF/, "");
    const [header] = body.split("\n");
    expect(header).toBe(
      '"ID","First Name","Last Name","Email","Country Code","Mobile","LinkedIn","Current Role","Experience","Motivation","Target Roles","Strategy","Execution","Communication","Leadership","Growth","Tech","Status","Submitted At"',
    );
    const line = body.split("\n").find((l) => l.startsWith(`"${id}"`))!;
    // A formula is guarded; a country code is a plain signed number and is written as it is.
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")","'-2+3"`);
    const record = body.slice(body.indexOf(`"${id}"`));
    expect(record).toMatch(/^"[^"]+","'=HYPERLINK\(""http:\/\/evil""\)","'-2\+3","[^"]+","\+91",/);
    // Labels where people read them, and the screens' date style.
    const [row] = await ctx.db.select().from(application).where(eq(application.id, id));
    expect(record).toContain(
      `"Line one\nline ""two"", and more","${TARGET_LABELS}","4","3","5","3","2","1","Pending Review","${formatDateTime(row!.submittedAt)}"`,
    );
    expect(record).toContain(`"${currentRoleLabel("recent_graduate")}","${experienceLabel(row!.experience)}"`);
    expect(currentRoleLabel("recent_graduate")).not.toBe("recent_graduate");
    const total = (await ctx.db.select({ id: application.id }).from(application)).length;
    expect(body.trim().split(/\n(?=")/).length - 1).toBe(total);
  });
});
