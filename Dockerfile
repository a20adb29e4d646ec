# Castellan in one image: the built server, web app, scan command and endpoint agent builds.
# Build:  docker build -t castellan .
# Run:    docker compose up   (PostgreSQL and Redis beside it; see compose.yaml and the README)

# ---- build: every dependency, then `npm run build` (web app, server bundle, scan command, agent) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/agent/package.json packages/agent/
COPY packages/contract/package.json packages/contract/
COPY packages/scanner/package.json packages/scanner/
# The sources come next; the postinstall build runs with them in `npm run build` instead.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the built files, a non-root user ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/agent/package.json packages/agent/
COPY packages/contract/package.json packages/contract/
COPY packages/scanner/package.json packages/scanner/
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
# Read by path at run time, next to the sources they belong to (see scripts/build.mjs).
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/server/src/demo/sample-report.json apps/server/src/demo/sample-report.json
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/scanner/dist packages/scanner/dist
COPY --from=build /app/packages/scanner/bin packages/scanner/bin
COPY --from=build /app/packages/agent/dist packages/agent/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
