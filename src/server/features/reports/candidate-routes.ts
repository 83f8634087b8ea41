import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { candidateSchema, validateEmailBodySchema, validateEmailReplySchema, verifyBodySchema } from "~/shared/schemas/candidate-auth";
import { okSchema } from "~/shared/schemas/common";
import { reportDetailSchema, reportListSchema } from "~/shared/schemas/simulation-reports";
import { CANDIDATE, PUBLIC } from "../../platform/access";
import {
  CANDIDATE_COOKIE,
  candidateCookieOptions,
  createCandidateSession,
  revokeCandidateSession,
} from "../../platform/candidate-sessions";
import { clientIp } from "../../platform/client-ip";
import { liftErasure } from "../../platform/mail/erased-addresses";
import { AppError } from "../../platform/errors";
import { enforceLimits, refundLimits, type Limit } from "../../platform/rate-limit";
import { isKnownAddress, sendLoginCode, verifyLoginCode } from "./candidate-auth";
import { pdfCredentialOf } from "./credential";
import { renderReportPdf, reportPdfDisposition } from "./pdf";
import { findReportRow, listCandidateReports, reportDetailOf } from "./queries";

const QUARTER_HOUR = 15 * 60 * 1000;
/**
 * Code requests per quarter hour (sliding), mirroring staff sign-in (README "Candidates: My Reports"):
 * - per e-mail from one client address;
 * - per client address, across e-mails;
 * - per e-mail from client addresses it never signed in from, together — so strangers cannot flood
 *   the owner's inbox; the owner's known addresses are not held back by it.
 */
export const CODE_REQUESTS_PER_EMAIL_AND_IP = 5;
export const CODE_REQUESTS_PER_IP = 20;
export const CODE_REQUESTS_PER_EMAIL = 5;
/** Code checks per quarter hour, the same three ways (on top of 5 tries per code); a sign-in gives its check back. */
export const VERIFY_PER_EMAIL_AND_IP = 10;
export const VERIFY_PER_IP = 30;
export const VERIFY_PER_EMAIL = 10;

/** The limits one request counts against; the per-e-mail one only from addresses not known for it. */
function limitsOf(kind: "code" | "verify", email: string, ip: string, known: boolean): Limit[] {
  const [pair, perIp, perEmail] =
    kind === "code"
      ? [CODE_REQUESTS_PER_EMAIL_AND_IP, CODE_REQUESTS_PER_IP, CODE_REQUESTS_PER_EMAIL]
      : [VERIFY_PER_EMAIL_AND_IP, VERIFY_PER_IP, VERIFY_PER_EMAIL];
  const limits: Limit[] = [
    { key: `candidate-${kind}-pair:${email}|${ip}`, max: pair, windowMs: QUARTER_HOUR },
    { key: `candidate-${kind}-ip:${ip}`, max: perIp, windowMs: QUARTER_HOUR },
  ];
  if (!known) limits.push({ key: `candidate-${kind}:${email}`, max: perEmail, windowMs: QUARTER_HOUR });
  return limits;
}

const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
const NOT_FOUND = "Report not found or access denied";

/** Candidates: sign in with a one-time code, then their own reports only (PRODUCT.md §2). */
export async function candidateReportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["candidate reports"];
  const secure = app.config.publicBaseUrl.startsWith("https://");
  // Only a development server (`npm run dev`) without SMTP prints codes; production never logs one (README).
  const printCodes = !app.config.smtpUrl && app.config.env === "development";
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

  api.post("/api/simulation/validate-email", {
    config: PUBLIC,
    schema: {
      tags,
      summary: "E-mail a 6-digit sign-in code; the same answer whether or not the address has reports",
      body: validateEmailBodySchema,
      response: { 200: validateEmailReplySchema },
    },
    handler: async (request) => {
      const { email } = request.body;
      const ip = clientIp(request);
      const known = await isKnownAddress(app.db, app.secret, email, ip);
      await enforceLimits(app.db, limitsOf("code", email, ip, known), TOO_MANY);
      const code = await sendLoginCode(app.db, app.secret, email, { ip, known }, app.config.publicBaseUrl);
      // Without SMTP nothing is delivered, so the developer running the server is shown the code.
      if (printCodes) request.log.warn(`SMTP_URL is not set: the sign-in code for ${email} is ${code}`);
      return { ok: true as const, codeSent: true as const };
    },
  });

  api.post("/api/simulation/verify", {
    config: PUBLIC,
    schema: { tags, summary: "Check the code and start a candidate session (cookie ff_candidate)", body: verifyBodySchema, response: { 200: candidateSchema } },
    handler: async (request, reply) => {
      const { email, code } = request.body;
      const ip = clientIp(request);
      const known = await isKnownAddress(app.db, app.secret, email, ip);
      const limits = limitsOf("verify", email, ip, known);
      await enforceLimits(app.db, limits, TOO_MANY);
      await verifyLoginCode(app.db, app.secret, email, code, { ip, known });
      // Signed in again after erasing their data: mail to the address may go out again (data-rights).
      await liftErasure(app.db, email);
      // Only failures use up the allowance.
      await refundLimits(app.db, limits);
      const previous = request.cookies[CANDIDATE_COOKIE];
      if (previous) await revokeCandidateSession(app.db, app.secret, previous);
      const token = await createCandidateSession(app.db, app.secret, email);
      reply.setCookie(CANDIDATE_COOKIE, token, candidateCookieOptions(secure));
      return { email };
    },
  });

  api.post("/api/simulation/logout", {
    config: PUBLIC,
    schema: { tags, summary: "End the candidate session", response: { 200: okSchema } },
    handler: async (request, reply) => {
      const token = request.cookies[CANDIDATE_COOKIE];
      if (token) await revokeCandidateSession(app.db, app.secret, token);
      reply.clearCookie(CANDIDATE_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  });

  api.get("/api/simulation/reports", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "The signed-in candidate's reports, newest first (any email parameter is ignored)",
      security: [{ candidate: [] }],
      response: { 200: reportListSchema },
    },
    handler: async (request, reply) => {
      if (!request.candidate) throw new AppError("unauthenticated", "Please sign in to see your reports");
      noStore(reply);
      return { email: request.candidate.email, reports: await listCandidateReports(app.db, request.candidate.email) };
    },
  });

  const slugParams = z.object({ slug: z.string().min(1).max(100) });
  const viewerOf = (request: { candidate: { email: string } | null; staff: { roles: string[] } | null }) => ({
    candidateEmail: request.candidate?.email ?? null,
    staffRoles: request.staff?.roles ?? null,
  });

  api.get("/api/simulation/report/:slug", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "One report: the candidate's own, or any for admin and admissions staff; anything else is 404",
      security: [{ candidate: [] }, { session: [] }],
      params: slugParams,
      response: { 200: reportDetailSchema },
    },
    handler: async (request, reply) => {
      const row = await findReportRow(app.db, request.params.slug, viewerOf(request));
      if (!row) throw new AppError("not_found", NOT_FOUND);
      noStore(reply);
      return reportDetailOf(app.db, row);
    },
  });

  api.get("/api/simulation/report/:slug/pdf", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "The report as a PDF (same access rule)",
      description:
        "Named after the candidate, the simulation and the day in Kolkata (`priya-nayar-market-entry-2026-11-25.pdf`; a name in another script also in `filename*`). Text in Indian scripts is embedded as Noto Sans subsets. A shared report's PDF carries its credential id, verification URL and QR code.",
      security: [{ candidate: [] }, { session: [] }],
      params: slugParams,
    },
    handler: async (request, reply) => {
      const row = await findReportRow(app.db, request.params.slug, viewerOf(request));
      if (!row) throw new AppError("not_found", NOT_FOUND);
      const report = await reportDetailOf(app.db, row);
      // A shared report's PDF carries its credential: id, verification URL and QR code.
      const pdf = await renderReportPdf(report, app.config.publicBaseUrl, { credential: pdfCredentialOf(row, app.config.publicBaseUrl) });
      noStore(reply);
      return reply.type("application/pdf").header("content-disposition", reportPdfDisposition(report)).send(pdf);
    },
  });
}
