import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** The staff command as an operator runs it (npm run staff -- …), without a database for --help. */
const staff = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "" }, timeout: 60_000 });

describe("npm run staff", () => {
  it.each([["--help"], ["-h"], ["help"]])("answers %s with its usage and exit code 0", (flag) => {
    const result = staff(flag);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage:\n {2}npm run staff -- --help\n {2}npm run staff -- add <email>/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("answers an unknown option with what is wrong and the usage, not a stack trace", () => {
    const result = staff("--bogus");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Unknown option '--bogus'");
    expect(result.stderr).toContain("Usage:");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
