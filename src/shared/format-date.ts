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
