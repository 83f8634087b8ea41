// `npm start` builds only when what goes into the build changed (scripts/build-stamp.mjs).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../../scripts/build-stamp.mjs");
let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

const stamp = (mode: "write" | "check") => spawnSync(process.execPath, [script, mode], { env: { ...process.env, BUILD_STAMP_ROOT: root }, encoding: "utf8" }).status;

function project() {
  root = mkdtempSync(path.join(os.tmpdir(), "ff-build-stamp-"));
  for (const dir of ["src/web", "public", "dist/server", "build/client"]) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, "src/web/page.tsx"), "export const page = 1;\n");
  writeFileSync(path.join(root, "package.json"), "{}\n");
  writeFileSync(path.join(root, "dist/server/main.js"), "");
}

describe("the build stamp", () => {
  it("is current after a build, and stays so when a file is only touched", () => {
    project();
    expect(stamp("check")).toBe(1);
    expect(stamp("write")).toBe(0);
    expect(stamp("check")).toBe(0);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "src/web/page.tsx"), later, later);
    expect(stamp("check")).toBe(0);
  });

  it("is stale when a source, a new file, the lock file or a removed build says so", () => {
    project();
    stamp("write");
    writeFileSync(path.join(root, "src/web/page.tsx"), "export const page = 2;\n");
    expect(stamp("check")).toBe(1);
    stamp("write");
    writeFileSync(path.join(root, "src/web/new.tsx"), "export {};\n");
    expect(stamp("check")).toBe(1);
    stamp("write");
    writeFileSync(path.join(root, "package-lock.json"), "{}\n");
    expect(stamp("check")).toBe(1);
    stamp("write");
    rmSync(path.join(root, "build/client"), { recursive: true });
    expect(stamp("check")).toBe(1);
  });
});
