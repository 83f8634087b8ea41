import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "~/server/db/data-dir-lock";

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

describe("start-up faults", () => {
  it("refuses a wrong setting with a clear message and a non-zero exit", () => {
    const result = start({ PORT: "eighty", DATA_DIR: mkdtempSync(path.join(tmpdir(), "ff-")) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT");
  });

  it("exits with a clear message when PostgreSQL cannot be reached", () => {
    const result = start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot reach PostgreSQL at postgres://nobody@127.0.0.1:1/nothing");
  });
});

describe("embedded data directory lock", () => {
  it("creates the directory, keeps a second process out, and frees it on release", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "ff-lock-")), "nested", "data");
    const holder = spawn(
      process.execPath,
      ["--import", "tsx", "-e", `import("./src/server/db/data-dir-lock.ts").then(m => { m.lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000); })`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => holder.stdout.on("data", (chunk) => String(chunk).includes("locked") && resolve()));
    expect(existsSync(dir)).toBe(true);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(pid \d+\)/);

    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    // The holder died without cleaning up: its stale lock is taken over.
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, "server.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });

  it("takes over a stale lock whose pid now belongs to another live process (pid reuse)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ff-lock-reuse-"));
    const lockPath = path.join(dir, "server.lock");
    // Some unrelated process that happens to have the pid written in the stale lock.
    const stranger = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => stranger.on("spawn", resolve));
      // A lock as written now: pid plus a start time that is not the stranger's.
      writeFileSync(lockPath, JSON.stringify({ pid: stranger.pid, start: "1", boot: "x" }));
      lockDataDir(dir)();
      // A lock from before start times were recorded: only the pid, written before the stranger started.
      writeFileSync(lockPath, String(stranger.pid));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(lockPath, anHourAgo, anHourAgo);
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
      release();
    } finally {
      stranger.kill("SIGKILL");
    }
  });
});
