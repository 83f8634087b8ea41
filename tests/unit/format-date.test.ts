import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, parseKolkataDateTime, todayInKolkata } from "~/shared/format-date";

const intlDateTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
const intlDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });

describe("the one date and time style (Asia/Kolkata)", () => {
  it("writes a moment and a day as the spec's screens show them", () => {
    expect(formatDateTime("2026-11-23T14:03:05Z")).toBe("23 Nov 2026, 7:33 pm");
    expect(formatDate("2026-11-23T14:03:05Z")).toBe("23 Nov 2026");
    expect(formatDateTime(new Date("2026-09-05T06:35:00Z"))).toBe("5 Sept 2026, 12:05 pm");
  });

  it("turns the day and the year at midnight in Kolkata, not in UTC", () => {
    expect(formatDateTime("2026-12-31T18:29:59Z")).toBe("31 Dec 2026, 11:59 pm");
    expect(formatDateTime("2026-12-31T18:30:00Z")).toBe("1 Jan 2027, 12:00 am");
    expect(formatDate("2028-02-28T18:30:00Z")).toBe("29 Feb 2028");
  });

  it("agrees with Intl's en-IN medium style at every hour of the clock and across years", () => {
    const moments = [Date.UTC(2026, 0, 1, 0, 0)];
    for (let hour = 0; hour < 48; hour++) moments.push(Date.UTC(2026, 5, 5, hour, 7 * hour));
    // 1970 to 2103 in steps of about 24 days and an odd number of minutes and seconds.
    for (let i = 0; i < 2000; i++) moments.push(Date.UTC(1970, 0, 1) + i * 2_099_999_917);
    for (const at of moments) {
      expect(formatDateTime(new Date(at))).toBe(intlDateTime.format(at));
      expect(formatDate(new Date(at).toISOString())).toBe(intlDate.format(at));
    }
  });

  it("refuses what is not a date instead of writing NaN", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("todayInKolkata", () => {
  it("turns the date at midnight in Kolkata, not at midnight UTC", () => {
    expect(todayInKolkata(new Date("2026-11-23T18:29:59Z"))).toBe("2026-11-23");
    expect(todayInKolkata(new Date("2026-11-23T18:30:00Z"))).toBe("2026-11-24");
  });
});

describe("reading a typed time as Asia/Kolkata (parseKolkataDateTime)", () => {
  const iso = (text: string) => parseKolkataDateTime(text)?.toISOString() ?? null;
  it("reads a time without an offset in Kolkata, whatever the server's zone, and one with an offset as written", () => {
    expect(iso("2025-03-01 10:00")).toBe("2025-03-01T04:30:00.000Z");
    expect(iso("2025-03-01T10:00:05.5")).toBe("2025-03-01T04:30:05.500Z");
    expect(iso("2025-03-01")).toBe("2025-02-28T18:30:00.000Z");
    expect(iso("2025-03-01T10:00:00Z")).toBe("2025-03-01T10:00:00.000Z");
    expect(iso("2025-03-01T10:00:00-0400")).toBe("2025-03-01T14:00:00.000Z");
    expect(iso("01/03/2025 10:00")).toBe("2025-03-01T04:30:00.000Z");
    expect(iso("1 Mar 2025 22:15")).toBe("2025-03-01T16:45:00.000Z");
  });
  it("reads back every moment formatDateTime writes, to the minute", () => {
    for (let i = 0; i < 500; i++) {
      const at = Math.floor((Date.UTC(2000, 0, 1) + i * 7_654_321_987) / 60_000) * 60_000;
      expect(parseKolkataDateTime(formatDateTime(new Date(at)))?.getTime()).toBe(at);
    }
  });
  it("refuses what is not a real date and time", () => {
    for (const text of ["yesterday", "31 Feb 2025", "2025-13-01", "2025-03-01 24:00", "13:00 pm", "1 Foo 2025", "0:30 am"]) expect(iso(text)).toBeNull();
  });
});
