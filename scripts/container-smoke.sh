#!/usr/bin/env bash
# Builds Hearth's image, starts it with its embedded database and a fresh data volume, and runs the smoke test
# (scripts/container-smoke.ts): health, sign-up through the outbox, a voice message recorded and transcribed.
# Needs docker or podman; without an image registry, run scripts/container-base.sh first.
#
#   scripts/container-smoke.sh [path to a speech clip in WebM]
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${CONTAINER_ENGINE:-$(command -v podman || command -v docker)}
clip=${1:-../shared/fixtures/speech/coffee-sunday.webm}
port=${SMOKE_PORT:-3900}
data=$(mktemp -d)
name=hearth-smoke-$$
# the image's user (uid 10001) owns the data folder, as it owns a named volume
chown 10001:10001 "$data"
cleanup() {
  "$engine" rm -f "$name" >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap cleanup EXIT

# Podman writes the OCI format unless told, which has no field for the HEALTHCHECK
format=()
[[ $engine == *podman ]] && format=(--format docker)
"$engine" build --pull=never --network host ${format[@]+"${format[@]}"} -t hearth:smoke .
echo "image: $("$engine" image inspect hearth:smoke --format '{{.Size}}' | awk '{ printf "%.0f MB", $1 / 1e6 }')"
# MODEL_DOWNLOAD=false: no speech model can be fetched on a closed network; the image's offline engine transcribes
"$engine" run -d --name "$name" --network host -e PORT="$port" -e PUBLIC_URL="http://localhost:$port" \
  -e MODEL_DOWNLOAD=false -v "$data:/data" hearth:smoke >/dev/null
for _ in $(seq 1 120); do
  "$engine" healthcheck run "$name" >/dev/null 2>&1 && break
  sleep 1
done
echo "health check: $("$engine" healthcheck run "$name" >/dev/null 2>&1 && echo healthy || echo unhealthy)"
echo "runs as: $("$engine" exec "$name" id -un)"
node scripts/container-smoke.ts "http://localhost:$port" "$data" "$clip" || {
  "$engine" logs "$name" | tail -40
  exit 1
}
"$engine" stop -t 15 "$name" >/dev/null
echo "stopped: exit code $("$engine" inspect "$name" --format '{{.State.ExitCode}}')"
