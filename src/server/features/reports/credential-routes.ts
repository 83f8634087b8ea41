import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatDate } from "~/shared/format-date";
import { placeText } from "~/shared/report-standing-text";
import { credentialParamsSchema, credentialShareSchema, publicCredentialSchema, type PublicCredential } from "~/shared/schemas/report-credential";
import { CANDIDATE, PUBLIC } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { findCredentialShare, findSharedReport, publicCredentialOf, shareReport, unshareReport } from "./credential";
import { cardEtag, credentialCardPng, stopCardWorker } from "./credential-card";
import type { CardContent } from "./credential-card-svg";

const NOT_FOUND = "Report not found or access denied";
const NO_CREDENTIAL = "This credential does not exist or is no longer shared";
const OWNER_ONLY = "Only the candidate can share their report: sign in with the report's e-mail address";
/** Search engines keep out; link previews (LinkedIn, WhatsApp) still read the page and its image. */
const NOINDEX = "noindex, nofollow, noarchive";

/** What the share image shows, worded for it. */
const cardContentOf = (credential: PublicCredential): CardContent => ({
  fullName: credential.fullName,
  simulationType: credential.simulationType,
  date: formatDate(credential.completedAt),
  totalScore: credential.totalScore,
  band: credential.band,
  standing: credential.standing ? placeText(credential.standing) : null,
  dimensions: credential.dimensions,
  verifyAt: credential.url.replace(/^https?:\/\//, ""),
});

/**
 * A candidate's verified credential (issue 20 §3): the owner turns sharing of one report on or off;
 * anyone with the link reads its public fields, its page (web route /verify/:id) and its share image.
 */
export async function credentialRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["candidate reports"];
  const baseUrl = app.config.publicBaseUrl;
  const slugParams = z.object({ slug: z.string().min(1).max(100) });
  app.addHook("onClose", stopCardWorker);

  /** The owner's address, or a refusal: staff may read reports, never share one for the candidate. */
  const ownerOf = (request: { candidate: { email: string } | null }): string => {
    if (!request.candidate) throw new AppError("forbidden", OWNER_ONLY);
    return request.candidate.email;
  };
  const privateAnswer = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

  const ownerOnly = "Only the signed-in candidate whose report it is (a staff session is refused with 403; another candidate's report is 404).";

  api.get("/api/simulation/reports/:slug/share", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "Whether the report is shared as a verified credential, and its public link",
      description: ownerOnly,
      security: [{ candidate: [] }],
      params: slugParams,
      response: { 200: credentialShareSchema },
    },
    handler: async (request, reply) => {
      const share = await findCredentialShare(app.db, request.params.slug, ownerOf(request), baseUrl);
      if (!share) throw new AppError("not_found", NOT_FOUND);
      privateAnswer(reply);
      return share;
    },
  });

  api.put("/api/simulation/reports/:slug/share", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "Share the report as a verified credential: { shareId, url } of its public page /verify/{shareId}",
      description: `${ownerOnly} Idempotent: a shared report keeps its id. After a DELETE, sharing again makes a new id (the old link stays dead).`,
      security: [{ candidate: [] }],
      params: slugParams,
      response: { 200: credentialShareSchema },
    },
    handler: async (request, reply) => {
      const share = await shareReport(app.db, request.params.slug, ownerOf(request), baseUrl);
      if (!share) throw new AppError("not_found", NOT_FOUND);
      request.log.info({ slug: request.params.slug }, "report credential shared");
      privateAnswer(reply);
      return share;
    },
  });

  api.delete("/api/simulation/reports/:slug/share", {
    config: CANDIDATE,
    schema: {
      tags,
      summary: "Stop sharing: the verification page, its JSON and its image answer 404 from now on",
      description: `${ownerOnly} 204 whether or not it was shared.`,
      security: [{ candidate: [] }],
      params: slugParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      if (!(await unshareReport(app.db, request.params.slug, ownerOf(request)))) throw new AppError("not_found", NOT_FOUND);
      request.log.info({ slug: request.params.slug }, "report credential unshared");
      return reply.status(204).send(null);
    },
  });

  /** A shared report's public fields (standing included when known), or 404. */
  const credentialOf = async (id: string): Promise<PublicCredential> => {
    const row = await findSharedReport(app.db, id);
    if (!row) throw new AppError("not_found", NO_CREDENTIAL);
    return publicCredentialOf(app.db, row, baseUrl);
  };

  api.get("/api/verify/:id", {
    config: PUBLIC,
    schema: {
      tags,
      summary: "A shared credential's public fields: name, simulation, date, total score and band, standing, dimension averages",
      description:
        "Public: anyone with the id. Never the e-mail, the answers or the feedback. 404 when the id was never shared or sharing was turned off. Sent with `X-Robots-Tag: noindex`.",
      params: credentialParamsSchema,
      response: { 200: publicCredentialSchema },
    },
    handler: async (request, reply) => {
      reply.header("x-robots-tag", NOINDEX);
      const credential = await credentialOf(request.params.id);
      // Revalidated on every use: once sharing is off, nobody is served a stored copy.
      reply.header("cache-control", "no-cache");
      return credential;
    },
  });

  // Not under /api: a page's asset, named in its og:image. Content-addressed ETag, kept in memory.
  app.get("/verify/:id/card.png", {
    config: PUBLIC,
    schema: { hide: true, params: credentialParamsSchema },
    handler: async (request, reply) => {
      reply.header("x-robots-tag", NOINDEX);
      const { id } = request.params as z.infer<typeof credentialParamsSchema>;
      const content = cardContentOf(await credentialOf(id));
      const etag = cardEtag(content);
      // Short-lived in caches so that turning sharing off takes effect; a revalidation is one lookup.
      reply.header("etag", etag).header("cache-control", "public, max-age=300, must-revalidate");
      if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) return reply.status(304).send();
      const png = await credentialCardPng(content, etag);
      return reply.type("image/png").send(png);
    },
  });
}
