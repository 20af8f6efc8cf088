#!/usr/bin/env bash
# Builds the libFuzzer targets of the mesh readers (every tests/fuzz/*_fuzz.cc)
# with clang under AddressSanitizer and UndefinedBehaviorSanitizer, in its
# own build directory (build-fuzz), and runs each for a bounded time from its
# seed corpus (tests/fuzz/corpus/<reader>/, copied, so the runs never write
# into the repository). Exits non-zero if any target finds a crash, a leak,
# undefined behaviour, a timeout or an out-of-memory input; the reproducer is
# left in build-fuzz/artifacts/<target>/.
#
# usage: tools/fuzz.sh [seconds per target]   (default 20: the CI smoke run)
# The long run (issue 10): tools/fuzz.sh 3600   (an hour per reader)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}

source tools/packages.sh
ensure_packages "${HYDROCONTACT_BUILD_PACKAGES[@]}" clang libfuzzer-14-dev

flags="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_CXX_FLAGS="$flags" -DHYDROCONTACT_BUILD_FUZZERS=ON \
    -DHYDROCONTACT_BUILD_TESTS=OFF -DHYDROCONTACT_BUILD_BENCHMARKS=OFF >&2
fi
targets=()
for src in tests/fuzz/*_fuzz.cc; do targets+=("$(basename "$src" .cc)"); done
cmake --build build-fuzz -j"$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}" >&2

status=0
for target in "${targets[@]}"; do
  reader=${target%_fuzz}
  corpus=build-fuzz/corpus/$reader
  artifacts=build-fuzz/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  [ -d "tests/fuzz/corpus/$reader" ] && cp -n tests/fuzz/corpus/"$reader"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: $target for ${seconds} s" >&2
  if ! UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "build-fuzz/$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -malloc_limit_mb=1024 -timeout=10 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" 2> "build-fuzz/$target.log"; then
    echo "fuzz: $target FAILED; see build-fuzz/$target.log and $artifacts/" >&2
    tail -40 "build-fuzz/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|Done" "build-fuzz/$target.log" | head -2 >&2 || true
  fi
done
exit $status
