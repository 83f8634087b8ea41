import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `Authorization: Bearer <token>` compared in constant time (digests first, so lengths match too). */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return !!match && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}
