import { AREA_ROLES } from "./roles";
/** Application statuses and their labels (internal-side §4); staff may move between any two. */
export const APPLICATION_STATUSES = [
  { value: "pending", label: "Pending Review" },
  { value: "shortlisted", label: "Shortlisted for Interview" },
  { value: "selected", label: "Selected" },
  { value: "pending_payment", label: "Pending Payment" },
  { value: "paid", label: "Paid" },
  { value: "rejected", label: "Rejected" },
  { value: "closed_lost", label: "Closed Lost" },
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]["value"];
export const APPLICATION_STATUS_VALUES = APPLICATION_STATUSES.map((s) => s.value) as [ApplicationStatus, ...ApplicationStatus[]];

/** An unknown (legacy) status is shown, and filtered, as pending. */
export function normaliseStatus(value: string): ApplicationStatus {
  return (APPLICATION_STATUS_VALUES as readonly string[]).includes(value) ? (value as ApplicationStatus) : "pending";
}

export const statusLabel = (value: string) => APPLICATION_STATUSES.find((s) => s.value === normaliseStatus(value))!.label;

/** Staff who review applications and may read résumés. */
export const APPLICATION_ROLES = AREA_ROLES.applications;
