import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { application, inboxMessage } from "~/server/db/schema";
import { LINKEDIN_MESSAGE } from "~/shared/schemas/links";
import { applicationFields, applicationInput, multipartBody } from "../../fixtures/applications";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let content: string;
beforeAll(async () => {
  ctx = await createTestApp();
  content = (await signedIn(ctx, ["content"])).cookie;
});
afterAll(() => ctx.close());

let n = 0;
const ip = () => `10.9.${++n >> 8}.${n & 255}`;

/** The three forms that take a LinkedIn address, each answering with the stored value or the field's message. */
const forms = {
  async wizard(linkedIn: string) {
    const email = `wizard-${++n}@example.com`;
    const response = await ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody(applicationFields(applicationInput({ email, linkedIn }))), remoteAddress: ip() });
    if (response.statusCode !== 201) return { status: response.statusCode, message: response.json().error.fields?.linkedIn };
    const [row] = await ctx.db.select().from(application).where(eq(application.email, email));
    return { status: response.statusCode, stored: row!.linkedIn };
  },
  async becomeAMentor(linkedin: string) {
    const email = `mentor-${++n}@example.com`;
    const payload = { name: "Leela Das", email, message: "I want to give back.", experience: "9 years", expertise: "Growth", linkedin };
    const response = await ctx.app.inject({ method: "POST", url: "/api/mentor-applications", payload, remoteAddress: ip() });
    if (response.statusCode !== 200) return { status: response.statusCode, message: response.json().error.fields?.linkedin };
    const [row] = await ctx.db.select().from(inboxMessage).where(eq(inboxMessage.email, email));
    return { status: response.statusCode, stored: row!.linkedin };
  },
  async mentorsEditor(linkedin: string) {
    const payload = [{ id: 1, name: "Asha", role: "Head of Growth", image: "", bio: "", linkedin }];
    const response = await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload });
    if (response.statusCode !== 200) return { status: response.statusCode, message: response.json().error.fields?.["0.linkedin"] };
    return { status: response.statusCode, stored: (await ctx.app.inject({ method: "GET", url: "/api/mentors" })).json()[0].linkedin };
  },
};

describe("one LinkedIn rule on the wizard, Become a Mentor and the Mentors editor", () => {
  it.each(Object.keys(forms) as (keyof typeof forms)[])("%s stores linkedin.com/in/x and http:// addresses as https://", async (form) => {
    expect(await forms[form]("linkedin.com/in/asha-rao")).toMatchObject({ stored: "https://linkedin.com/in/asha-rao" });
    expect(await forms[form]("  www.linkedin.com/in/asha-rao/ ")).toMatchObject({ stored: "https://www.linkedin.com/in/asha-rao/" });
    expect(await forms[form]("http://in.linkedin.com/in/asha")).toMatchObject({ stored: "https://in.linkedin.com/in/asha" });
    expect(await forms[form]("HTTPS://linkedin.com/in/asha")).toMatchObject({ stored: "https://linkedin.com/in/asha" });
  });

  it.each(Object.keys(forms) as (keyof typeof forms)[])("%s refuses anything else with the same message, naming the field", async (form) => {
    for (const value of ["https://www.linkedin.com/", "linkedin dot com", "https://example.com/in/x", "javascript:alert(1)", "https://linkedin.com@evil.example/in/x", "ftp://linkedin.com/in/x"]) {
      expect(await forms[form](value), value).toEqual({ status: 400, message: LINKEDIN_MESSAGE });
    }
  });
});
