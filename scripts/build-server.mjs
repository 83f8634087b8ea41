// Bundles the server (and the shared code it imports) into dist/server/main.js, and the embedded
// database's worker thread (src/server/db/pglite-worker.ts) beside it; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/server/main.ts", "pglite-worker": "src/server/db/pglite-worker.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
