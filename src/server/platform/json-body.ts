import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

/**
 * Where a parsed JSON value holds a name that could reach an object's prototype (`__proto__`, or
 * `constructor` holding `prototype`), as a dotted path; null when it holds none. Walks with an
 * explicit stack, so a deeply nested body cannot overflow the call stack.
 */
export function forbiddenKeyPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length) {
    const { value: node, path } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    for (const [name, child] of Object.entries(node)) {
      const at = path ? `${path}.${name}` : name;
      if (name === "__proto__") return at;
      if (name === "constructor" && child !== null && typeof child === "object" && Object.hasOwn(child, "prototype")) return `${at}.prototype`;
      stack.push({ value: child, path: at });
    }
  }
  return null;
}

/**
 * JSON bodies as Fastify reads them (prototype names refused), but a body refused for such a name is
 * not called "not valid JSON": it is valid JSON with a name we do not accept, and the answer says
 * which one. Only the refused body is parsed a second time (natively, which never touches a prototype).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const fastifyParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    fastifyParser(request, String(body), (error, value) => {
      if (!error) return done(null, value);
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(body));
      } catch {
        return done(error, undefined);
      }
      const path = forbiddenKeyPath(parsed);
      if (!path) return done(error, undefined);
      const message = `${path.split(".").at(-1)} is not allowed as a name in the body (at ${path})`;
      done(new AppError("invalid", message, { [path]: message }), undefined);
    });
  });
}
