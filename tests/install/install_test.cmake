# Registers the CTest test "install_consumer": install the built project to
# a fresh temporary prefix, build tests/install/consumer against it with
# find_package(hydrocontact CONFIG), and run the consumer (which checks a
# contact force against its closed form). Included from CMakeLists.txt's
# test section. The consumer is compiled and linked with this build's own
# compiler, CMAKE_CXX_FLAGS and CMAKE_EXE_LINKER_FLAGS: in the sanitizer build
# (tools/sanitize.sh) the installed libraries are instrumented and cannot be
# linked without the sanitizer runtime.
add_test(NAME install_consumer
  COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${PROJECT_BINARY_DIR}
    -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
    -DWORK_DIR=${PROJECT_BINARY_DIR}/install_test
    -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
    "-DCXX_FLAGS=${CMAKE_CXX_FLAGS}"
    "-DEXE_LINKER_FLAGS=${CMAKE_EXE_LINKER_FLAGS}"
    -P ${PROJECT_SOURCE_DIR}/tests/install/run_install_test.cmake)
# It reinstalls into one directory of the build tree: not concurrently with itself.
set_tests_properties(install_consumer PROPERTIES RUN_SERIAL ON TIMEOUT 600)
