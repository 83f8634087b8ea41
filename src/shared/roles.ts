/** Staff roles (PRODUCT.md "Who uses it"). `admin` may do everything. */
export const STAFF_ROLES = ["admin", "admissions", "content", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  admissions: "Admissions",
  content: "Content",
  sales: "Sales",
};

/** Which roles open each staff area of the site (a tab of /admin counts as an area). */
export const AREA_ROLES = {
  adminDashboard: ["admin", "admissions", "content"],
  applications: ["admin", "admissions"],
  simulationReports: ["admin", "admissions"],
  emailNotifications: ["admin", "admissions"],
  mentors: ["admin", "content"],
  simulationAdmin: ["admin", "content"],
  crm: ["admin", "sales"],
  staffAccounts: ["admin"],
  newsletter: ["admin", "admissions"],
  brochureDownloads: ["admin", "admissions"],
  inbox: ["admin", "admissions"],
} as const satisfies Record<string, readonly StaffRole[]>;

export function hasAnyRole(userRoles: readonly string[], allowed: readonly StaffRole[]): boolean {
  if (userRoles.includes("admin")) return true;
  return allowed.some((role) => userRoles.includes(role));
}
