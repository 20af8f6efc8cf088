// The one source of the object library that builds the libraries' shared
// precompiled header (see hydrocontact_library_pch in CMakeLists.txt).
