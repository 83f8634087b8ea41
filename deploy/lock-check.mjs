// Run by the Dockerfile after `npm install`: proves the image holds exactly the committed lock file's
// packages. npm records what it installed in node_modules/.package-lock.json; every entry there must
// be in the committed lock with the same version and integrity. The only packages allowed beyond the
// lock are optional ones (other platforms' builds the lock lacks, see README "Requirements"): their
// versions are pinned exactly by the package that names them.
//   node deploy/lock-check.mjs <the committed package-lock.json> [node_modules/.package-lock.json]
import { readFileSync } from "node:fs";

/** The differences between what was installed and the lock: empty when the install is the lock's. */
export function lockDifferences(committed, installed) {
  const problems = [];
  for (const [where, entry] of Object.entries(installed.packages ?? {})) {
    if (where === "") continue;
    const locked = committed.packages?.[where];
    if (!locked) {
      if (!entry.optional) problems.push(`${where}@${entry.version} is not in the lock file`);
      continue;
    }
    if (locked.version !== entry.version) problems.push(`${where}: ${entry.version} installed, the lock says ${locked.version}`);
    else if (locked.integrity && entry.integrity && locked.integrity !== entry.integrity) problems.push(`${where}: integrity differs from the lock`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [committedPath, installedPath = "node_modules/.package-lock.json"] = process.argv.slice(2);
  if (!committedPath) {
    console.error("Usage: node deploy/lock-check.mjs <committed package-lock.json> [node_modules/.package-lock.json]");
    process.exit(2);
  }
  const problems = lockDifferences(JSON.parse(readFileSync(committedPath, "utf8")), JSON.parse(readFileSync(installedPath, "utf8")));
  if (problems.length > 0) {
    console.error(`The install differs from package-lock.json (run npm install and commit the lock file):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Installed packages match package-lock.json.");
}
