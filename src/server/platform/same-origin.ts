import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by a page of another site. Browsers always send
 * Origin (or Sec-Fetch-Site) on such requests; tools like curl send neither and are allowed.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicBaseUrl: string): void {
  const publicOrigin = new URL(publicBaseUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") throw new AppError("forbidden", "Cross-site requests are not allowed");
    if (!origin) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) {
      throw new AppError("forbidden", "Cross-site requests are not allowed");
    }
  });
}
