// Backs up or restores the embedded (PGlite) database. The server must be stopped: the data
// directory is locked to one process.
//   npm run backup                      -> backups/pglite-<timestamp>.tar.gz
//   npm run backup -- create <file>     -> that file instead
//   npm run backup -- restore <file>    -> replaces DATA_DIR's database with the backup
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { loadConfig, loadDotEnv } from "~/server/config";
import { DataDirLockedError, lockDataDir } from "~/server/db/data-dir-lock";

async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (config.databaseUrl) throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump instead.");
  const [command = "create", file] = process.argv.slice(2);
  const release = lockDataDir(config.dataDir);
  const dbDir = path.join(config.dataDir, "pglite");
  try {
    if (command === "create") {
      if (!existsSync(dbDir)) throw new Error(`No embedded database in ${config.dataDir}`);
      const db = await PGlite.create(dbDir, { extensions: { pg_trgm } });
      const dump = await db.dumpDataDir("gzip");
      await db.close();
      const out = file ?? path.join("backups", `pglite-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
      console.log(`Backup written to ${out}`);
    } else if (command === "restore" && file) {
      if (existsSync(dbDir)) {
        const aside = `${dbDir}.before-restore-${Date.now()}`;
        renameSync(dbDir, aside);
        console.log(`Previous database moved to ${aside}`);
      }
      const db = await PGlite.create(dbDir, { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) });
      await db.query("select 1");
      await db.close();
      console.log(`Restored ${file} into ${dbDir}`);
    } else {
      throw new Error("Usage: npm run backup [-- create <file> | -- restore <file>]");
    }
  } finally {
    release();
  }
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? `${error.message}\nStop the server before backing up.` : error.message ?? error);
  process.exit(1);
});
