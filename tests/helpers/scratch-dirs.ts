// Scratch folders of a test run that a killed run would leave behind: the PGlite template and each
// test file's copy (kept in /dev/shm, that is in memory, until the machine restarts) and the bundled
// workers. Each is named after the process that made it, and a run's global setup removes those of
// processes that are gone: never another run's that is still going (two checkouts side by side).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { isAlive } from "~/server/db/data-dir-lock";

/** A new folder `<prefix>-<pid>-XXXXXX` in `parent`, for sweepAbandoned to find once this process is gone. */
export function makeScratchDir(parent: string, prefix: string): string {
  return mkdtempSync(path.join(parent, `${prefix}-${process.pid}-`));
}

/**
 * Removes the folders `<prefix>-<pid>-…` in `parent` whose process has ended (a run that was killed
 * before its teardown). A pid the system has given to another process since keeps its folder: only
 * a folder that is certainly abandoned goes.
 */
export function sweepAbandoned(parent: string, prefix: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const pattern = new RegExp(`^${prefix}-(\\d+)-`);
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}
