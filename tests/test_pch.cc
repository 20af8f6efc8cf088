// The translation unit that owns the test suite's precompiled header
// (see the root CMakeLists.txt); it defines nothing.
