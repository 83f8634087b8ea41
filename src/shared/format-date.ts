/**
 * Every screen, e-mail and export shows times in Asia/Kolkata (PRODUCT.md "Reference data"), in one
 * style: "23 Nov 2026, 7:33 pm" for a moment, "23 Nov 2026" for a day.
 */
const dateTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export const formatDateTime = (value: string | Date) => dateTime.format(toDate(value));
export const formatDate = (value: string | Date) => dateOnly.format(toDate(value));
