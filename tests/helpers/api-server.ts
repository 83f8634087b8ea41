// The API alone (no pages, so no build needed) as a real process on a real database, for tests that
// must kill it: `node --import tsx tests/helpers/api-server.ts`, configured like the server (PORT,
// DATA_DIR or DATABASE_URL). With CREATE_STAFF="email password" it first adds that sales account.
import { buildApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff, findStaffByEmail } from "~/server/features/staff/service";

const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent" });
const { database, release } = await openConfiguredDatabase(config);
const [email, password] = (process.env.CREATE_STAFF ?? "").split(" ");
if (email && password && !(await findStaffByEmail(database.db, email))) {
  await createStaff(database.db, { email, name: "Crash Test", password, roles: ["sales", "admissions"] });
}
const app = await buildApp({ config, database, secret: "crash-test-secret-0123456789-0123456789", logger: false });
await app.listen({ port: config.port, host: "127.0.0.1" });
console.log("ready");
const stop = async () => {
  await app.close();
  await database.close();
  release();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
