// Prepares a fresh database for one e2e server, adds the staff accounts, then runs the built server.
//   npx tsx tests/e2e/start-server.ts <pglite|postgres> <port>
// postgres needs TEST_DATABASE_URL (a server the tests may create and drop databases on).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { leadScoreSetting } from "~/server/db/schema";
import { syncScoreWeights } from "~/server/features/crm/score-job";
import { startMailPeer } from "./mail-peer";
import { seedDuplicateLeads } from "./seed-duplicates";
import { seedManyLeads } from "./seed-many-leads";
import { seedStaff, withDatabase } from "./seed-staff";
import { E2E_WEBHOOK_TOKEN } from "./accounts";

const root = path.resolve(import.meta.dirname, "../..");

function usage(message: string): never {
  console.error(`${message}\nUsage: npx tsx tests/e2e/start-server.ts <pglite|postgres> <port>`);
  process.exit(2);
}

async function freshPostgres(port: number): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) usage("TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const name = `ff_e2e_${port}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const [engine, portArg] = process.argv.slice(2);
  if (engine !== "pglite" && engine !== "postgres") usage(`Unknown engine: ${engine ?? "(none)"}`);
  const port = Number(portArg);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) usage(`Not a port: ${portArg ?? "(none)"}`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    // Blank counts as unset for the server, and keeps a developer's .env from filling these in.
    DATABASE_URL: "",
    // Mail goes to a real SMTP peer in this process; specs read what it received (mail-peer.ts).
    SMTP_URL: await startMailPeer(port),
    // A refused message is retried after 10 s, not 30: data-rights.spec.ts waits past that retry.
    MAIL_RETRY_SECONDS: "10",
    REPORT_WEBHOOK_TOKEN: E2E_WEBHOOK_TOKEN,
    TRUST_PROXY: "false",
  };
  if (engine === "pglite") {
    const dataDir = path.join(root, "test-results", `e2e-data-${port}`);
    rmSync(dataDir, { recursive: true, force: true });
    env.DATA_DIR = dataDir;
  } else {
    env.DATABASE_URL = await freshPostgres(port);
  }

  // Accounts and leads go in before the server starts (PGlite's data dir admits one process at a
  // time), in one opening of the database. The seeded leads are scored here in one statement, the
  // score's weights written first: left to the server's first start, its rescoring job scored the
  // 26,000 leads 50 at a time (~12 CPU-seconds on PGlite) while the first tests ran.
  await withDatabase(env, async (db) => {
    await syncScoreWeights(db);
    await seedStaff(db);
    await seedDuplicateLeads(db);
    await seedManyLeads(db);
    await db.execute(sql`select lead_score_refresh(array_agg(id)) from lead`);
    await db.update(leadScoreSetting).set({ rescored: true }).where(eq(leadScoreSetting.id, 1));
  });

  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], { cwd: root, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
