#!/usr/bin/env bash
# Builds the library, tool, sweep and whole test suite under AddressSanitizer
# and UndefinedBehaviorSanitizer in its own build directory (build-asan) and
# runs the suite through CTest. Any sanitizer report fails its test
# (-fno-sanitize-recover=all makes UB fatal; leaks are reported at exit).
#
# The build is made cheap enough for CI (issue 10):
# - build type None, so nothing overrides -O1 (fast enough to run the suite,
#   and what ASan's documentation recommends);
# - -g0: no debug information, which makes compiling and above all linking
#   the ~100 test programs much faster; reports still name the functions
#   (from the symbol table), only file:line is missing. To debug a report,
#   reconfigure with HYDROCONTACT_SANITIZE_DEBUG=1 (adds -g);
# - no unity build: CMAKE_UNITY_BUILD would parse the Eigen and fmt headers
#   fewer times, but it merges the anonymous namespaces of a library's
#   files, and files that each define a helper of the same name (two
#   `Scratch` structs in proximity/hydroelastic today) stop compiling; the
#   tests already share one precompiled header, where most of the parsing is;
# - lld links (several times faster than GNU ld on these binaries);
# - no benchmarks, no Python bindings: the suite needs neither.
#
# usage: tools/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source tools/packages.sh
ensure_packages "${HYDROCONTACT_BUILD_PACKAGES[@]}" lld

debug="-g0"
[ "${HYDROCONTACT_SANITIZE_DEBUG:-0}" = 1 ] && debug="-g"
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=all"
flags="-O1 $debug -fno-omit-frame-pointer $sanitizers"
jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build-asan/CMakeCache.txt ]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitizers -fuse-ld=lld" \
    -DHYDROCONTACT_BUILD_BENCHMARKS=OFF -DHYDROCONTACT_BUILD_PYTHON=OFF >&2
fi
cmake --build build-asan -j"$jobs" >&2
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"
