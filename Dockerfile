# syntax=docker/dockerfile:1
# PromptPair in one image: the compiled server (apps/server/dist/server.js) and the built web app
# (apps/web/dist) on Node 24 (LTS), with the server's production dependencies only, run as a non-root user.
#   docker build -t promptpair .
#   docker run -p 3000:3000 -v promptpair-data:/data promptpair
# The README's "Production" section lists the environment an operator sets.

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests, copied alone first so dependencies are cached until a manifest changes.
# No compiler: better-sqlite3 ships Node-API binaries for linux x64/arm64 (glibc and musl), which do
# not depend on the Node version, so nothing is built at install.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/answer-markdown/package.json packages/answer-markdown/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tools/fake-upstream/package.json tools/fake-upstream/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# What the server needs at run time and nothing else. Our own workspace packages are bundled into
# server.js, so their links are dropped.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --workspace @promptpair/server \
  && rm -rf node_modules/@promptpair

# Everything, then the production build: Vite for the web app, esbuild for the server. The root's
# `node` devDependency brings its own Node 24 for npm scripts; the image's Node is 24 already.
FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# package.json files say "type": "module", which server.js needs.
COPY package.json ./
COPY apps/server/package.json apps/server/
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# SQLite and the generated app key live in DATA_DIR when no DATABASE_URL and no APP_KEY are set.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness only; /readyz (database reachable) is for the proxy or orchestrator in front.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# On SIGTERM the server answers what is in flight within SHUTDOWN_GRACE_MS (25 s) and exits; docker
# stop waits only 10 s before SIGKILL unless told more (docker run --stop-timeout 30; compose.yaml does).
STOPSIGNAL SIGTERM
CMD ["node", "--heap-growing-percent=50", "apps/server/dist/server.js"]
