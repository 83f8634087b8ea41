// Staff accounts from the command line: the way the first administrator is made (no default account exists).
//   npm run staff -- add <email> --name "<full name>" --roles admin,sales
//   npm run staff -- list | disable <email> | reset-password <email>
// The password comes from STAFF_PASSWORD when set, otherwise it is asked for without echo.
// Works while the server runs, on either engine (operator-command.ts).
import { parseArgs } from "node:util";
import { passwordSchema, rolesSchema } from "~/shared/schemas/staff";
import type { OperatorRequest } from "~/server/features/staff/cli-commands";
import { AppError } from "~/server/platform/errors";
import { promptHidden } from "./prompt-hidden";
import { exitWithError } from "./cli-errors";
import { runCommand } from "./operator-command";

const USAGE = `Usage:
  npm run staff -- --help
  npm run staff -- add <email> --name "<full name>" --roles admin,admissions,content,sales
  npm run staff -- list
  npm run staff -- disable <email>
  npm run staff -- reset-password <email>
The password is read from STAFF_PASSWORD, or asked for (twice) without echo.`;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  const password = fromEnv ?? (await promptHidden("Password: "));
  if (!fromEnv && process.stdin.isTTY && (await promptHidden("Repeat password: ")) !== password) {
    throw new AppError("invalid", "The two passwords differ");
  }
  return passwordSchema.parse(password);
}

/** The command line, read before any database is opened: --help (or "help") needs none. */
function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { name: { type: "string" }, roles: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    // An unknown or malformed option: say which, then how to use the command, without a stack trace.
    throw new AppError("invalid", `${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

async function main() {
  const { positionals, values } = readArgs();
  const [command, email] = positionals;
  if (values.help || command === "help") {
    console.log(USAGE);
    return;
  }
  if (!command || (command !== "list" && !email)) throw new AppError("invalid", USAGE);

  console.log(await runCommand(await readRequest(command, email ?? "", values)));
}

/** The request the command stands for; name, roles and password are checked before it is sent. */
async function readRequest(command: string, email: string, values: { name?: string; roles?: string }): Promise<OperatorRequest> {
  switch (command) {
    case "add": {
      if (!values.name) throw new AppError("invalid", 'Give the person\'s name with --name "Full Name"');
      const roles = rolesSchema.parse((values.roles ?? "").split(",").map((r) => r.trim()).filter(Boolean));
      return { command: "staff.add", email, name: values.name, roles, password: await readPassword() };
    }
    case "list":
      return { command: "staff.list" };
    case "disable":
      return { command: "staff.disable", email };
    case "reset-password":
      return { command: "staff.reset-password", email, password: await readPassword() };
    default:
      throw new AppError("invalid", USAGE);
  }
}

main().catch(exitWithError);
