// Candidates' sign-in from the command line (README "Candidates: My Reports"):
//   npm run candidate -- status <email>   wrong codes entered in a row for the address
//   npm run candidate -- unlock <email>   sets that count back to zero, so any device may ask for a code again
// After 100 wrong codes in a row only a device the candidate signed in from before gets a code; a
// candidate without one asks staff, who check it is them (as for any account recovery) and unlock.
import { emailSchema } from "~/shared/schemas/common";
import { loadConfig, loadDotEnv } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { AppError } from "~/server/platform/errors";
import { CONSECUTIVE_FAILURE_CAP, consecutiveFailuresOf, unlockCandidateSignIn } from "~/server/features/reports/candidate-auth";
import { exitWithError } from "./cli-errors";

const USAGE = `Usage:
  npm run candidate -- status <email>
  npm run candidate -- unlock <email>`;

async function main() {
  const [command, rawEmail] = process.argv.slice(2);
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return;
  }
  if ((command !== "status" && command !== "unlock") || !rawEmail) throw new AppError("invalid", USAGE);
  const email = emailSchema.parse(rawEmail);

  loadDotEnv();
  const { database, release } = await openConfiguredDatabase(loadConfig());
  try {
    const failures = await consecutiveFailuresOf(database.db, email);
    if (command === "status") {
      const state = failures >= CONSECUTIVE_FAILURE_CAP ? "locked for new devices" : "not locked";
      console.log(`${email}: ${failures} wrong codes in a row (${state}; the limit is ${CONSECUTIVE_FAILURE_CAP}).`);
    } else {
      await unlockCandidateSignIn(database.db, email);
      console.log(`${email}: unlocked (${failures} wrong codes in a row set back to 0); any device may ask for a code again.`);
    }
  } finally {
    await database.close();
    release();
  }
}

main().catch(exitWithError);
