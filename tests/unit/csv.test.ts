import { describe, expect, it } from "vitest";
import { paged, safeCell } from "~/server/platform/csv";

describe("CSV cells", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(safeCell("=HYPERLINK(\"http://x\")")).toBe("'=HYPERLINK(\"http://x\")");
    for (const start of ["+", "-", "@", "\t", "\r"]) expect(safeCell(`${start}1`)).toBe(`'${start}1`);
    expect(safeCell("plain@example.com")).toBe("plain@example.com");
    expect(safeCell(null)).toBe("");
    expect(safeCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("keyset paging", () => {
  it("walks every page once, asking for each with the last key seen", async () => {
    const data = Array.from({ length: 7 }, (_, i) => i + 1);
    const asked: (number | null)[] = [];
    const rows: number[] = [];
    const source = paged(
      async (after: number | null) => {
        asked.push(after);
        return data.filter((n) => n > (after ?? 0)).slice(0, 3);
      },
      (n) => n,
    );
    for await (const row of source) rows.push(row);
    expect(rows).toEqual(data);
    expect(asked).toEqual([null, 3, 6, 7]);
  });
});
