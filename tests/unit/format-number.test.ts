import { describe, expect, it } from "vitest";
import { groupIndian } from "~/shared/format-number";
import { formatRupees } from "~/shared/program/offer";

describe("Indian digit grouping", () => {
  it("groups the last three digits, then pairs", () => {
    expect(formatRupees(149990)).toBe("₹1,49,990");
    expect(groupIndian(14999)).toBe("14,999");
    expect(groupIndian(1_000_000)).toBe("10,00,000");
    expect(groupIndian(999)).toBe("999");
    expect(groupIndian(0)).toBe("0");
    expect(groupIndian(-1_234_567)).toBe("-12,34,567");
  });

  it("writes what Intl's en-IN writes for whole numbers of every length", () => {
    for (let digits = 1; digits <= 16; digits++) {
      for (const lead of [1, 5, 9]) {
        const value = Number(String(lead).padEnd(digits, "7"));
        if (!Number.isSafeInteger(value)) continue;
        expect(groupIndian(value)).toBe(value.toLocaleString("en-IN"));
        expect(groupIndian(-value)).toBe((-value).toLocaleString("en-IN"));
      }
    }
  });

  it("leaves fractions to Intl", () => {
    expect(groupIndian(1234.5)).toBe((1234.5).toLocaleString("en-IN"));
  });
});
