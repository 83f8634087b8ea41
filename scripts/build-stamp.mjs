// What the production build was made from: a SHA-256 over every file that goes into it (the sources,
// public assets, the lock file and the build's own configuration). `npm run build` writes it to
// dist/build-stamp after a successful build; `npm start` builds only when it differs (a second start
// serves in a couple of seconds instead of rebuilding for half a minute).
//   node scripts/build-stamp.mjs write   — after a build
//   node scripts/build-stamp.mjs check   — exit 0 when dist/ is current, 1 when it must be rebuilt
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// BUILD_STAMP_ROOT: another project folder (the unit test's).
const root = process.env.BUILD_STAMP_ROOT ?? path.resolve(import.meta.dirname, "..");
const STAMP = path.join(root, "dist", "build-stamp");
const INPUTS = [
  "src",
  "public",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const stat = readdirSync(path.dirname(full), { withFileTypes: true }).find((d) => d.name === path.basename(full));
  if (!stat?.isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

function stamp() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) {
    hash.update(file).update("\0").update(readFileSync(path.join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

const mode = process.argv[2];
if (mode === "write") {
  writeFileSync(STAMP, `${stamp()}\n`);
} else if (mode === "check") {
  const current = existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === stamp() && existsSync(path.join(root, "dist/server/main.js")) && existsSync(path.join(root, "build/client"));
  if (!current) console.log("The build is missing or older than the sources: building first.");
  process.exit(current ? 0 : 1);
} else {
  console.error("Usage: node scripts/build-stamp.mjs write|check");
  process.exit(2);
}
