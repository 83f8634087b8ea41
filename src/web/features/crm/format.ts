import { formatDate, formatDateTime } from "~/shared/format-date";
import { formatRupees } from "~/shared/program/offer";

export const rupeesOrNotSet = (amount: number | null) => (amount === null ? "Not set" : formatRupees(amount));
export const rupeesOrDash = (amount: number | null) => (amount === null ? "—" : formatRupees(amount));
export const addedAt = (iso: string) => formatDateTime(iso);
/** A stored YYYY-MM-DD as the one date style of the site. */
export const day = (value: string | null) => (value ? formatDate(`${value}T00:00:00+05:30`) : null);
/** "https" is added to a LinkedIn link typed without it (spec §2.4). */
export const linkedInHref = (value: string) => (/^https?:\/\//i.test(value) ? value : `https://${value}`);
export const displayName = (lead: { fullName: string; email: string }) => lead.fullName || lead.email;
export { formatRupees };
/** Stored digits shown readably: "919845012345" → "+91 98450 12345"; other numbers get a "+". */
export const formatMobile = (digits: string) =>
  /^91\d{10}$/.test(digits) ? `+91 ${digits.slice(2, 7)} ${digits.slice(7)}` : digits.length > 10 ? `+${digits}` : digits;
