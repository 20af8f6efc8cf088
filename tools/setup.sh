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
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >&2
fi
if [ $# -gt 0 ]; then
  cmake --build build -j"$jobs" --target "$@" >&2
else
  cmake --build build -j"$jobs" >&2
fi

# Makes `import hydrocontact` work without PYTHONPATH once the module is built:
# a hydrocontact.pth naming build/python in the site-packages of Debian's
# python3 and, when the python3 on PATH is another interpreter of the same
# Python version (pyenv, a virtualenv), in its own too. Such an interpreter
# without NumPy of its own is also given Debian's packages (python3-numpy),
# which the module needs. Nothing is written for other Python versions (the
# module would not load there); PYTHONPATH=build/python always works.
register_python_module() {
  local module_dir="$PWD/build/python"
  compgen -G "$module_dir/hydrocontact*.so" > /dev/null || return 0
  local version_of='import sys; print("%d.%d" % sys.version_info[:2])'
  local built; built=$(/usr/bin/python3 -c "$version_of") || return 0
  local seen="" py site lines
  for py in /usr/bin/python3 "$(command -v python3 || true)"; do
    [ -n "$py" ] && [ -x "$py" ] || continue
    py=$(readlink -f "$(command -v "$py")")
    case " $seen " in *" $py "*) continue ;; esac
    seen="$seen $py"
    [ "$("$py" -c "$version_of" 2>/dev/null)" = "$built" ] || continue
    site=$("$py" -c 'import site; print(site.getsitepackages()[0])' 2>/dev/null) || continue
    # Without our own earlier registration, which may be what finds NumPy.
    rm -f "$site/hydrocontact.pth" 2> /dev/null || true
    lines="$module_dir"
    "$py" -c 'import numpy' 2> /dev/null || lines="$lines"$'\n'/usr/lib/python3/dist-packages
    mkdir -p "$site" 2> /dev/null && printf '%s\n' "$lines" > "$site/hydrocontact.pth" 2> /dev/null || true
  done
}
register_python_module

