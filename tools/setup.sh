#!/usr/bin/env bash
# Installs what the build needs (Debian packages, only those missing) and
# configures and builds the given targets in build/ (Release). Idempotent:
# a second run installs nothing and rebuilds only what changed.
#
# usage: tools/setup.sh [cmake --build target...]
set -euo pipefail
cd "$(dirname "$0")/.."

source tools/packages.sh
ensure_packages "${HYDROCONTACT_BUILD_PACKAGES[@]}"

jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >&2
fi
if [ $# -gt 0 ]; then
  cmake --build build -j"$jobs" --target "$@" >&2
else
  cmake --build build -j"$jobs" >&2
fi
