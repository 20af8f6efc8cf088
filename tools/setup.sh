#!/usr/bin/env bash
# Installs what the build needs (Debian packages, only those missing) and
# configures and builds the given targets in build/ (Release). Idempotent:
# a second run installs nothing and rebuilds only what changed.
#
# usage: tools/setup.sh [cmake --build target...]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make libeigen3-dev libfmt-dev libtinyobjloader-dev catch2 libbenchmark-dev
          gmsh)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >&2
fi
if [ $# -gt 0 ]; then
  cmake --build build -j"$jobs" --target "$@" >&2
else
  cmake --build build -j"$jobs" >&2
fi
