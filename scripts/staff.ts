// Staff accounts from the command line: the way the first administrator is made (no default account exists).
//   npm run staff -- add <email> --name "<full name>" --roles admin,sales
//   npm run staff -- list | disable <email> | reset-password <email>
// The password comes from STAFF_PASSWORD when set, otherwise it is asked for without echo.
import { parseArgs } from "node:util";
import { passwordSchema, rolesSchema } from "~/shared/schemas/staff";
import { loadConfig, loadDotEnv } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { AppError } from "~/server/platform/errors";
import { createStaff, disableStaff, listStaff, resetPassword } from "~/server/features/staff/service";
import { promptHidden } from "./prompt-hidden";
import { exitWithError } from "./cli-errors";

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

  loadDotEnv();
  const config = loadConfig();
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const db = database.db;
    switch (command) {
      case "add": {
        if (!values.name) throw new AppError("invalid", 'Give the person\'s name with --name "Full Name"');
        const roles = rolesSchema.parse((values.roles ?? "").split(",").map((r) => r.trim()).filter(Boolean));
        const member = await createStaff(db, { email: email!, name: values.name, roles, password: await readPassword() });
        console.log(`Added ${member.name} <${member.email}> with roles ${member.roles.join(", ")}.`);
        break;
      }
      case "list": {
        const staff = await listStaff(db);
        if (staff.length === 0) console.log("No staff accounts yet. Add one with: npm run staff -- add <email> --name ... --roles admin");
        for (const m of staff) {
          console.log(`${m.email}\t${m.name}\t${m.roles.join(",")}\t${m.disabled ? "disabled" : "active"}`);
        }
        break;
      }
      case "disable": {
        const member = await disableStaff(db, email!);
        console.log(`Disabled ${member.email}; their sessions have ended.`);
        break;
      }
      case "reset-password": {
        await resetPassword(db, email!, await readPassword());
        console.log(`Password changed for ${email}; their sessions have ended.`);
        break;
      }
      default:
        throw new AppError("invalid", USAGE);
    }
  } finally {
    await database.close();
    release();
  }
}

main().catch(exitWithError);
