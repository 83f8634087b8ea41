import { describe, expect, it } from "vitest";
import { chatbotUrl } from "~/shared/chatbot-url";
import { parseInstructions } from "~/shared/instructions";
import { filterSimulations, libraryTags } from "~/shared/library-filter";
import { slugify } from "~/shared/slug";
import { cleanTags } from "~/shared/schemas/simulations";

describe("parseInstructions", () => {
  it("splits numbered steps and their ' - ' sub-points", () => {
    expect(parseInstructions("1. Read the brief - note numbers - keep notes. 2. Answer each scene.")).toEqual([
      { kind: "step", number: 1, text: "Read the brief", points: ["note numbers", "keep notes."] },
      { kind: "step", number: 2, text: "Answer each scene.", points: [] },
    ]);
  });

  it("shows text before, or without, numbers with a check mark", () => {
    expect(parseInstructions("Set aside 40 minutes.\n\n1. Go")).toEqual([
      { kind: "note", text: "Set aside 40 minutes." },
      { kind: "step", number: 1, text: "Go", points: [] },
    ]);
    expect(parseInstructions("Just play.\n- Bring a laptop")).toEqual([
      { kind: "note", text: "Just play." },
      { kind: "note", text: "Bring a laptop" },
    ]);
  });

  it("does not split decimals, versions, hyphenated words or dashes without spaces", () => {
    expect(parseInstructions("1. Grow revenue 2.5x in Q3-Q4 - use v2.0 data")).toEqual([
      { kind: "step", number: 1, text: "Grow revenue 2.5x in Q3-Q4", points: ["use v2.0 data"] },
    ]);
    expect(parseInstructions("Sales fell 20.5% - find why")[0]).toEqual({ kind: "note", text: "Sales fell 20.5% - find why" });
  });

  it("handles awkward input: empty, blank, trailing numbers, newlines, bullet-only steps, CRLF", () => {
    expect(parseInstructions("")).toEqual([]);
    expect(parseInstructions(null)).toEqual([]);
    expect(parseInstructions("   \n  ")).toEqual([]);
    expect(parseInstructions("1. Only step 2.")).toEqual([{ kind: "step", number: 1, text: "Only step", points: [] }]);
    expect(parseInstructions("1.\r\n- a\r\n- b\r\n10. Ten")).toEqual([
      { kind: "step", number: 1, text: "", points: ["a", "b"] },
      { kind: "step", number: 10, text: "Ten", points: [] },
    ]);
    expect(parseInstructions("1.Read")).toEqual([{ kind: "note", text: "1.Read" }]);
    expect(parseInstructions("3. Third 1. First")).toEqual([
      { kind: "step", number: 3, text: "Third", points: [] },
      { kind: "step", number: 1, text: "First", points: [] },
    ]);
  });
});

describe("library filter", () => {
  const sims = [
    { title: "Pricing Sprint", subtitle: "Set a price", tags: ["Strategy", "SaaS"] },
    { title: "Festive Launch", subtitle: "Plan a category", tags: ["Category"] },
    { title: "Funnel Fix", subtitle: "growth STRATEGY for signups", tags: ["Growth"] },
  ];
  it("searches title, subtitle and tags case-insensitively, matches any selected tag, and needs both", () => {
    expect(filterSimulations(sims, "  strategy ", []).map((s) => s.title)).toEqual(["Pricing Sprint", "Funnel Fix"]);
    expect(filterSimulations(sims, "", ["Category", "Growth"]).map((s) => s.title)).toEqual(["Festive Launch", "Funnel Fix"]);
    expect(filterSimulations(sims, "strategy", ["Growth"]).map((s) => s.title)).toEqual(["Funnel Fix"]);
    expect(filterSimulations(sims, "nothing", [])).toEqual([]);
    expect(libraryTags(sims)).toEqual(["Strategy", "SaaS", "Category", "Growth"]);
  });
});

describe("chatbot link", () => {
  it("adds a known person's e-mail and name, keeping the link's own parameters", () => {
    expect(chatbotUrl("https://typebot.io/x")).toBe("https://typebot.io/x");
    expect(chatbotUrl("https://typebot.io/x?utm=lib", { email: " a+b@example.com ", name: "Meera K" })).toBe(
      "https://typebot.io/x?utm=lib&email=a%2Bb%40example.com&name=Meera+K",
    );
    expect(chatbotUrl("https://typebot.io/x?email=fixed@example.com", { email: "other@example.com", name: "" })).toBe(
      "https://typebot.io/x?email=fixed@example.com",
    );
  });
});

describe("slugs and tags", () => {
  it("makes ASCII slugs and cleans tags", () => {
    expect(slugify("Founder's Office: Day-1 Plan")).toBe("founder-s-office-day-1-plan");
    expect(slugify("x".repeat(80))).toHaveLength(60);
    expect(cleanTags([" a ", "A", "", "b"])).toEqual(["a", "b"]);
  });
});
