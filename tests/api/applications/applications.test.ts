import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { application, lead, outbox, storedFile } from "~/server/db/schema";
import { APPLICATIONS_PER_HOUR } from "~/server/features/applications/routes";
import { DUPLICATE_APPLICATION, RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from "~/server/features/applications/service";
import type { ApplicationInput } from "~/shared/schemas/applications";
import { staffFactory } from "../../fixtures/staff";
import {
  applicationFields,
  applicationInput,
  docxBytes,
  exeBytes,
  multipartBody,
  pdfBytes,
  zipBytes,
  type FilePart,
} from "../../fixtures/applications";
import { createTestApp, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ip = 0;
const post = (fields: Record<string, string>, file?: FilePart, remoteAddress = `10.4.${++ip >> 8}.${ip & 255}`) =>
  ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody(fields, file), remoteAddress });
const apply = (overrides: Partial<ApplicationInput> = {}, file?: FilePart) => post(applicationFields(applicationInput(overrides)), file);
const pdf = (size?: number): FilePart => ({ fileName: "My Resume.pdf", contentType: "application/pdf", data: pdfBytes(size) });
const rowFor = async (email: string) => (await ctx.db.select().from(application).where(eq(application.email, email)))[0];

describe("POST /api/applications", () => {
  it("stores the application with its résumé, status pending, the lead, and queues both e-mails", async () => {
    const reviewer = await staffFactory(ctx.db, ["admissions"]);
    const salesOnly = await staffFactory(ctx.db, ["sales"]);
    const input = applicationInput({ email: "  Asha.Verma@Example.com " });
    const response = await post(applicationFields(input), pdf());
    expect(response.statusCode, response.body).toBe(201);
    const row = await rowFor("asha.verma@example.com");
    expect(row).toMatchObject({
      firstName: "Riya",
      status: "pending",
      countryCode: "+91",
      mobile: input.mobile,
      currentRole: "working_professional",
      experience: "1-2",
      targetRoles: ["founders_office", "strategy_gtm"],
      skillAssessment: { strategy: 4, execution: 3, communication: 5, leadership: 3, growth: 2, tech: 1 },
    });
    const [file] = await ctx.db.select().from(storedFile).where(eq(storedFile.id, row!.resumeFileId!));
    expect(file).toMatchObject({ kind: "resume", contentType: "application/pdf", fileName: "My Resume.pdf", visibility: "private" });
    const [person] = await ctx.db.select().from(lead).where(eq(lead.email, "asha.verma@example.com"));
    expect(person).toMatchObject({ sourceType: "application", hasApplication: true, resumeFileId: row!.resumeFileId, mobile: `91${input.mobile}` });
    const mails = await ctx.db.select().from(outbox);
    expect(mails.filter((m) => m.toAddress === "asha.verma@example.com")).toHaveLength(1);
    const notice = mails.find((m) => m.toAddress === reviewer.email);
    expect(notice?.subject).toBe(`New application: Riya ${input.lastName}`);
    expect(notice?.textBody).toContain("http://localhost:3000/admin");
    expect(mails.find((m) => m.toAddress === salesOnly.email)).toBeUndefined();
  });

  it("accepts a real .docx, no résumé at all, and a LinkedIn address without https://", async () => {
    const docx = await apply({}, { fileName: "cv.docx", contentType: "application/octet-stream", data: docxBytes() });
    expect(docx.statusCode, docx.body).toBe(201);
    const input = applicationInput({ linkedIn: "linkedin.com/in/no-scheme", mobile: "" });
    expect((await post(applicationFields(input))).statusCode).toBe(201);
    const row = await rowFor(input.email.toLowerCase());
    expect(row).toMatchObject({ resumeFileId: null, linkedIn: "https://linkedin.com/in/no-scheme", mobile: "" });
  });

  it.each([
    ["firstName", { firstName: "  " }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["linkedIn", { linkedIn: "" }, "LinkedIn profile URL is required"],
    ["linkedIn", { linkedIn: "https://example.com/in/x" }, "Please enter a valid LinkedIn profile URL"],
    ["linkedIn", { linkedIn: "javascript:alert(1)" }, "Please enter a valid LinkedIn profile URL"],
    ["countryCode", { countryCode: "+999" }, "Choose a country code from the list"],
    ["mobile", { mobile: "call me" }, "Please enter a valid mobile number"],
    ["currentRole", { currentRole: "astronaut" as "other" }, "Choose your current role"],
    ["experience", { experience: "10" as "4+" }, "Choose your experience"],
    ["motivation", { motivation: " " }, "Motivation is required"],
    ["targetRoles", { targetRoles: [] }, "Choose at least one target role"],
    ["targetRoles.0", { targetRoles: ["ceo" as "vc_platform"] }, "Unknown target role"],
    ["skillAssessment.tech", { skillAssessment: { strategy: 3, execution: 3, communication: 3, leadership: 3, growth: 3, tech: 6 } }, "Rate from 1 to 5"],
    ["skillAssessment.growth", { skillAssessment: { strategy: 3, execution: 3, communication: 3, leadership: 3, growth: 2.5, tech: 3 } }, "Rate from 1 to 5"],
    ["skillAssessment.strategy", { skillAssessment: { strategy: 0, execution: 3, communication: 3, leadership: 3, growth: 3, tech: 3 } }, "Rate from 1 to 5"],
    ["readinessConfirmed", { readinessConfirmed: false as true }, "Please confirm the weekly commitment"],
    ["expectationsConfirmed", { expectationsConfirmed: false as true }, "Please confirm you're ready for simulation-based learning"],
  ] as const)("refuses %s: %j", async (field, overrides, message) => {
    const response = await apply(overrides as Partial<ApplicationInput>);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it("refuses missing fields, malformed JSON text and booleans that are not true/false, naming each field", async () => {
    const fields = applicationFields(applicationInput());
    const withoutTwo = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== "firstName" && key !== "skillAssessment"));
    const response = await post(withoutTwo);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ firstName: "First name is required", skillAssessment: "Rate each of the six skills" });
    const bad = await post({ ...fields, targetRoles: "[not json", skillAssessment: "{}", readinessConfirmed: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      targetRoles: "Choose at least one target role",
      "skillAssessment.strategy": "Rate from 1 to 5",
      readinessConfirmed: "Must be true or false",
    });
  });

  it("refuses a renamed executable, a zip named .docx, a 6 MB file and a file in the wrong field", async () => {
    const exe = await apply({}, { fileName: "resume.pdf", contentType: "application/pdf", data: exeBytes() });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.fields).toEqual({ resume: RESUME_WRONG_TYPE });
    const zip = await apply({}, { fileName: "resume.docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", data: zipBytes({ "notes.txt": "hello" }) });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error.fields).toEqual({ resume: RESUME_WRONG_TYPE });
    const big = await apply({}, pdf(6 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toEqual({ resume: RESUME_TOO_LARGE });
    const huge = await apply({}, pdf(9 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.fields).toEqual({ resume: RESUME_TOO_LARGE });
    const wrongField = await apply({}, { ...pdf(), field: "photo" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toHaveProperty("photo");
    expect(await ctx.db.select({ id: storedFile.id }).from(storedFile).where(eq(storedFile.kind, "resume"))).toHaveLength(2);
  });

  it("answers JSON with 415, not 500", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/applications", payload: applicationInput() });
    expect(response.statusCode).toBe(415);
  });

  it("treats a second application from the same address while one is open as a duplicate, stored once", async () => {
    const input = applicationInput();
    const [first, second] = await Promise.all([post(applicationFields(input), pdf()), post(applicationFields(input), pdf())]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const conflict = first.statusCode === 409 ? first : second;
    expect(conflict.json().error.fields).toEqual({ email: DUPLICATE_APPLICATION });
    const rows = await ctx.db.select().from(application).where(eq(application.email, input.email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, input.email.toLowerCase()))).toHaveLength(1);
    // Once that application is closed, the person may apply again.
    await ctx.db.update(application).set({ status: "rejected" }).where(eq(application.id, rows[0]!.id));
    expect((await post(applicationFields(input))).statusCode).toBe(201);
  });

  it("accepts and drops a submission whose honeypot is filled", async () => {
    const input = applicationInput();
    expect((await post({ ...applicationFields(input), website: "http://spam" })).statusCode).toBe(201);
    expect(await rowFor(input.email.toLowerCase())).toBeUndefined();
  });

  it("limits applications per address per hour", async () => {
    const address = "10.77.7.7";
    for (let i = 0; i < APPLICATIONS_PER_HOUR; i++) {
      expect((await post(applicationFields(applicationInput()), undefined, address)).statusCode).toBe(201);
    }
    const input = applicationInput();
    expect((await post(applicationFields(input), undefined, address)).statusCode).toBe(429);
    expect(await rowFor(input.email.toLowerCase())).toBeUndefined();
  });
});
