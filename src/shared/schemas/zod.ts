import * as z from "./zod-api";

/**
 * The shared schemas take `z` from here. In the browser zod must not compile its parsers with
 * `new Function`: the pages' Content-Security-Policy forbids eval, and zod's own probe for eval is
 * reported as a policy violation. Zod decides when a schema is built, so this runs before any is.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
