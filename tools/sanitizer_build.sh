# Sourced by tools/sanitize.sh and tools/fuzz.sh: configure_sanitizer_build
# installs what the sanitizer build needs and configures build-asan/, the
# ONE clang build that serves both the suite under AddressSanitizer +
# UndefinedBehaviorSanitizer and the libFuzzer targets of the readers
# (HYDROCONTACT_BUILD_FUZZERS: hydrocontact_mesh and the *_fuzz programs get
# libFuzzer's coverage instrumentation too). One build instead of two, and
# clang compiles this code under ASan about a third faster than GCC.
#
# Its choices, made so that CI can afford it (issue 10):
# - build type None, so nothing overrides -O1 (fast enough to run the suite,
#   and what ASan's documentation recommends);
# - -g0: no debug information, which makes compiling and linking much
#   faster; reports still name the functions (from the symbol table), only
#   file:line is missing. For file:line (debugging a report, the long fuzz
#   run), HYDROCONTACT_SANITIZE_DEBUG=1 in a fresh build-asan/ adds -g;
# - lld links;
# - no benchmarks, no Python bindings: the suite needs neither;
# - UBSan's object-size check off: it bounds each access by the size the
#   compiler can see of the object, which AddressSanitizer's redzones
#   already check on every heap, stack and global access, and it cost a
#   quarter of the build's compile time (clang 14: 33 s -> 24 s on
#   proximity/distance/contact_patch.cc).
# A build-asan/ configured otherwise (older flags, an older GCC one) is made
# afresh.
configure_sanitizer_build() {
  source tools/packages.sh
  ensure_packages "${HYDROCONTACT_BUILD_PACKAGES[@]}" clang libfuzzer-14-dev lld

  local debug="-g0"
  [ "${HYDROCONTACT_SANITIZE_DEBUG:-0}" = 1 ] && debug="-g"
  local sanitizers="-fsanitize=address,undefined -fno-sanitize=object-size -fno-sanitize-recover=all"
  local flags="-O1 $debug -fno-omit-frame-pointer $sanitizers"
  if [ -f build-asan/CMakeCache.txt ] &&
     { ! grep -q '^HYDROCONTACT_BUILD_FUZZERS:BOOL=ON' build-asan/CMakeCache.txt ||
       ! grep -qxF "CMAKE_CXX_FLAGS:STRING=$flags" build-asan/CMakeCache.txt; }; then
    echo "build-asan/ is an older configuration: rebuilding it with clang" >&2
    rm -rf build-asan
  fi
  if [ ! -f build-asan/CMakeCache.txt ]; then
    CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=None \
      -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="$sanitizers -fuse-ld=lld" \
      -DHYDROCONTACT_BUILD_FUZZERS=ON \
      -DHYDROCONTACT_BUILD_BENCHMARKS=OFF -DHYDROCONTACT_BUILD_PYTHON=OFF >&2
  fi
}
