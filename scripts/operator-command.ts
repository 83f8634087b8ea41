// How `npm run staff` and `npm run candidate` reach the database. On PostgreSQL they connect like any
// other process. On the embedded database (PGlite) only one process may open DATA_DIR: while the
// server runs they ask it over its private socket (platform/local-channel.ts); with the server
// stopped (no socket, or a stale one) they open the database themselves.
import { loadConfig, loadDotEnv } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { runOperatorCommand, type OperatorRequest } from "~/server/features/staff/cli-commands";
import { AppError } from "~/server/platform/errors";
import { askLocalChannel } from "~/server/platform/local-channel";

/** Runs the command and returns the text to print; an error carries the message to print. */
export async function runCommand(request: OperatorRequest): Promise<string> {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await askLocalChannel(config.dataDir, request);
    if (answer?.ok) return answer.output;
    if (answer) throw new AppError("invalid", answer.error);
  }
  const { database, release } = await openConfiguredDatabase(config);
  try {
    return await runOperatorCommand(database.db, request);
  } finally {
    await database.close();
    release();
  }
}
