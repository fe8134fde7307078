# syntax=docker/dockerfile:1
# One image for every Arbiter process. The command picks the process (see docker-compose.yml):
#   node --import tsx apps/api/src/main.ts        the REST API (API_WORKERS processes)
#   node --import tsx apps/mail-in/src/main.ts    the SMTP intake / IMAP poller
#   node apps/cli/bin/arbiter.mjs start --only worker --no-migrate   the worker, with a heartbeat file
#   npm run db:migrate                            apply prisma/migrations (run once before the others)
#   node apps/cli/bin/arbiter.mjs start           everything in one process (the default)
# Sources are TypeScript run directly by tsx (no build step), exactly as in development.

ARG NODE_VERSION=20.20

# The package manifests only, so the dependency layer is rebuilt when dependencies change, not on
# every source change.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find packages apps -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY --from=manifests /manifests/ ./
# Production dependencies only; install scripts are skipped (the Prisma client is generated below
# from the schema, and the native helpers all ship prebuilt binaries).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY . .
# node_modules (root and any nested per-workspace ones) from the deps stage.
COPY --from=deps /app/ ./
RUN node packages/db/scripts/generate.mjs \
 && mkdir -p /app/.arbiter && chown -R node:node /app/.arbiter
USER node
# API 3000, SMTP intake 2525 (see .env.example).
EXPOSE 3000 2525
CMD ["node", "apps/cli/bin/arbiter.mjs", "start"]
