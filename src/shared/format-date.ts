/**
 * Every screen, e-mail and export shows times in Asia/Kolkata (PRODUCT.md "Reference data"), in one
 * style: "23 Nov 2026, 7:33 pm" for a moment, "23 Nov 2026" for a day — what Intl writes for
 * `en-IN` with `dateStyle: "medium"` (and `timeStyle: "short"`), September as "Sept".
 *
 * Written out rather than asked of Intl: building the two Intl formatters cost a phone ~100 ms of
 * blocked main thread on the home page (the sample report's date), and the server's and the
 * browser's ICU versions could disagree on a month's abbreviation and break hydration. India has
 * kept UTC+5:30 without daylight saving since 1945, so the time zone is a fixed offset. A unit test
 * holds this to Intl's output.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

/** The moment as a Date whose UTC fields read as the wall clock in Kolkata. */
function inKolkata(value: string | Date): Date {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(value)}`);
  return new Date(time + IST_OFFSET_MS);
}

const day = (at: Date) => `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;

export const formatDate = (value: string | Date) => day(inKolkata(value));

export function formatDateTime(value: string | Date): string {
  const at = inKolkata(value);
  const hours = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, "0");
  return `${day(at)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

/** Today's date in Kolkata as a `date` column holds it (YYYY-MM-DD): a follow-up is due on it or before. */
export const todayInKolkata = (now: Date = new Date()) => inKolkata(now).toISOString().slice(0, 10);

/** The wall clock in Kolkata as a date and a 24-hour time ("2026-11-23", "19:33"): a logged call's, a task's form. */
export function kolkataDateAndTime(value: string | Date = new Date()): { date: string; time: string } {
  const iso = inKolkata(value).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The moment a Kolkata day starts (00:00 IST), for comparing a day with a moment. */
export const startOfKolkataDay = (date: string) => new Date(`${date}T00:00:00+05:30`);

const MONTH_NUMBER: Record<string, number> = Object.fromEntries(
  [...MONTHS.map((name, index) => [name.toLowerCase(), index]), ["sep", 8], ["june", 5], ["july", 6]] as [string, number][],
);

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** The style above ("23 Nov 2026, 7:33 pm"), the day alone, or a 24-hour clock ("23 Nov 2026 19:33"). */
const WORDS = /^(\d{1,2}) ([a-z]{3,4})\.? (\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([ap])\.?m\.?)?)?$/i;
/** Day first, as India writes it (23/11/2026 19:33 or 23-11-2026). */
const DAY_FIRST = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([ap])\.?m\.?)?)?$/i;

/** Wall-clock fields to a moment: in Kolkata, or at the written offset. Null when a field is out of range. */
function moment(fields: { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number }, offsetMs: number): Date | null {
  const { y, mo, d, h, mi, s, ms } = fields;
  const utc = Date.UTC(y, mo, d, h, mi, s, ms);
  const check = new Date(utc);
  // Date.UTC rolls 31 Feb over to March; a real date reads back the same.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc - offsetMs);
}

function hour24(hour: number, meridiem: string | undefined): number {
  if (!meridiem) return hour;
  if (hour < 1 || hour > 12) return 99;
  return (hour % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
}

/**
 * Reads a date and time typed or exported by staff, as Asia/Kolkata wall-clock time unless the text
 * carries its own offset ("Z", "+05:30"). Accepts ISO 8601, the style `formatDateTime` writes (so an
 * export reads back to the same minute) and day-first dates (23/11/2026 19:33). Null when unreadable,
 * never the server's own time zone.
 */
export function parseKolkataDateTime(text: string): Date | null {
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) {
    const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", zone] = iso;
    let offsetMs = IST_OFFSET_MS;
    if (zone && zone.toUpperCase() === "Z") offsetMs = 0;
    else if (zone) {
      const digits = zone.slice(1).replace(":", "");
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || "0");
      offsetMs = (zone[0] === "-" ? -1 : 1) * minutes * 60_000;
    }
    return moment({ y: +y!, mo: +mo! - 1, d: +d!, h: +h, mi: +mi, s: +s, ms: Number(fraction.padEnd(3, "0").slice(0, 3)) }, offsetMs);
  }
  const words = WORDS.exec(value);
  const dayFirst = words ? null : DAY_FIRST.exec(value);
  const match = words ?? dayFirst;
  if (!match) return null;
  const [, d, month, y, h = "0", mi = "0", s = "0", meridiem] = match;
  const mo = words ? MONTH_NUMBER[month!.toLowerCase()] : Number(month) - 1;
  if (mo === undefined) return null;
  return moment({ y: +y!, mo, d: +d!, h: hour24(+h, meridiem), mi: +mi, s: +s, ms: 0 }, IST_OFFSET_MS);
}
