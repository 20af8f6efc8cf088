#!/usr/bin/env bash
# Builds the libFuzzer targets of the mesh readers and of the surface check
# (every tests/fuzz/*_fuzz.cc) with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, in the sanitizer build (build-asan, shared with
# tools/sanitize.sh: see tools/sanitizer_build.sh), and runs each for a
# bounded time from its seed corpus (tests/fuzz/corpus/<name>/, copied, so
# the runs never write into the repository). Exits non-zero if any target
# finds a crash, a leak, undefined behaviour, a timeout or an out-of-memory
# input; the reproducer is left in build-asan/fuzz/artifacts/<target>/.
#
# usage: tools/fuzz.sh [seconds per target]   (default 20; CI runs 10)
# The long run (issue 10): HYDROCONTACT_SANITIZE_DEBUG=1 in a fresh
# build-asan/ (file:line in reports), then tools/fuzz.sh 3600 (an hour per
# reader). The targets run side by side, one per core.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}

source tools/sanitizer_build.sh
configure_sanitizer_build
targets=()
for src in tests/fuzz/*_fuzz.cc; do targets+=("$(basename "$src" .cc)"); done
cmake --build build-asan -j"$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}" >&2

# One target per core at a time (each libFuzzer run is single-threaded).
run_target() {
  local target=$1
  local reader=${target%_fuzz}
  local corpus=build-asan/fuzz/corpus/$reader
  local artifacts=build-asan/fuzz/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  [ -d "tests/fuzz/corpus/$reader" ] && cp -n tests/fuzz/corpus/"$reader"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: $target for ${seconds} s" >&2
  if ! UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "build-asan/$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -malloc_limit_mb=1024 -timeout=10 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" 2> "build-asan/fuzz/$target.log"; then
    echo "fuzz: $target FAILED; see build-asan/fuzz/$target.log and $artifacts/" >&2
    tail -40 "build-asan/fuzz/$target.log" >&2
    return 1
  fi
  { echo "fuzz: $target:"; grep -E "stat::number_of_executed_units|Done" \
      "build-asan/fuzz/$target.log" | head -2; } >&2 || true
}

jobs=$(nproc 2>/dev/null || echo 2)
status=0
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
