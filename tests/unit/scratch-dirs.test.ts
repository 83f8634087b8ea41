import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeScratchDir, sweepAbandoned } from "../helpers/scratch-dirs";

let parent = "";
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the test run's scratch folders", () => {
  it("are named after the process that made them", () => {
    parent = mkdtempSync(path.join(os.tmpdir(), "ff-scratch-"));
    expect(path.basename(makeScratchDir(parent, "ff-test"))).toMatch(new RegExp(`^ff-test-${process.pid}-\\w{6}$`));
  });

  it("of ended processes are removed by the next run; a live process's, other names and other prefixes stay", () => {
    parent = mkdtempSync(path.join(os.tmpdir(), "ff-scratch-"));
    const ended = endedPid();
    const names = [`ff-test-${ended}-abc123`, `ff-test-${process.pid}-def456`, `ff-test-${process.ppid}-ghi789`, "ff-test-workers", `ff-pglite-template-${ended}-jkl012`, "unrelated"];
    for (const name of names) mkdirSync(path.join(parent, name, "pglite"), { recursive: true });
    sweepAbandoned(parent, "ff-test");
    expect(readdirSync(parent).sort()).toEqual(names.filter((name) => name !== `ff-test-${ended}-abc123`).sort());
    sweepAbandoned(parent, "ff-pglite-template");
    expect(existsSync(path.join(parent, `ff-pglite-template-${ended}-jkl012`))).toBe(false);
  });

  it("leave a missing parent folder alone", () => {
    parent = path.join(os.tmpdir(), `ff-scratch-missing-${process.pid}`);
    expect(() => sweepAbandoned(parent, "ff-test")).not.toThrow();
  });
});
