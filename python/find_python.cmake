# Looks (quietly) for what the Python bindings need and sets
# hydrocontact_python_default: ON at the top level when Python 3 with its
# headers and pybind11 are found. Included by the top-level CMakeLists.txt.
#
# The Debian packages the README installs (python3-dev, python3-numpy,
# python3-pytest) serve Debian's /usr/bin/python3, so that interpreter is
# preferred over whatever `python3` comes first on PATH (a pyenv shim or a
# virtualenv without NumPy would build a module its tests cannot run).
# Choose another with -DPython3_EXECUTABLE=/path/to/python3.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python interpreter of the bindings")
endif()
find_package(Python3 3.8 QUIET COMPONENTS Interpreter Development.Module)
if(Python3_FOUND)
  # pybind11 then builds for the Python3 just found (its FindPython mode).
  find_package(pybind11 2.6 CONFIG QUIET)
endif()
if(PROJECT_IS_TOP_LEVEL AND Python3_FOUND AND pybind11_FOUND)
  set(hydrocontact_python_default ON)
else()
  set(hydrocontact_python_default OFF)
endif()
