# syntax=docker/dockerfile:1
# Node 24, the active LTS. The package supports Node 20.19 or later; CI runs the suite on Node 20 and 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY nest-cli.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/build-playground.mjs ./scripts/build-playground.mjs
COPY scripts/build-styled-drawing.mjs ./scripts/build-styled-drawing.mjs
COPY scripts/build-mcp-view.mjs ./scripts/build-mcp-view.mjs
RUN npm run build && npm prune --omit=dev
# The font packages ship nine weights each (about 210 MB); print sheets use the regular and bold
# TrueType files only (src/lib/print/sheet-fonts.ts), 44 MB.
RUN find node_modules/@expo-google-fonts -mindepth 2 -maxdepth 2 -type d ! -name 400Regular ! -name 700Bold -exec rm -rf {} + \
  && find node_modules/@expo-google-fonts -name '*.png' -delete

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 3000
# Liveness only: /livez never depends on Redis, so a Redis outage does not restart replicas that
# keep serving vCards. Readiness (/readyz) is for the load balancer or the orchestrator's routing.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM directly (graceful shutdown, exit 0).
# The same command as `npm start` after the build, and as the tests that spawn the service
# (test/e2e/startup.e2e-spec.ts checks that they agree). --max-semi-space-size=8 caps V8's young
# generation at 8 MB per semi-space (the default grows to 16 MB); --heap-growing-percent=50 lets
# the old generation grow by 50% past its live size before a full collection instead of V8's
# adaptive factor (up to 4x here; at 25% a flood of styled codes drew a full collection every
# 3-4 s); --single-threaded-gc keeps V8's marking on the main thread, which on a one-core
# container otherwise waits for helper threads competing for the same core (up to 20 ms per
# marking step on one VM); --no-allocation-site-pretenuring stops V8 from
# allocating short-lived request objects straight into the old generation from allocation sites
# it has marked long-lived, which cost more CPU per request. Measured peak RSS under sustained
# load: 122-127 MB on the REST routes, 169-170 MB during 200k job creations (152-160 MB at 25%,
# 168-178 MB without the flag, same host and day); bench/README.md has the numbers and what the
# flags cost.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "--single-threaded-gc", "--no-allocation-site-pretenuring", "dist/main.js"]
