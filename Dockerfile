# Hearth's container image (docs/deploy.md). Two stages: the first installs every package and builds the web app and
# the server; the second holds only what runs, as a user without privileges.
#
#   docker build -t hearth .            (or: podman build -t hearth .)
#   docker run -p 3000:3000 -v hearth-data:/data hearth
#
# NODE_IMAGE is the official Node.js 24 image on Debian 12; scripts/container-base.sh makes the same base from Debian's
# own packages where no image registry is reachable.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# builds both where `npm start` would (dist/web and dist/server), with the stamps that tell it they are fresh
RUN node -e "const l=(s)=>console.log(s); Promise.all([import('./scripts/web-build.mjs').then((m)=>m.buildWebIfStale(l)), import('./scripts/server-build.mjs').then((m)=>m.buildServerIfStale(l))])" \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf e2e bench test-results playwright-report .ci

FROM ${NODE_IMAGE}
# ffmpeg decodes and measures audio; pocketsphinx is the offline speech engine used until a Whisper model is in
# /data/models (Hearth fetches one on its first start unless MODEL_DOWNLOAD=false)
RUN export DEBIAN_FRONTEND=noninteractive \
 && apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man /usr/share/locale \
 && groupadd --system --gid 10001 hearth \
 && useradd --system --uid 10001 --gid hearth --home-dir /data --shell /usr/sbin/nologin hearth \
 && mkdir /data && chown hearth:hearth /data
WORKDIR /app
# owned by root and read-only to Hearth: the build is complete, so nothing here is rewritten at start
COPY --from=build /app /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
USER hearth
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini passes SIGTERM on, so a stop drains Hearth (docs/deploy.md), and reaps ffmpeg's children
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-semi-space-size=16", "--enable-source-maps", "scripts/start.mjs"]
