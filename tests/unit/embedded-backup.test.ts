import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { leadFactory } from "../fixtures/leads";
import { staffFactory } from "../fixtures/staff";
import { login } from "../helpers/app";

const root = mkdtempSync(path.join(tmpdir(), "ff-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run backup -- …` as an operator runs it, with DATA_DIR pointing at `dataDir`. */
function backup(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** The server's way in: DATA_DIR, its lock, migrations, the whole app. */
async function openApp(dataDir: string) {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_BASE_URL: "http://localhost:3000" });
  const { database, release } = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, secret: "backup-test-secret-0123456789-0123456789", logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
      release();
    },
  };
}

describe("npm run backup (embedded database)", () => {
  // Three embedded databases opened (initdb in a child each time) on a machine shared with other work: minutes, not seconds.
  it("backs up a database with data, restores it into a fresh DATA_DIR, and the app reads the data back", { timeout: 240_000 }, async () => {
    const original = path.join(root, "original");
    const first = await openApp(original);
    const staff = await staffFactory(first.db, ["sales"]);
    const lead = await leadFactory(first.db, { fullName: "Backed Up Lead" });
    await first.close();

    const file = path.join(root, "kept", "nightly.tar.gz");
    expect(backup(original, "create", file)).toContain(`Backup written to ${file}`);
    expect(existsSync(file)).toBe(true);

    // A new machine: an empty DATA_DIR, the backup restored into it, the server started on it.
    const fresh = path.join(root, "fresh");
    expect(backup(fresh, "restore", file)).toContain("Restored");
    const restored = await openApp(fresh);
    try {
      const cookie = await login(restored.app, staff.email, staff.password);
      const response = await restored.app.inject({ method: "GET", url: `/api/crm/leads/${lead.id}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: lead.id, fullName: "Backed Up Lead" });
      expect((await restored.app.inject({ method: "GET", url: "/api/health/ready" })).json().status).toBe("ready");
    } finally {
      await restored.close();
    }
  });

  it("restoring over a database moves the current one aside first", { timeout: 120_000 }, async () => {
    const dir = path.join(root, "original");
    const file = path.join(root, "kept", "nightly.tar.gz");
    backup(dir, "restore", file);
    expect(readdirSync(dir).some((name) => name.startsWith("pglite.before-restore-"))).toBe(true);
  });
});
