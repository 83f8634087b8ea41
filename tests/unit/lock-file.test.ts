import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as { packages: Record<string, LockEntry> };

/** Where Node (and npm) finds `name` required from the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  for (let dir = from; ; ) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

// `npm ci` refuses a lock that lacks any platform's optional build ("Missing: … from lock file"), and
// `npm install` then rewrites it; a lock written on one machine without them broke both (README "Requirements").
describe("package-lock.json", () => {
  it("names every optional package its packages ask for, for every platform", () => {
    const missing = Object.entries(lock.packages).flatMap(([where, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolve(where, name))
        .map((name) => `${name} (optional for ${where || "the project"})`),
    );
    expect(missing).toEqual([]);
  });
});
