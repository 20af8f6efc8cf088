#!/usr/bin/env bash
# Times one benchmark program built from another commit and from this tree,
# side by side in one run, and prints a Markdown table: each benchmark's
# quickest repetition per build, their ratio (base / this tree: above 1, this
# tree is faster) and whether the two builds computed the same results (their
# user counters, e.g. a surface's faces, area and force, agree to the 6
# significant digits Google Benchmark's CSV prints).
#
# Both builds compile this tree's copy of the benchmark's source (the same
# cases, whatever the base's own file says) with the same compiler, the same
# CMake configuration (Release) and flags. The base is exported with
# `git archive` into build/compare/<commit>/ and built there once; later runs
# reuse it. The builds run in turns (base, this tree, base, ...), each for
# every benchmark with --benchmark_repetitions=5, at raised priority when
# allowed, so that both see the same machine.
#
# usage: tools/benchmarks/compare.sh [--rounds N] [--program NAME]
#            [--filter REGEX] BASE_COMMIT [-- PROGRAM_ARGS...]
#   --rounds N     turns per build (default 3)
#   --program NAME the benchmark program (default identical_mesh_benchmark;
#                  its source is tools/benchmarks/NAME.cc)
#   --filter REGEX passed as --benchmark_filter (default: every benchmark)
#   PROGRAM_ARGS   passed to both builds (e.g. -- --reuse)
# Exit status: 0 when every benchmark ran in both builds with the same
# results, 1 when some differ or failed (the table still prints), 2 for bad
# arguments (among them a REGEX that selects no benchmark, refused before the
# base is built) or a build that fails.
#
# Example: tools/benchmarks/compare.sh --filter HalfSpace 882eb92
set -euo pipefail
cd "$(dirname "$0")/../.."

die() {
  echo "compare.sh: $*" >&2
  exit 2
}

rounds=3
program=identical_mesh_benchmark
filter=""
base=""
program_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds | --program | --filter)
      [ $# -ge 2 ] && [[ "$2" != --* ]] || die "option $1 needs a value"
      case "$1" in
        --rounds) rounds=$2 ;;
        --program) program=$2 ;;
        --filter) filter=$2 ;;
      esac
      shift 2
      ;;
    --)
      shift
      program_args=("$@")
      break
      ;;
    -*) die "unknown option '$1'" ;;
    *)
      [ -z "$base" ] || die "one base commit expected, got '$base' and '$1'"
      base=$1
      shift
      ;;
  esac
done
[ -n "$base" ] || die "no base commit given (usage: compare.sh [options] BASE_COMMIT)"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, got '$rounds'"
[[ "$program" =~ ^[A-Za-z0-9_]+$ ]] && [ -f "tools/benchmarks/$program.cc" ] ||
  die "no benchmark program '$program' (expected tools/benchmarks/$program.cc)"
git rev-parse --git-dir >/dev/null 2>&1 ||
  die "$PWD is not a Git checkout: the base commit is exported from its history"
# (git's own message, e.g. for a tree, would make the refusal two lines.)
commit=$(git rev-parse --verify --quiet "$base^{commit}" 2>/dev/null) || die "'$base' is not a commit"

jobs=$(nproc 2>/dev/null || echo 2)

# This tree's build (installs what is missing, configures build/ on first use).
tools/setup.sh "$program"
head_bin=$PWD/build/$program
# build/ may have been configured by hand: both builds must be Release.
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' build/CMakeCache.txt)
[ "$build_type" = Release ] ||
  die "build/ is configured as '$build_type', not Release: the two builds would not compare"
# A filter that selects nothing (or is no valid regular expression: Google
# Benchmark then lists nothing either) is refused now, not after the base's
# build, which takes minutes.
no_match() { die "no benchmark of $program matches the filter '$filter'"; }
filter_args=()
[ -n "$filter" ] && filter_args=("--benchmark_filter=$filter")
[ -n "$("$head_bin" --benchmark_list_tests "${filter_args[@]}" 2>/dev/null)" ] || no_match

# The base's build, from its sources with this tree's benchmark file.
base_dir=$PWD/build/compare/$commit
if [ ! -x "$base_dir/build/$program" ] ||
  ! cmp -s "tools/benchmarks/$program.cc" "$base_dir/src/tools/benchmarks/$program.cc"; then
  rm -rf "$base_dir/src"
  mkdir -p "$base_dir/src"
  git archive "$commit" | tar -x -C "$base_dir/src"
  cp "tools/benchmarks/$program.cc" "$base_dir/src/tools/benchmarks/"
  [ -f "$base_dir/build/CMakeCache.txt" ] ||
    cmake -S "$base_dir/src" -B "$base_dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DHYDROCONTACT_BUILD_TESTS=OFF -DHYDROCONTACT_BUILD_PYTHON=OFF >&2 ||
    die "cannot configure $commit in $base_dir/build"
  cmake --build "$base_dir/build" -j"$jobs" --target "$program" >&2 ||
    die "this tree's tools/benchmarks/$program.cc does not build against $commit (see above)"
fi
base_bin=$base_dir/build/$program

# Raised priority when allowed (root), plain otherwise (nice runs the
# command anyway when it may not raise it, so ask it what it got).
runner=()
if [ "$(nice -n -20 nice 2>/dev/null)" -lt "$(nice)" ]; then runner=(nice -n -20); fi

runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
args=(--benchmark_repetitions=5 --benchmark_format=csv "${filter_args[@]}")
for ((round = 1; round <= rounds; ++round)); do
  echo "round $round of $rounds" >&2
  "${runner[@]}" "$base_bin" "${args[@]}" "${program_args[@]}" >> "$runs/base.csv" ||
    die "$base_bin failed"
  "${runner[@]}" "$head_bin" "${args[@]}" "${program_args[@]}" >> "$runs/head.csv" ||
    die "$head_bin failed"
done
# The runs' own check: a program may print more than its benchmarks when
# listing them, which the check above then takes for a match.
grep -q '^name,' "$runs/head.csv" || no_match
python3 tools/benchmarks/summarize_runs.py --names "${commit:0:7},this tree" \
  "$runs/base.csv" "$runs/head.csv"
