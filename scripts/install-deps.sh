#!/usr/bin/env bash
# Installs the Debian packages restoretrace needs, only those missing (idempotent, root or sudo).
#   --with-browser   also Chromium + xmllint, for the report's browser tests
#   --with-dot       also the `dot` command line, for the benchmark's in-process vs CLI comparison
set -euo pipefail
packages=(libgraphviz-dev pkg-config fonts-dejavu-core)
for arg in "$@"; do
  case "$arg" in
    --with-browser) packages+=(chromium libxml2-utils) ;;
    --with-dot) packages+=(graphviz) ;;
    *) echo "install-deps.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# libgvc registers its plugins on install; repair the registry if a broken install left none.
if ! ls /usr/lib/*/graphviz/config6* >/dev/null 2>&1; then $sudo libgvc6-config-update -c || true; fi
