# syntax=docker/dockerfile:1.7
# One image for every app; the command picks which one runs: api (default), worker, projector, all-in-one, cli.
#   docker build -t mailcheck-service .
#   docker run --rm -p 3000:3000 mailcheck-service api

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 (the embedded adapters) compiles from source when no prebuilt binary matches the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json .swcrc ./
COPY apps ./apps
COPY libs ./libs
COPY web ./web
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chmod=755 <<'SH' /usr/local/bin/mailcheck
#!/bin/sh
# Runs one app of the monorepo: mailcheck api|worker|projector|all-in-one|cli [args...]
set -e
app="${1:-api}"
[ $# -gt 0 ] && shift
case "$app" in
  api|worker|projector|all-in-one|cli) ;;
  *) echo "usage: mailcheck api|worker|projector|all-in-one|cli [args...]" >&2; exit 64 ;;
esac
exec node "dist/apps/$app/src/main.js" "$@"
SH
# DATA_DIR is only written by the embedded adapters (when EVENTSTORE_URL, MONGO_URL or KAFKA_BROKERS is unset).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["mailcheck"]
CMD ["api"]
