#!/usr/bin/env bash
# Installs what is missing, builds everything (library, tool, tests,
# benchmarks) and runs the whole test suite through CTest. Exits non-zero on
# any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
ctest --test-dir build --output-on-failure -j"$(nproc 2>/dev/null || echo 2)"
