# syntax=docker/dockerfile:1
# The production image (README "Production with Docker"): the built site and server on Node 22,
# production packages only, run as the unprivileged `node` user. Checked in `npm test` by
# scripts/check-deploy.mjs, since CI has no Docker.
#
# Reproducible from the lock file: each stage installs with `npm ci`, which installs exactly the
# versions and integrities of package-lock.json and fails when the lock does not match package.json.
# No install scripts run: the only package that has one is esbuild (a build tool), which works without it.

# 1. Every package (the build needs the dev tools: React Router, Vite, Tailwind, esbuild).
FROM node:22.20.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

# 2. The build: the site (build/) and the bundled server (dist/server/).
FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build

# 3. Production packages only, for the runtime image.
FROM node:22.20.0-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# 4. The runtime image. Code and packages belong to root, so the server cannot rewrite them; it
# writes only DATA_DIR (/app/data: the embedded database when DATABASE_URL is unset) and /tmp
# (uploads wait there until their form is accepted).
FROM node:22.20.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --chown=root:root --from=prod-deps /app/node_modules ./node_modules
COPY --chown=root:root --from=build /app/build ./build
COPY --chown=root:root --from=build /app/dist ./dist
# Migrations are read at start; the server's sources and scripts/ serve `npm run staff` (through tsx).
COPY --chown=root:root package.json package-lock.json tsconfig.json ./
COPY --chown=root:root src/server ./src/server
COPY --chown=root:root src/shared ./src/shared
COPY --chown=root:root scripts ./scripts
COPY --chown=root:root deploy/healthcheck.mjs ./deploy/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready = the database answers and migrations are current (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
STOPSIGNAL SIGTERM
# Node itself, not npm, so SIGTERM reaches the server (it finishes its requests, then exits).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=100", "dist/server/main.js"]
