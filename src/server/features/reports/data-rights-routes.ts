import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataRequestListSchema, erasureConfirmSchema, erasurePlanSchema, erasureResultSchema } from "~/shared/schemas/data-rights";
import { validateEmailReplySchema } from "~/shared/schemas/candidate-auth";
import { CANDIDATE, roles } from "../../platform/access";
import { CANDIDATE_COOKIE } from "../../platform/candidate-sessions";
import { AppError } from "../../platform/errors";
import { enforceLimits } from "../../platform/rate-limit";
import { buildDataExport, exportFileName } from "./data-rights-export";
import { confirmErasure, erasurePlan, listDataRequests, recordExport, requestErasureCode } from "./data-rights";

const HOUR = 60 * 60 * 1000;
/** A download renders every report's PDF: a few per hour is plenty for a person. */
export const EXPORTS_PER_HOUR = 5;
export const ERASURE_CODES_PER_HOUR = 5;
export const ERASURE_TRIES_PER_HOUR = 20;
const TOO_MANY = "Too many requests. Please wait a while and try again.";

/** Only the candidate themself: staff may read reports, but not download or erase a person. */
function candidateOf(request: FastifyRequest): string {
  if (!request.candidate) throw new AppError("unauthenticated", "Please sign in with your e-mail address to manage your data");
  return request.candidate.email;
}

/** "Your data" (issue 20 §5): download everything held about the signed-in address, or erase it. */
export async function dataRightsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["candidate data rights"];
  const security = [{ candidate: [] }];
  const printCodes = !app.config.smtpUrl && app.config.env === "development";

  api.get("/api/simulation/my-data", {
    config: CANDIDATE,
    schema: {
      tags,
      security,
      summary:
        "Everything held about the signed-in address as one ZIP (founders-find-data-<date>.zip): JSON files (reports with answers, applications, brochure requests, messages, newsletter, sign-in history, CRM record, e-mails) and each report as a PDF",
    },
    handler: async (request, reply) => {
      const email = candidateOf(request);
      await enforceLimits(app.db, [{ key: `data-export:${email}`, max: EXPORTS_PER_HOUR, windowMs: HOUR }], TOO_MANY);
      const zip = await buildDataExport(app.db, email, app.config.publicBaseUrl);
      await recordExport(app.db, email, { bytes: zip.byteLength });
      return reply
        .type("application/zip")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${exportFileName()}"`)
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  });

  api.get("/api/simulation/my-data/erasure", {
    config: CANDIDATE,
    schema: { tags, security, summary: "What deleting the signed-in address's data would delete, and whether a payment record is kept", response: { 200: erasurePlanSchema } },
    handler: async (request) => erasurePlan(app.db, candidateOf(request)),
  });

  api.post("/api/simulation/my-data/erasure/code", {
    config: CANDIDATE,
    schema: {
      tags,
      security,
      summary: "E-mail a fresh 6-digit code (15 minutes, 5 tries) that confirms deleting the data; the e-mail lists what will be deleted",
      response: { 200: validateEmailReplySchema },
    },
    handler: async (request) => {
      const email = candidateOf(request);
      await enforceLimits(app.db, [{ key: `erasure-code:${email}`, max: ERASURE_CODES_PER_HOUR, windowMs: HOUR }], TOO_MANY);
      const code = await requestErasureCode(app.db, app.secret, email, app.config.publicBaseUrl);
      if (printCodes) request.log.warn(`SMTP_URL is not set: the erasure code for ${email} is ${code}`);
      return { ok: true as const, codeSent: true as const };
    },
  });

  api.post("/api/simulation/my-data/erasure", {
    config: CANDIDATE,
    schema: {
      tags,
      security,
      summary:
        "Confirm with the e-mailed code: deletes reports, applications, brochure requests, messages, newsletter subscription, sign-in records and queued e-mail; anonymises the CRM lead (or keeps its payment record); ends the session",
      body: erasureConfirmSchema,
      response: { 200: erasureResultSchema },
    },
    handler: async (request, reply) => {
      const email = candidateOf(request);
      await enforceLimits(app.db, [{ key: `erasure-try:${email}`, max: ERASURE_TRIES_PER_HOUR, windowMs: HOUR }], TOO_MANY);
      const { keptPaymentRecord } = await confirmErasure(app.db, app.secret, email, request.body.code);
      // The session row is gone with the rest; the cookie goes too.
      reply.clearCookie(CANDIDATE_COOKIE, { path: "/" });
      return { erased: true as const, keptPaymentRecord };
    },
  });

  api.get("/api/admin/data-requests", {
    config: roles("admin"),
    schema: {
      tags: ["staff"],
      summary: "Candidates' data downloads and erasures, newest first: when, and a SHA-256 of the address (never the address)",
      response: { 200: dataRequestListSchema },
    },
    handler: async () => ({ items: await listDataRequests(app.db) }),
  });
}
