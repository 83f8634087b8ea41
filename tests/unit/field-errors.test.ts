import { describe, expect, it } from "vitest";
import { fieldErrors, fieldErrorsByPath, issueFields } from "~/shared/schemas/common";
import { z } from "~/shared/schemas/zod";
import { mentorListSchema } from "~/shared/schemas/mentors";
import { simulationInputSchema } from "~/shared/schemas/simulations";
import { refreshFieldErrors } from "~/web/lib/use-field-errors";

const simulation = { title: "", subtitle: "", imageUrl: "", tags: [], instructions: "", typebotUrl: "", visibility: "public" };

describe("field errors after an edit", () => {
  it("clears a message as soon as its field is valid, keeping the others", () => {
    const before = fieldErrors(simulationInputSchema, simulation);
    expect(before.title).toBe("Title is required");
    const filled = { ...simulation, title: "Pricing teardown" };
    const after = refreshFieldErrors(before, "title", fieldErrors(simulationInputSchema, filled));
    expect(after.title).toBeUndefined();
    expect(after.subtitle).toBe(before.subtitle);
    expect(after.typebotUrl).toBe(before.typebotUrl);
  });

  it("replaces the message while the field is still wrong, and ignores edits to fields without one", () => {
    const current = { typebotUrl: "Typebot URL is required" };
    const found = fieldErrors(simulationInputSchema, { ...simulation, typebotUrl: "typebot" });
    expect(refreshFieldErrors(current, "typebotUrl", found).typebotUrl).toBe(found.typebotUrl);
    expect(found.typebotUrl).not.toBe(current.typebotUrl);
    expect(refreshFieldErrors(current, "title", found)).toBe(current);
  });

  it("drops a server-only message when its field is edited", () => {
    expect(refreshFieldErrors({ email: "This e-mail already has an account" }, "email", {})).toEqual({});
  });

  it("works on a list keyed by path (the mentor editor)", () => {
    const list = [{ id: 1, name: "A", role: "B", image: "", bio: "", linkedin: "not a link" }];
    const before = fieldErrorsByPath(mentorListSchema, list);
    expect(before).toEqual({ "0.linkedin": "Please enter a valid LinkedIn profile URL" });
    const fixed = [{ ...list[0]!, linkedin: "linkedin.com/in/a" }];
    expect(refreshFieldErrors(before, "0.linkedin", fieldErrorsByPath(mentorListSchema, fixed))).toEqual({});
  });
});

describe("issueFields: a failed parse by field (forms and the server's 400s)", () => {
  const strict = z.object({ name: z.string().min(1, "Name is required"), tags: z.array(z.string().max(3, "Too long")) }).strict();

  it("names each field once, with its first problem, a nested one by its path", () => {
    const parsed = strict.safeParse({ name: "", tags: ["ok", "much too long"] });
    expect(issueFields(parsed.error!.issues)).toEqual({ name: "Name is required", "tags.1": "Too long" });
  });

  it("names each unknown key, worded by the caller, and a problem of the whole value under the name given", () => {
    const extra = strict.safeParse({ name: "A", tags: [], constructor: 1, pendingAmount: 2 });
    const fields = issueFields(extra.error!.issues, { unknownKey: (key) => (key === "pendingAmount" ? "Worked out" : "Not accepted") });
    expect({ ...fields }).toEqual({ constructor: "Not accepted", pendingAmount: "Worked out" });
    const whole = strict.safeParse("not an object");
    expect(Object.keys(issueFields(whole.error!.issues, { whole: "_" }))).toEqual(["_"]);
  });
});
