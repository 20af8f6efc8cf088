#!/usr/bin/env bash
# Builds the library, tool, sweep, fuzz targets and whole test suite under
# AddressSanitizer and UndefinedBehaviorSanitizer with clang in its own build
# directory (build-asan; see tools/sanitizer_build.sh for its flags) and runs
# the suite through CTest. Any sanitizer report fails its test
# (-fno-sanitize-recover=all makes UB fatal; leaks are reported at exit).
# tools/fuzz.sh then reuses the same build.
#
# usage: tools/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/sanitizer_build.sh
configure_sanitizer_build

jobs=$(nproc 2>/dev/null || echo 2)
cmake --build build-asan -j"$jobs" >&2
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"
