/**
 * Indian digit grouping, as `toLocaleString("en-IN")` writes a whole number: the last three digits,
 * then pairs (149990 → "1,49,990"). Written out because asking Intl builds a number formatter, which
 * cost the program page's pricing card a noticeable slice of a phone's main thread while it hydrated.
 * Fractions still go through Intl (no screen shows one today).
 */
export function groupIndian(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-IN");
  const digits = String(Math.abs(value));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}` : digits;
  return value < 0 ? `-${grouped}` : grouped;
}
