import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "./roles";

/**
 * The one sentence every refusal uses, on screen and in an API 403:
 * "{What} needs the Admin or Content role." Admin is always named (it may do everything), the
 * other roles follow in their usual order, and the sentence starts with a capital letter.
 */
export function needsRoleMessage(what: string, allowed: readonly StaffRole[]): string {
  const names = STAFF_ROLES.filter((role) => role === "admin" || allowed.includes(role)).map((role) => ROLE_LABELS[role]);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} needs the ${list} role.`;
}

/** The subject of an API refusal, where the route does not name its own. */
export const API_REFUSAL_SUBJECT = "This request";
