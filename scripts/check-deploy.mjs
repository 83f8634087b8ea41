// The deployment files' check, a stage of `npm test` (CI cannot run Docker): compose.yaml's shape, the
// Dockerfile against hadolint-style rules of our own, and deploy/Caddyfile's upstreams. Where the
// Docker CLI has its compose plugin, `docker compose config` validates compose.yaml as well.
// Each check returns the problems it found, one sentence each; none is a pass.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse } from "yaml";

// ---- Dockerfile ----------------------------------------------------------------------------------

/** The instructions of a Dockerfile: comments dropped, `\` continuations joined. */
export function dockerInstructions(text) {
  const instructions = [];
  let pending = "";
  let startLine = 0;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) return;
    if (pending && line.startsWith("#")) return;
    if (!pending) startLine = index + 1;
    const continued = line.endsWith("\\");
    pending += (pending ? " " : "") + (continued ? line.slice(0, -1).trim() : line);
    if (continued) return;
    const [keyword = "", ...rest] = pending.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(" "), line: startLine });
    pending = "";
  });
  return instructions;
}

/** An image reference pinned to a release: a digest, or a tag that starts with a version number. */
export function isPinnedImage(image) {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = image.split("/").pop().split(":")[1];
  return tag !== undefined && tag !== "latest" && /^\d+\.\d+/.test(tag);
}

const flagsOf = (args) => args.match(/--[a-z-]+(=\S+)?/g) ?? [];

export function lintDockerfile(text) {
  const problems = [];
  const at = (instruction, message) => problems.push(`Dockerfile line ${instruction.line}: ${message}`);
  const instructions = dockerInstructions(text);
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [image = "", as, name] = instruction.args.replace(/--platform=\S+\s*/, "").split(/\s+/);
      const parent = stages.find((stage) => stage.name === image);
      if (!parent && !isPinnedImage(image)) at(instruction, `pin the base image to a version (${image} is not)`);
      if (as && as.toUpperCase() === "AS" && stages.some((stage) => stage.name === name)) at(instruction, `stage name ${name} is used twice`);
      stages.push({ name: as?.toUpperCase() === "AS" ? name : undefined, parent, instructions: [], omitsDev: parent?.omitsDev ?? false });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (instruction.keyword !== "ARG") at(instruction, "instructions before the first FROM");
      continue;
    }
    stage.instructions.push(instruction);
    const { keyword, args } = instruction;
    if (keyword === "WORKDIR" && !args.startsWith("/")) at(instruction, `WORKDIR must be an absolute path (${args})`);
    if (keyword === "ADD" && !/^(--\S+\s+)*(https?:\/\/|\S+\.tar)/.test(args)) at(instruction, "use COPY for local files, not ADD");
    if (keyword === "RUN") {
      if (/(^|&&|;)\s*cd\s/.test(args)) at(instruction, "use WORKDIR, not cd in RUN");
      if (/\bsudo\b/.test(args)) at(instruction, "no sudo in RUN");
      if (/\bapt-get\s+(-\S+\s+)*install\b/.test(args)) {
        if (!/--no-install-recommends/.test(args)) at(instruction, "apt-get install needs --no-install-recommends");
        if (!/rm -rf \/var\/lib\/apt\/lists/.test(args)) at(instruction, "remove /var/lib/apt/lists/* in the RUN that installs");
      }
      const install = args.match(/\bnpm\s+(ci|install|i)\b[^&;|]*/);
      if (install) {
        if (install[1] !== "ci") at(instruction, "install with npm ci, which installs exactly the lock file's packages");
        if (/--omit=dev/.test(install[0])) stage.omitsDev = true;
        const copiedLock = [stage, ...ancestors(stage)].some((s) => s.instructions.some((i) => (i.keyword === "COPY" && /package-lock\.json/.test(i.args))));
        if (!copiedLock) at(instruction, "copy package-lock.json before npm installs, so the install follows the lock");
      }
    }
    if ((keyword === "CMD" || keyword === "ENTRYPOINT") && !args.startsWith("[")) at(instruction, `${keyword} in exec form (a JSON array), so signals reach the server`);
    if ((keyword === "ENV" || keyword === "ARG") && /\b\w*(PASSWORD|SECRET|TOKEN)\w*\s*=\s*\S/i.test(args)) at(instruction, "no secret values in ENV or ARG: pass them at run time");
  }
  if (stages.length < 2) problems.push("Dockerfile: build in one stage and run in another (multi-stage)");
  const final = stages.at(-1);
  if (!final) return [...problems, "Dockerfile: no FROM"];
  const runtime = final.instructions;
  const users = runtime.filter((i) => i.keyword === "USER");
  const lastUser = users.at(-1)?.args.split(":")[0];
  if (!lastUser || lastUser === "root" || lastUser === "0") problems.push("Dockerfile: the final stage must switch to a non-root USER");
  if (!runtime.some((i) => i.keyword === "HEALTHCHECK" && !/^NONE$/i.test(i.args))) problems.push("Dockerfile: the final stage needs a HEALTHCHECK");
  for (const instruction of runtime) {
    if ((instruction.keyword === "COPY" || instruction.keyword === "ADD") && !flagsOf(instruction.args).some((flag) => flag.startsWith("--chown="))) {
      at(instruction, `${instruction.keyword} in the final stage must say its owner (--chown)`);
    }
    const from = instruction.keyword === "COPY" ? instruction.args.match(/--from=(\S+)/)?.[1] : undefined;
    if (from && /node_modules/.test(instruction.args)) {
      const source = stages.find((stage) => stage.name === from);
      if (!source?.omitsDev) at(instruction, `node_modules from stage ${from}, which does not install with --omit=dev (no dev dependencies at run time)`);
    }
  }
  if (runtime.some((i) => i.keyword === "RUN" && /\bnpm\s+(ci|install|i)\b/.test(i.args) && !/--omit=dev/.test(i.args))) {
    problems.push("Dockerfile: the final stage installs packages without --omit=dev");
  }
  return problems;
}

function ancestors(stage) {
  const chain = [];
  for (let parent = stage.parent; parent; parent = parent.parent) chain.push(parent);
  return chain;
}

// ---- compose.yaml --------------------------------------------------------------------------------

/** Environment variable names whose values are secrets: never written in the compose file itself. */
const SECRET_NAME = /(PASSWORD|SECRET|TOKEN|_KEY)$|^(SMTP_URL|DATABASE_URL)$/;
const interpolated = (value) => /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/.test(value);

function environmentOf(service) {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? "" : String(v)]));
  return Object.fromEntries(env.map((entry) => [entry.split("=")[0], entry.split("=").slice(1).join("=")]));
}

/** A secret value that comes from the environment (.env): `${VAR…}`, or a URL whose password is one. */
function secretFromEnvironment(value) {
  if (value === "" || interpolated(value)) return true;
  // Each interpolation becomes one mark, so a `/` or `@` in a required variable's message is no separator.
  const marked = value.replace(/\$\{[^}]*\}/g, "\u0000");
  const userinfo = marked.match(/^[a-z]+:\/\/([^@/]*)@/)?.[1];
  if (userinfo === undefined) return /^[a-z]+:\/\//.test(marked); // a URL with no credentials in it
  return !userinfo.includes(":") || userinfo.slice(userinfo.indexOf(":") + 1) === "\u0000";
}

const dependsOn = (service) => (Array.isArray(service.depends_on) ? Object.fromEntries(service.depends_on.map((name) => [name, {}])) : service.depends_on ?? {});

export function checkCompose(text, caddyfile) {
  const problems = [];
  let compose;
  try {
    compose = parse(text, { merge: true });
  } catch (error) {
    return [`compose.yaml does not parse: ${error.message}`];
  }
  const services = compose?.services ?? {};
  const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);
  const proxies = Object.entries(services).filter(([, service]) => /^(caddy|nginx)(:|@|$)/.test(service.image ?? ""));
  if (!services.postgres) problems.push("compose.yaml: no postgres service");
  if (apps.length < 2) problems.push(`compose.yaml: at least two app nodes built from the Dockerfile (found ${apps.length})`);
  if (proxies.length !== 1) problems.push("compose.yaml: one reverse proxy (a caddy or nginx image) in front of the app nodes");

  for (const [name, service] of Object.entries(services)) {
    const test = service.healthcheck?.test;
    if (!test || service.healthcheck.disable || (Array.isArray(test) && test[0] === "NONE")) problems.push(`compose.yaml: ${name} needs a healthcheck`);
    if (service.image && service.build === undefined && !isPinnedImage(service.image)) problems.push(`compose.yaml: pin ${name}'s image to a version (${service.image})`);
    for (const [key, value] of Object.entries(environmentOf(service))) {
      if (SECRET_NAME.test(key) && !secretFromEnvironment(value)) problems.push(`compose.yaml: ${name}'s ${key} is written in the file: take it from .env (\${${key}})`);
    }
  }
  // Docker's 64 MB /dev/shm is where PostgreSQL's parallel workers share memory: too small for a parallel hash or sort over the leads.
  if (services.postgres && megabytes(services.postgres.shm_size) < 128) problems.push("compose.yaml: give postgres shm_size of 128mb or more (Docker's 64 MB /dev/shm fails parallel queries)");
  const password = environmentOf(services.postgres ?? {}).POSTGRES_PASSWORD;
  if (services.postgres && !/^\$\{POSTGRES_PASSWORD:\?/.test(password ?? "")) problems.push("compose.yaml: POSTGRES_PASSWORD must be a required variable (${POSTGRES_PASSWORD:?…})");

  for (const [name, service] of apps) {
    const env = environmentOf(service);
    if (dependsOn(service).postgres?.condition !== "service_healthy") problems.push(`compose.yaml: ${name} must wait for postgres to be healthy (depends_on condition service_healthy)`);
    if (!/@postgres(:\d+)?\//.test(env.DATABASE_URL ?? "")) problems.push(`compose.yaml: ${name}'s DATABASE_URL must point at the postgres service`);
    const trust = env.TRUST_PROXY ?? "";
    if (!trust || /^(false|0|true)$/.test(trust.trim())) problems.push(`compose.yaml: ${name} needs TRUST_PROXY for the proxy in front (a hop count or its addresses), not "${trust}"`);
    if (service.ports?.length) problems.push(`compose.yaml: ${name} publishes a port: only the proxy may reach the nodes (TRUST_PROXY trusts the hop in front)`);
  }
  for (const [name, service] of proxies) {
    const needs = dependsOn(service);
    for (const [app] of apps) {
      if (needs[app]?.condition !== "service_healthy") problems.push(`compose.yaml: ${name} must wait for ${app} to be healthy (depends_on condition service_healthy)`);
    }
    const upstreams = (environmentOf(service).APP_UPSTREAMS ?? "").split(/\s+/).filter(Boolean);
    const missing = apps.filter(([app]) => !upstreams.some((upstream) => upstream.split(":")[0] === app)).map(([app]) => app);
    if (missing.length) problems.push(`compose.yaml: ${name}'s APP_UPSTREAMS lacks ${missing.join(", ")}`);
  }
  if (caddyfile !== undefined) problems.push(...checkCaddyfile(caddyfile));
  return problems;
}

export function checkCaddyfile(text) {
  const problems = [];
  const code = text.split("\n").filter((line) => !line.trim().startsWith("#")).join("\n");
  if (!/reverse_proxy\s+\{\$APP_UPSTREAMS\}/.test(code)) problems.push("deploy/Caddyfile: reverse_proxy must send to {$APP_UPSTREAMS} (every node compose.yaml lists)");
  if (!/health_uri\s+\/api\/health\/ready\b/.test(code)) problems.push("deploy/Caddyfile: active health checks of /api/health/ready (health_uri)");
  if (!/lb_try_duration\s+\d+m?s\b/.test(code)) problems.push("deploy/Caddyfile: lb_try_duration, so a refused request goes to another node");
  if (!/fail_duration\s+\d+m?s\b/.test(code)) problems.push("deploy/Caddyfile: passive health checks (fail_duration)");
  return problems;
}

/** A compose size ("256mb", "1g", or bytes) in megabytes; 0 when unset or unreadable. */
function megabytes(size) {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)b?$/i.exec(String(size ?? "").trim());
  if (!match) return 0;
  return Number(match[1]) * { "": 1 / 1024 / 1024, k: 1 / 1024, m: 1, g: 1024 }[match[2].toLowerCase()];
}

// ---- the command ---------------------------------------------------------------------------------

/** `docker compose config` where the compose plugin exists (null: it does not, so nothing to say). */
function dockerComposeConfig() {
  const version = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
  if (version.status !== 0) return null;
  // The required variables, with stand-ins: the check is of the file, not of a machine's .env.
  const env = { ...process.env, POSTGRES_PASSWORD: "check", PUBLIC_BASE_URL: "http://localhost" };
  const result = spawnSync("docker", ["compose", "--env-file", "/dev/null", "config", "--quiet"], { encoding: "utf8", env });
  return result.status === 0 ? [] : [`docker compose config: ${result.stderr.trim()}`];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
  const problems = [...lintDockerfile(read("Dockerfile")), ...checkCompose(read("compose.yaml"), read("deploy/Caddyfile"))];
  const docker = dockerComposeConfig();
  problems.push(...(docker ?? []));
  if (problems.length > 0) {
    console.error(`The deployment files have ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`Dockerfile, compose.yaml and deploy/Caddyfile pass their checks${docker ? " (and docker compose config)" : " (docker compose is not installed: its own validation skipped)"}.`);
}
