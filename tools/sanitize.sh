#!/usr/bin/env bash
# Builds the library, tool and whole test suite under AddressSanitizer and
# UndefinedBehaviorSanitizer in its own build directory (build-asan; build
# type None so that nothing overrides -O1, benchmarks left out) and runs the
# suite through CTest. Any sanitizer report fails its test
# (-fno-sanitize-recover=all makes UB fatal; leaks are reported at exit).
#
# usage: tools/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source tools/packages.sh
ensure_packages "${HYDROCONTACT_BUILD_PACKAGES[@]}"

flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build-asan/CMakeCache.txt ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DHYDROCONTACT_BUILD_BENCHMARKS=OFF >&2
fi
cmake --build build-asan -j"$jobs" >&2
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"
