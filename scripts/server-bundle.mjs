// How the server and its worker threads are bundled: by `npm run build` (scripts/build-server.mjs)
// into dist/server, and by the integration tests' global setup (tests/helpers/module-workers.ts),
// which bundles the workers alone once per run.
import { build } from "esbuild";

/** Worker threads, each an entry of its own beside the server (platform/module-worker.ts finds them there). */
export const WORKER_ENTRIES = {
  "pglite-worker": "src/server/db/pglite-worker.ts",
  "credential-card-worker": "src/server/features/reports/credential-card-worker.ts",
};

/** npm packages stay external, so resvg's wasm, PGlite's files and the fonts are read from node_modules. */
export function bundleServer(entryPoints, outdir) {
  return build({
    entryPoints,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}
