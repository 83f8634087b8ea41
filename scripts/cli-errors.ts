import { operatorErrorMessage } from "~/server/features/staff/cli-commands";

/** How the command-line tools end on an error: the plain message for anything expected, the stack otherwise; exit 1. */
export function exitWithError(error: unknown): never {
  console.error(operatorErrorMessage(error) ?? error);
  process.exit(1);
}
