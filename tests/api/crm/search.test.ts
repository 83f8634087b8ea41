// Issue 21 item 4: what a search finds and in what order. An e-mail-shaped entry matches no mobile
// ("lead246801@" found 14 leads by their mobiles' digits); the lead an entry names outright (its whole
// e-mail or mobile) comes first, then the rest newest first, page after page without repeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadPage } from "~/shared/schemas/crm";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const response = await ctx.app.inject({ method: "GET", url: `/api/crm/leads?${query}`, headers: { cookie: sales.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadPage;
};
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
/** Six random digits that no other test's mobile is likely to hold. */
const sixDigits = () => String(100_000 + Math.floor(Math.random() * 900_000));

describe("an e-mail-shaped entry", () => {
  it("matches e-mails only, not the mobiles that hold its digits", async () => {
    const tag = searchTag("es");
    const digits = sixDigits();
    const wanted = await leadFactory(ctx.db, { email: `${tag}${digits}@example.com`, fullName: "Shaped Wanted" });
    for (let i = 0; i < 3; i++) await leadFactory(ctx.db, { fullName: `Mobile Holder ${i}`, mobile: `91${i}${digits}${i}${i}${i}` });
    for (const q of [`${tag}${digits}@`, `${tag}${digits}@example.com`]) {
      const page = await list(`q=${encodeURIComponent(q)}`);
      expect(page.leads.map((l) => l.id), q).toEqual([wanted.id]);
      expect(page).toMatchObject({ total: 1, totalIsEstimate: false });
    }
    // Digits alone still find the mobiles (and the e-mail that holds them).
    expect((await list(`q=${digits}`)).total).toBe(4);
  });
});

describe("exact matches first", () => {
  it("the whole e-mail (any case) comes before newer leads whose e-mail merely contains it, on the first page only", async () => {
    const tag = searchTag("ex");
    const email = `${tag}@example.com`;
    const exact = await leadFactory(ctx.db, { email, fullName: "Exact Person", createdAt: minutesAgo(30) });
    const containing = [];
    for (let i = 0; i < 3; i++) containing.push(await leadFactory(ctx.db, { email: `pre${i}${email}`, fullName: `Containing ${i}`, createdAt: minutesAgo(10 - i) }));
    const newestFirst = [...containing].reverse().map((l) => l.id);
    const first = await list(`q=${encodeURIComponent(email.toUpperCase())}&limit=2`);
    expect(first.leads.map((l) => l.id)).toEqual([exact.id, ...newestFirst.slice(0, 2)]);
    expect(first).toMatchObject({ total: 4, totalIsEstimate: false });
    const second = await list(`q=${encodeURIComponent(email)}&limit=2&cursor=${first.nextCursor}`);
    expect(second.leads.map((l) => l.id)).toEqual(newestFirst.slice(2));
    expect(second.nextCursor).toBeNull();
    // The tab it is not in has none of them.
    expect((await list(`q=${encodeURIComponent(email)}&view=paid&limit=1`)).total).toBe(0);
  });

  it("the whole mobile, typed with +91 and spaces, comes before newer leads whose mobile contains it", async () => {
    const digits = `98${sixDigits()}${Math.floor(Math.random() * 90 + 10)}`;
    const exact = await leadFactory(ctx.db, { mobile: `91${digits}`, fullName: "Exact Mobile", createdAt: minutesAgo(30) });
    const longer = await leadFactory(ctx.db, { mobile: `91${digits}7`, fullName: "Longer Mobile", createdAt: minutesAgo(5) });
    const page = await list(`q=${encodeURIComponent(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`)}`);
    expect(page.leads.map((l) => l.id)).toEqual([exact.id, longer.id]);
    expect(page.total).toBe(2);
  });
});

describe("a search that matches nothing", () => {
  it("answers its tab counts with an exact 0", async () => {
    for (const view of ["active", "paid"]) expect(await list(`q=zzqqxx${searchTag("")}&view=${view}&limit=1`)).toMatchObject({ leads: [], total: 0, totalIsEstimate: false });
  });
});
