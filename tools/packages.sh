# Sourced by the scripts of tools/: ensure_packages PKG... installs, with
# apt-get, those of the given Debian packages that are not installed yet
# (nothing when all are), retrying while another dpkg holds the lock.
ensure_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  local attempt
  for attempt in 1 2 3 4 5 6; do
    if $sudo apt-get update -qq >&2 &&
       DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
         "${missing[@]}" >&2; then
      return 0
    fi
    echo "apt-get failed (dpkg lock busy?); retrying in 10 s" >&2
    sleep 10
  done
  return 1
}

# The packages every build of the project needs. Ninja builds: on two cores it
# keeps both busy across the chain of libraries, where make waits for each
# library before starting the next.
# gmsh writes the .msh and STL files some tests read; VTK (python3-vtk9) the
# .vtu files; libpng writes the --png pictures; pybind11, Python's headers,
# NumPy and pytest build and test the Python module; Dask distributed runs its
# example (examples/dask_contact_sweep.py); git exports the base commit of
# tools/benchmarks/compare.sh, whose tests make a scratch repository.
HYDROCONTACT_BUILD_PACKAGES=(cmake g++ make ninja-build libeigen3-dev libfmt-dev libtinyobjloader-dev catch2
  libbenchmark-dev gmsh libpng-dev python3-vtk9 pybind11-dev python3-dev python3-numpy
  python3-pytest python3-distributed git)
