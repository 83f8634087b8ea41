import type { FastifyInstance } from "fastify";
import { FORBIDDEN_TEXT_MESSAGE, findForbiddenText } from "~/shared/text-input";
import { AppError } from "./errors";

/**
 * Refuses, for every route at once, text that PostgreSQL cannot store (NUL) or that is not valid
 * Unicode (an unpaired surrogate): in the path parameters, the query string and a parsed body, with
 * a 400 naming the field. Multipart fields are checked by the one multipart reader
 * (platform/multipart.ts), since their body is read by the handler. Runs before schema validation,
 * so no route and no schema has to remember it.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const sources = [request.params, request.query, request.body];
    for (const source of sources) {
      const field = findForbiddenText(source);
      if (field !== null) throw new AppError("invalid", `${field}: ${FORBIDDEN_TEXT_MESSAGE}`, { [field]: FORBIDDEN_TEXT_MESSAGE });
    }
  });
}
