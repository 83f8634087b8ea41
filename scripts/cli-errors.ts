import { ZodError } from "zod";
import { ConfigError } from "~/server/config";
import { DatabaseUnavailableError } from "~/server/db/client";
import { DataDirLockedError } from "~/server/db/data-dir-lock";
import { AppError } from "~/server/platform/errors";

/** How the command-line tools end on an error: the plain message for anything expected, the stack otherwise; exit 1. */
export function exitWithError(error: unknown): never {
  if (error instanceof ZodError) console.error(error.issues.map((issue) => issue.message).join("\n"));
  else if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
  } else console.error(error);
  process.exit(1);
}
