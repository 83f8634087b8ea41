import pg from "pg";

/** One statement on its own connection to `serverUrl` (create or drop a database: not inside a pool's transaction). */
export async function runAsAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
