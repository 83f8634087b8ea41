import { describe, expect, it } from "vitest";
import { crmSignInPathFor, safeReturnPath, signInPathFor } from "~/shared/return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/simulation-report/abc123")).toBe("/simulation-report/abc123");
    expect(safeReturnPath("/simulation-dashboard?tab=1#top")).toBe("/simulation-dashboard?tab=1#top");
  });

  it.each([
    null,
    "",
    "simulation-report/abc",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/simulation-report/abc",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/%0a/x\n",
    "/simulation-login?returnTo=/x",
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("builds the sign-in address that comes back", () => {
    expect(signInPathFor("/simulation-report/a b")).toBe("/simulation-login?returnTo=%2Fsimulation-report%2Fa%20b");
  });

  it("refuses the CRM's own sign-in page as the CRM's return path, and builds its address", () => {
    expect(safeReturnPath("/crm-login?returnTo=/crm", "/crm-login")).toBeNull();
    expect(safeReturnPath("//evil.example", "/crm-login")).toBeNull();
    expect(safeReturnPath("/crm?view=paid", "/crm-login")).toBe("/crm?view=paid");
    expect(crmSignInPathFor("/crm?view=paid&q=a b")).toBe("/crm-login?returnTo=%2Fcrm%3Fview%3Dpaid%26q%3Da%20b");
  });
});
