import { describe, expect, it } from "vitest";
import { normaliseStatus, statusLabel } from "~/shared/application-status";
import { applicationSchema } from "~/shared/schemas/applications";
import { EMPTY_DRAFT, isStepValid, stepOfField } from "~/web/features/application-wizard/wizard-steps";
import { applicationInput } from "../fixtures/applications";

describe("the wizard's step rules (visitor-side §5)", () => {
  it("step 1 needs first name, last name, email and LinkedIn, whitespace counting as empty; mobile never", () => {
    const filled = { ...EMPTY_DRAFT, firstName: "A", lastName: "B", email: "a@b.co", linkedIn: "linkedin.com/in/a" };
    expect(isStepValid(1, EMPTY_DRAFT)).toBe(false);
    expect(isStepValid(1, filled)).toBe(true);
    expect(isStepValid(1, { ...filled, lastName: "   " })).toBe(false);
    expect(isStepValid(1, { ...filled, mobile: "" })).toBe(true);
  });

  it("steps 2–4 need their fields; step 5 nothing more", () => {
    expect(isStepValid(2, { ...EMPTY_DRAFT, currentRole: "student", experience: "0" })).toBe(false);
    expect(isStepValid(2, { ...EMPTY_DRAFT, currentRole: "student", experience: "0", motivation: "Why" })).toBe(true);
    expect(isStepValid(3, EMPTY_DRAFT)).toBe(false);
    expect(isStepValid(3, { ...EMPTY_DRAFT, targetRoles: ["vc_platform"] })).toBe(true);
    expect(isStepValid(4, { ...EMPTY_DRAFT, readinessConfirmed: true })).toBe(false);
    expect(isStepValid(4, { ...EMPTY_DRAFT, readinessConfirmed: true, expectationsConfirmed: true })).toBe(true);
    expect(isStepValid(5, EMPTY_DRAFT)).toBe(true);
  });

  it("defaults to +91 and every slider at 3, and maps server fields back to their step", () => {
    expect(EMPTY_DRAFT.countryCode).toBe("+91");
    expect(Object.values(EMPTY_DRAFT.skillAssessment)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(stepOfField("email")).toBe(1);
    expect(stepOfField("resume")).toBe(1);
    expect(stepOfField("motivation")).toBe(2);
    expect(stepOfField("skillAssessment.tech")).toBe(3);
    expect(stepOfField("expectationsConfirmed")).toBe(4);
    expect(stepOfField("website")).toBeNull();
  });

  it("shows an unknown status as pending", () => {
    expect(normaliseStatus("legacy")).toBe("pending");
    expect(statusLabel("legacy")).toBe("Pending Review");
    expect(statusLabel("closed_lost")).toBe("Closed Lost");
  });

  it("the shared schema normalises what the server stores", () => {
    const parsed = applicationSchema.parse(applicationInput({ email: " A@B.CO ", targetRoles: ["vc_platform", "vc_platform"], linkedIn: "in.linkedin.com/in/x" }));
    expect(parsed).toMatchObject({ email: "a@b.co", targetRoles: ["vc_platform"], linkedIn: "https://in.linkedin.com/in/x" });
    expect(applicationSchema.safeParse(applicationInput({ linkedIn: "https://linkedin.com/" })).success).toBe(false);
    expect(applicationSchema.safeParse(applicationInput({ linkedIn: "https://evil.com/linkedin.com/in/x" })).success).toBe(false);
  });
});
