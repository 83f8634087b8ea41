import { currentRoleLabel, experienceLabel, SKILL_AREAS, targetRoleLabel } from "~/shared/application-options";
import { statusLabel } from "~/shared/application-status";
import { formatDateTime } from "~/shared/format-date";
import type { ApplicationRecord } from "~/shared/schemas/applications";

/** founders-find-applications-{date}.csv (internal-side §3 "CSV exports"), in the spec's order. */
export const APPLICATION_CSV_COLUMNS = [
  "ID", "First Name", "Last Name", "Email", "Country Code", "Mobile", "LinkedIn", "Current Role", "Experience", "Motivation",
  "Target Roles", ...SKILL_AREAS.map((s) => s.key[0]!.toUpperCase() + s.key.slice(1)), "Status", "Submitted At",
];

/**
 * One application as people read it in a spreadsheet: the labels the screens show ("Recent
 * graduate", "Pending Review"), target roles joined by semicolons, the time in the screens' style.
 */
export function applicationCsvRow(a: ApplicationRecord): unknown[] {
  return [
    a.id, a.firstName, a.lastName, a.email, a.countryCode, a.mobile, a.linkedIn, currentRoleLabel(a.currentRole), experienceLabel(a.experience),
    a.motivation, a.targetRoles.map(targetRoleLabel).join(";"), ...SKILL_AREAS.map((s) => a.skillAssessment[s.key]), statusLabel(a.status),
    formatDateTime(a.submittedAt),
  ];
}
