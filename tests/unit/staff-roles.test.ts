import { describe, expect, it } from "vitest";
import { needsRoleMessage } from "~/shared/refusal";
import { AREA_ROLES, STAFF_ROLES } from "~/shared/roles";
import { ADMIN_TABS, tabsFor } from "~/web/features/admin-tabs/tabs";

describe("the refusal sentence", () => {
  it("names admin with the roles that may, in order, and starts with a capital", () => {
    expect(needsRoleMessage("the mentor list", ["content"])).toBe("The mentor list needs the Admin or Content role.");
    expect(needsRoleMessage("This request", ["admin"])).toBe("This request needs the Admin role.");
    expect(needsRoleMessage("the admin dashboard", ["content", "admin", "admissions"])).toBe("The admin dashboard needs the Admin, Admissions or Content role.");
    expect(needsRoleMessage("The CRM", AREA_ROLES.crm)).toBe("The CRM needs the Admin or Sales role.");
  });
});

describe("the admin dashboard's tabs", () => {
  it("shows each role only the tabs its API opens, admin all of them", () => {
    const values = (roles: Parameters<typeof tabsFor>[0]) => tabsFor(roles).map((tab) => tab.value);
    expect(values(["admin"])).toEqual(ADMIN_TABS.map((tab) => tab.value));
    expect(values(["admissions"])).toEqual(["applications", "reports", "downloads", "emails"]);
    expect(values(["content"])).toEqual(["mentors"]);
    expect(values(["sales"])).toEqual([]);
    expect(values(["content", "admissions"])).toEqual(["applications", "reports", "downloads", "emails", "mentors"]);
  });

  it("opens the dashboard to exactly the roles that have a tab there", () => {
    const withTab = STAFF_ROLES.filter((role) => tabsFor([role]).length > 0);
    expect([...AREA_ROLES.adminDashboard].sort()).toEqual([...withTab].sort());
  });
});
