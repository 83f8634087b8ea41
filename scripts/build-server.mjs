// Bundles the server (and the shared code it imports) into dist/server/main.js, and the embedded
// database's worker thread (src/server/db/pglite-worker.ts) and the share image's
// (src/server/features/reports/credential-card-worker.ts) beside it (platform/module-worker.ts finds
// them there); npm packages stay external, so resvg's wasm and the fonts are read from node_modules.
import { bundleServer, WORKER_ENTRIES } from "./server-bundle.mjs";

await bundleServer({ main: "src/server/main.ts", ...WORKER_ENTRIES }, "dist/server");
