import { groupIndian } from "~/shared/format-number";

export const percent = (value: number | null) => (value === null ? "—" : `${value}%`);
export const count = (value: number) => groupIndian(value);
/** A week by its Monday: "17 Nov 2026" (the dates are Asia/Kolkata days already). */
export const weekLabel = (monday: string, year = true) =>
  new Date(`${monday}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", ...(year ? { year: "numeric" } : {}), timeZone: "UTC" });
/** Short rupees for an axis: ₹1.5L, ₹2Cr, ₹40K. */
export function shortRupees(value: number): string {
  if (value >= 1e7) return `₹${+(value / 1e7).toFixed(1)}Cr`;
  if (value >= 1e5) return `₹${+(value / 1e5).toFixed(1)}L`;
  if (value >= 1e3) return `₹${+(value / 1e3).toFixed(1)}K`;
  return `₹${value}`;
}
