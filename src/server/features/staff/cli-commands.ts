// The operator's commands (npm run staff / npm run candidate) as plain requests, so the one code runs
// them whether the command line opened the database itself or asked the running server to
// (platform/local-channel.ts: the embedded database admits one process only).
import type { FastifyBaseLogger } from "fastify";
import { ZodError } from "zod";
import { emailSchema } from "~/shared/schemas/common";
import { passwordSchema, rolesSchema } from "~/shared/schemas/staff";
import { z } from "~/shared/schemas/zod";
import { ConfigError } from "../../config";
import type { Db } from "../../db/client";
import { DatabaseUnavailableError } from "../../db/client";
import { DataDirLockedError } from "../../db/data-dir-lock";
import { AppError } from "../../platform/errors";
import type { ChannelHandler } from "../../platform/local-channel";
import { CONSECUTIVE_FAILURE_CAP, consecutiveFailuresOf, unlockCandidateSignIn } from "../reports/candidate-auth";
import { createStaff, disableStaff, listStaff, resetPassword } from "./service";

export const operatorRequestSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("staff.add"), email: z.string(), name: z.string(), roles: rolesSchema, password: passwordSchema }),
  z.object({ command: z.literal("staff.list") }),
  z.object({ command: z.literal("staff.disable"), email: z.string() }),
  z.object({ command: z.literal("staff.reset-password"), email: z.string(), password: passwordSchema }),
  z.object({ command: z.literal("candidate.status"), email: emailSchema }),
  z.object({ command: z.literal("candidate.unlock"), email: emailSchema }),
]);
export type OperatorRequest = z.input<typeof operatorRequestSchema>;

/** Runs one command; the answer is the text the command line prints (several lines at most). */
export async function runOperatorCommand(db: Db, input: OperatorRequest): Promise<string> {
  const request = operatorRequestSchema.parse(input);
  switch (request.command) {
    case "staff.add": {
      const member = await createStaff(db, request);
      return `Added ${member.name} <${member.email}> with roles ${member.roles.join(", ")}.`;
    }
    case "staff.list": {
      const staff = await listStaff(db);
      if (staff.length === 0) return "No staff accounts yet. Add one with: npm run staff -- add <email> --name ... --roles admin";
      return staff.map((m) => `${m.email}\t${m.name}\t${m.roles.join(",")}\t${m.disabled ? "disabled" : "active"}`).join("\n");
    }
    case "staff.disable": {
      const member = await disableStaff(db, request.email);
      return `Disabled ${member.email}; their sessions have ended.`;
    }
    case "staff.reset-password": {
      await resetPassword(db, request.email, request.password);
      return `Password changed for ${request.email}; their sessions have ended.`;
    }
    case "candidate.status": {
      const failures = await consecutiveFailuresOf(db, request.email);
      const state = failures >= CONSECUTIVE_FAILURE_CAP ? "locked for new devices" : "not locked";
      return `${request.email}: ${failures} wrong codes in a row (${state}; the limit is ${CONSECUTIVE_FAILURE_CAP}).`;
    }
    case "candidate.unlock": {
      const failures = await consecutiveFailuresOf(db, request.email);
      await unlockCandidateSignIn(db, request.email);
      return `${request.email}: unlocked (${failures} wrong codes in a row set back to 0); any device may ask for a code again.`;
    }
  }
}

/** What the command line prints for an expected error (bad input, no such account, …); null for a fault. */
export function operatorErrorMessage(error: unknown): string | null {
  if (error instanceof ZodError) return error.issues.map((issue) => issue.message).join("\n");
  if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
    return error.message;
  }
  return null;
}

/** The running server's side of the command line (platform/local-channel.ts): same answers, same errors. */
export function answerOperatorRequest(db: Db, log: FastifyBaseLogger): ChannelHandler {
  return async (request) => {
    try {
      // Validated by runOperatorCommand, as a request typed in this process is.
      const output = await runOperatorCommand(db, request as OperatorRequest);
      log.info({ command: (request as OperatorRequest).command }, "Ran a command from the command line");
      return { ok: true, output };
    } catch (error) {
      const message = operatorErrorMessage(error);
      if (message !== null) return { ok: false, error: message };
      log.error({ err: error }, "A command from the command line failed");
      return { ok: false, error: "The server could not run the command: its log says why." };
    }
  };
}
