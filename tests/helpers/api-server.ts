// The API alone (no pages, so no build needed) as a real process on a real database, for tests that
// must kill it or run several: `node --import tsx tests/helpers/api-server.ts`, configured like the
// server (PORT, DATA_DIR or DATABASE_URL, SMTP_URL, SESSION_SECRET). With CREATE_STAFF="email password"
// it first adds that sales account. It starts and stops as main.ts does: the mail worker when SMTP_URL
// is set (polling every MAIL_POLL_MS, 5 s by default), and SIGTERM closes it gracefully.
import { buildApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff, findStaffByEmail } from "~/server/features/staff/service";
import { stopGracefullyOnSignals } from "~/server/platform/graceful-stop";
import { startMailWorker } from "~/server/platform/mail/worker";
import { loadSecret } from "~/server/platform/secrets";

const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent" });
const { database, release } = await openConfiguredDatabase(config);
const [email, password] = (process.env.CREATE_STAFF ?? "").split(" ");
if (email && password && !(await findStaffByEmail(database.db, email))) {
  await createStaff(database.db, { email, name: "Crash Test", password, roles: ["sales", "admissions"] }).catch(async (error: unknown) => {
    // Another node on the same database added it a moment ago.
    if (!(await findStaffByEmail(database.db, email))) throw error;
  });
}
const secret = await loadSecret(database.db, config.sessionSecret);
const app = await buildApp({ config, database, secret, logger: false });
const intervalMs = process.env.MAIL_POLL_MS ? Number(process.env.MAIL_POLL_MS) : undefined;
const mailWorker = config.smtpUrl ? startMailWorker({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, secret, log: app.log, intervalMs }) : null;
await app.listen({ port: config.port, host: "127.0.0.1" });
console.log("ready");
stopGracefullyOnSignals(app, [mailWorker], async () => {
  await database.close();
  release();
});
