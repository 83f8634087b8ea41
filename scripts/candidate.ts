// Candidates' sign-in from the command line (README "Candidates: My Reports"):
//   npm run candidate -- status <email>   wrong codes entered in a row for the address
//   npm run candidate -- unlock <email>   sets that count back to zero, so any device may ask for a code again
// After 100 wrong codes in a row only a device the candidate signed in from before gets a code; a
// candidate without one asks staff, who check it is them (as for any account recovery) and unlock.
// Works while the server runs, on either engine (operator-command.ts).
import { emailSchema } from "~/shared/schemas/common";
import { AppError } from "~/server/platform/errors";
import { exitWithError } from "./cli-errors";
import { runCommand } from "./operator-command";

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
  console.log(await runCommand({ command: command === "status" ? "candidate.status" : "candidate.unlock", email }));
}

main().catch(exitWithError);
