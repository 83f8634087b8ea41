// The programs the test command needs besides Node: Chromium for the browser tests and pdftotext
// (poppler-utils) for the PDF tests. Each is found on the machine, or installed with Debian's apt when
// we are root and apt-get exists, or the test command stops before the step that needs it with one
// sentence naming the command that fixes it.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first of `names` on PATH (or an absolute path that exists), or null. */
function which(names) {
  for (const name of names) {
    if (path.isAbsolute(name)) {
      if (executable(name)) return name;
      continue;
    }
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      const file = path.join(dir, name);
      if (dir && executable(file)) return file;
    }
  }
  return null;
}

const canApt = () => process.getuid?.() === 0 && which(["apt-get"]) !== null;

function aptInstall(pkg) {
  console.log(`Installing Debian's ${pkg} with apt-get (as root)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  return spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: ["ignore", "ignore", "inherit"], env }).status === 0;
}

/**
 * Finds the tool or installs it; returns its path, or null after printing the one sentence that says
 * how to get it.
 */
export function ensureTool({ what, names, aptPackage, fix, fallback }) {
  const found = which(names);
  if (found) return found;
  if (canApt() && aptInstall(aptPackage)) {
    const installed = which(names);
    if (installed) return installed;
  }
  if (fallback) return ensureTool(fallback);
  console.error(`\n✗ ${what} is not installed and could not be installed here: ${fix}`);
  return null;
}

/**
 * Debian's headless shell first: it draws no window and runs no GPU process, and the browser tests took
 * about a third less CPU with it than with the full Chromium (the same 23 tests: 37 s against 62 s).
 * The full browser is the fallback when the shell is neither installed nor installable.
 */
export const CHROMIUM = {
  what: "Chromium (for the browser tests)",
  names: [process.env.CHROME_PATH, "chromium-headless-shell"].filter(Boolean),
  aptPackage: "chromium-headless-shell",
  fallback: {
    what: "Chromium (for the browser tests)",
    names: ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"],
    aptPackage: "chromium",
    fix: "run `sudo apt-get install -y chromium-headless-shell` (Debian) or `chromium`, or set CHROME_PATH to a Chrome or Chromium binary, then `npm test` again.",
  },
};

export const PDFTOTEXT = {
  what: "pdftotext (poppler-utils, for the report PDF tests)",
  names: ["pdftotext"],
  aptPackage: "poppler-utils",
  fix: "run `sudo apt-get install -y poppler-utils` (Debian, Ubuntu; `brew install poppler` on macOS), then `npm test` again.",
};
