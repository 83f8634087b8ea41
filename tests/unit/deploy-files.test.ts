import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ES modules of the build tooling, without type declarations
import { checkCaddyfile, checkCompose, lintDockerfile } from "../../scripts/check-deploy.mjs";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
const dockerfile = read("Dockerfile");
const compose = read("compose.yaml");
const caddyfile = read("deploy/Caddyfile");

/** The problems of the Dockerfile with `from` replaced by `to` (which must occur in it). */
function lintWith(from: string | RegExp, to: string): string[] {
  const changed = dockerfile.replace(from, to);
  expect(changed).not.toBe(dockerfile);
  return lintDockerfile(changed);
}

function composeWith(from: string | RegExp, to: string): string[] {
  const changed = compose.replace(from, to);
  expect(changed).not.toBe(compose);
  return checkCompose(changed);
}

describe("the deployment files as committed", () => {
  it("pass every check", () => {
    expect(lintDockerfile(dockerfile)).toEqual([]);
    expect(checkCompose(compose, caddyfile)).toEqual([]);
  });
});

describe("the server's Node flags", () => {
  // `npm run serve` is the production start; the image and the benchmarks must start the server the
  // same way, or the memory they measure and ship is not the README's.
  const flagsOf = (words: string[]) => words.slice(words.indexOf("node") + 1, words.indexOf("dist/server/main.js"));
  const serve = flagsOf((JSON.parse(read("package.json")) as { scripts: { serve: string } }).scripts.serve.split(/\s+/));
  const image = flagsOf(JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]);
  const benches = JSON.parse(/SERVE_NODE_FLAGS = (\[.*\]);/.exec(read("scripts/bench/lib/servers.ts"))![1]!) as string[];

  it("are the same for `npm run serve`, the image and the benchmarks", () => {
    expect(serve).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=100"]);
    expect(image).toEqual(serve);
    expect(benches).toEqual(serve);
  });
});

describe("the Dockerfile rules", () => {
  it("want pinned base images: no bare name, no latest", () => {
    expect(lintWith("FROM node:22.20.0-bookworm-slim AS deps", "FROM node AS deps")).toEqual([expect.stringMatching(/line \d+: pin the base image.*\(node is not\)/)]);
    expect(lintWith("FROM node:22.20.0-bookworm-slim AS runtime", "FROM node:latest AS runtime")).toEqual([expect.stringMatching(/pin the base image/)]);
    expect(lintWith("FROM node:22.20.0-bookworm-slim AS runtime", "FROM node:lts-slim AS runtime")).toEqual([expect.stringMatching(/pin the base image/)]);
  });

  it("want a non-root user in the final stage", () => {
    expect(lintWith(/^USER node$/m, "USER root")).toEqual(["Dockerfile: the final stage must switch to a non-root USER"]);
    expect(lintWith(/^USER node$/m, "")).toEqual(["Dockerfile: the final stage must switch to a non-root USER"]);
  });

  it("want a HEALTHCHECK", () => {
    expect(lintWith(/^HEALTHCHECK .*$/m, "")).toEqual(["Dockerfile: the final stage needs a HEALTHCHECK"]);
    expect(lintWith(/^HEALTHCHECK .*$/m, "HEALTHCHECK NONE")).toEqual(["Dockerfile: the final stage needs a HEALTHCHECK"]);
  });

  it("want several stages, absolute WORKDIRs and owners on the final stage's copies", () => {
    const oneStage = "FROM node:22.20.0-bookworm-slim\nWORKDIR /app\nUSER node\nHEALTHCHECK CMD [\"true\"]\nCMD [\"node\"]\n";
    expect(lintDockerfile(oneStage)).toEqual(["Dockerfile: build in one stage and run in another (multi-stage)"]);
    expect(lintWith("WORKDIR /app\nCOPY --chown=root:root --from=prod-deps", "WORKDIR app\nCOPY --chown=root:root --from=prod-deps")).toEqual([expect.stringMatching(/WORKDIR must be an absolute path \(app\)/)]);
    expect(lintWith("COPY --chown=root:root src/shared", "COPY src/shared")).toEqual([expect.stringMatching(/COPY in the final stage must say its owner/)]);
  });

  it("want no dev dependencies at run time and installs that follow the lock", () => {
    expect(lintWith("npm ci --omit=dev --ignore-scripts", "npm ci --ignore-scripts")).toEqual([
      expect.stringMatching(/node_modules from stage prod-deps, which does not install with --omit=dev/),
    ]);
    expect(lintWith("npm ci --omit=dev --ignore-scripts", "npm install --omit=dev --ignore-scripts")).toEqual([
      expect.stringMatching(/Dockerfile line \d+: install with npm ci, which installs exactly the lock file's packages/),
    ]);
    expect(lintWith(/^FROM node:22\.20\.0-bookworm-slim AS prod-deps\nWORKDIR \/app\nCOPY package\.json package-lock\.json \.\/$/m, "FROM node:22.20.0-bookworm-slim AS prod-deps\nWORKDIR /app\nCOPY package.json ./")).toEqual([
      expect.stringMatching(/copy package-lock.json before npm installs/),
    ]);
  });

  it("want apt lists removed, exec-form CMD, no cd and no secrets baked in", () => {
    const apt = "RUN apt-get update && apt-get install -y --no-install-recommends tini\nUSER node";
    expect(lintWith(/^USER node$/m, apt)).toEqual([expect.stringMatching(/remove \/var\/lib\/apt\/lists/)]);
    expect(lintWith(/^USER node$/m, `${apt.replace(" tini", " tini && rm -rf /var/lib/apt/lists/*")}`)).toEqual([]);
    expect(lintWith(/^CMD \[.*$/m, "CMD node dist/server/main.js")).toEqual([expect.stringMatching(/CMD in exec form/)]);
    expect(lintWith("RUN npm run build", "RUN cd /app && npm run build")).toEqual([expect.stringMatching(/use WORKDIR, not cd/)]);
    expect(lintWith("ENV NODE_ENV=production", "ENV SESSION_SECRET=abcdefabcdefabcdefabcdefabcdefabcdef NODE_ENV=production")).toEqual([expect.stringMatching(/no secret values in ENV/)]);
  });
});

describe("the compose.yaml rules", () => {
  it("want postgres, two app nodes and one proxy", () => {
    expect(checkCompose(compose.replace(/^ {2}app2:\n {4}<<: \*app\n/m, ""))).toEqual(
      expect.arrayContaining(["compose.yaml: at least two app nodes built from the Dockerfile (found 1)"]),
    );
    expect(composeWith("image: caddy:2.10.0-alpine", "image: traefik:3.4.0")).toEqual(["compose.yaml: one reverse proxy (a caddy or nginx image) in front of the app nodes"]);
    expect(checkCompose("services: [")).toEqual([expect.stringMatching(/^compose.yaml does not parse/)]);
  });

  it("want healthchecks and waits on health", () => {
    expect(composeWith(/ {4}healthcheck:\n {6}test: \["CMD-SHELL", "pg_isready[^\n]*\n( {6}[^\n]*\n)*/, "")).toEqual(
      expect.arrayContaining(["compose.yaml: postgres needs a healthcheck"]),
    );
    expect(composeWith(/depends_on:\n {4}postgres:\n {6}condition: service_healthy/, "depends_on:\n    postgres:\n      condition: service_started")).toEqual([
      "compose.yaml: app1 must wait for postgres to be healthy (depends_on condition service_healthy)",
      "compose.yaml: app2 must wait for postgres to be healthy (depends_on condition service_healthy)",
    ]);
    expect(composeWith(/ {6}app2:\n {8}condition: service_healthy\n/, "")).toEqual(["compose.yaml: proxy must wait for app2 to be healthy (depends_on condition service_healthy)"]);
  });

  it("want TRUST_PROXY for the proxy, every node behind it and no node published", () => {
    expect(composeWith('TRUST_PROXY: "1"', 'TRUST_PROXY: "false"')).toEqual([
      expect.stringMatching(/app1 needs TRUST_PROXY/),
      expect.stringMatching(/app2 needs TRUST_PROXY/),
    ]);
    expect(composeWith("APP_UPSTREAMS: app1:3000 app2:3000", "APP_UPSTREAMS: app1:3000")).toEqual(["compose.yaml: proxy's APP_UPSTREAMS lacks app2"]);
    expect(composeWith("  app2:\n    <<: *app\n", "  app2:\n    <<: *app\n    ports: [\"3000:3000\"]\n")).toEqual([expect.stringMatching(/app2 publishes a port/)]);
  });

  it("want /dev/shm for PostgreSQL's parallel queries beyond Docker's 64 MB", () => {
    const problem = ["compose.yaml: give postgres shm_size of 128mb or more (Docker's 64 MB /dev/shm fails parallel queries)"];
    expect(composeWith(/^ {4}shm_size: 256mb\n/m, "")).toEqual(problem);
    expect(composeWith("shm_size: 256mb", "shm_size: 64mb")).toEqual(problem);
    expect(composeWith("shm_size: 256mb", "shm_size: 1g")).toEqual([]);
    expect(composeWith("shm_size: 256mb", `shm_size: ${256 * 1024 * 1024}`)).toEqual([]);
  });

  it("want no secret written in the file and pinned images", () => {
    expect(composeWith(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?[^}]*\}/, "POSTGRES_PASSWORD: hunter2hunter2")).toEqual([
      "compose.yaml: postgres's POSTGRES_PASSWORD is written in the file: take it from .env (${POSTGRES_PASSWORD})",
      "compose.yaml: POSTGRES_PASSWORD must be a required variable (${POSTGRES_PASSWORD:?…})",
    ]);
    expect(composeWith(/founders_find:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres/, "founders_find:hunter2@postgres")).toEqual([
      "compose.yaml: app1's DATABASE_URL is written in the file: take it from .env (${DATABASE_URL})",
      "compose.yaml: app2's DATABASE_URL is written in the file: take it from .env (${DATABASE_URL})",
    ]);
    expect(composeWith("SMTP_URL: ${SMTP_URL:-}", "SMTP_URL: smtp://mailer:hunter2@smtp.example.com:587")).toHaveLength(2);
    expect(composeWith("REPORT_WEBHOOK_TOKEN: ${REPORT_WEBHOOK_TOKEN:-}", "REPORT_WEBHOOK_TOKEN: 0123456789abcdef0123456789abcdef")).toHaveLength(2);
    expect(composeWith("image: postgres:15.13-alpine", "image: postgres:latest")).toEqual(["compose.yaml: pin postgres's image to a version (postgres:latest)"]);
  });
});

describe("the Caddyfile rules", () => {
  it("want every node, active and passive health checks and retries", () => {
    expect(checkCaddyfile(caddyfile.replace("health_uri /api/health/ready", ""))).toEqual([expect.stringMatching(/active health checks/)]);
    expect(checkCaddyfile(caddyfile.replace("lb_try_duration 10s", ""))).toEqual([expect.stringMatching(/lb_try_duration/)]);
    expect(checkCaddyfile(caddyfile.replace("fail_duration 10s", ""))).toEqual([expect.stringMatching(/passive health checks/)]);
    expect(checkCaddyfile(caddyfile.replace("reverse_proxy {$APP_UPSTREAMS}", "reverse_proxy app1:3000"))).toEqual([expect.stringMatching(/APP_UPSTREAMS/)]);
  });
});
