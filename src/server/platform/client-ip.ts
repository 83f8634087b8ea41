import type { FastifyRequest } from "fastify";

/** The caller's address; behind a proxy Fastify's trustProxy setting makes this the forwarded one. */
export const clientIp = (request: FastifyRequest) => request.ip || "unknown";
