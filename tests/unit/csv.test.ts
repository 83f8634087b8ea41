import { describe, expect, it } from "vitest";
import { paged, safeCell } from "~/server/platform/csv";

describe("CSV cells", () => {
  it("neutralises cells a spreadsheet could run as formulas", () => {
    expect(safeCell("=HYPERLINK(\"http://x\")")).toBe("'=HYPERLINK(\"http://x\")");
    for (const start of ["=", "@", "\t", "\r"]) expect(safeCell(`${start}1`)).toBe(`'${start}1`);
    // After a sign, anything but a plain number could compute or reference.
    for (const text of ["+1+1", "-2*A1", "+A1", "-", "+", "+91 98765 43210", "-1e3", "+1.", "+cmd|' /C calc'!A0", "-SUM(A1:A2)"]) {
      expect(safeCell(text), text).toBe(`'${text}`);
    }
    expect(safeCell("plain@example.com")).toBe("plain@example.com");
    expect(safeCell(null)).toBe("");
  });

  it("writes a plain signed number, such as a country code, without the guard", () => {
    for (const text of ["+91", "+1", "-5", "+65", "-0.25", "+971"]) expect(safeCell(text), text).toBe(text);
  });

  it("writes a moment in the screens' one style, in Asia/Kolkata", () => {
    expect(safeCell(new Date("2026-11-23T14:03:05Z"))).toBe("23 Nov 2026, 7:33 pm");
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
