# Install rules and the exported CMake package (find_package(hydrocontact
# CONFIG) -> hydrocontact::hydrocontact). Included from the top-level
# CMakeLists.txt after the library targets exist.
#
# Headers: the tree's own includes are root-relative ("geometry/x.h"), so the
# tree is installed as include/hydrocontact/<folder>/... and both
# include/hydrocontact (for those internal includes) and include/ (for the
# users' namespaced form <hydrocontact/geometry/scene_graph.h>) are exported
# include directories. Renaming every internal include to the namespaced
# form would also work but touches every file; this keeps one layout in the
# tree and in the install.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(hydrocontact_component_libraries
  hydrocontact_mesh hydrocontact_query_results hydrocontact_proximity
  hydrocontact_representation hydrocontact_hydroelastic hydrocontact_distance
  hydrocontact_geometry)

# One target for users: the whole library.
add_library(hydrocontact_library INTERFACE)
set_target_properties(hydrocontact_library PROPERTIES EXPORT_NAME hydrocontact)
target_link_libraries(hydrocontact_library INTERFACE ${hydrocontact_component_libraries})
add_library(hydrocontact::hydrocontact ALIAS hydrocontact_library)

foreach(lib ${hydrocontact_component_libraries})
  target_include_directories(${lib} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/hydrocontact>)
endforeach()

install(TARGETS ${hydrocontact_component_libraries} hydrocontact_library
  EXPORT hydrocontactTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The tool is installed but not exported (its name would clash with the
# library target's).
install(TARGETS hydrocontact RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(folder geometry mesh proximity query_results)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hydrocontact
    FILES_MATCHING PATTERN "*.h")
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/hydrocontact)

set(hydrocontact_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/hydrocontact)
install(EXPORT hydrocontactTargets NAMESPACE hydrocontact:: DESTINATION ${hydrocontact_package_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/hydrocontactConfig.cmake.in
  ${PROJECT_BINARY_DIR}/hydrocontactConfig.cmake INSTALL_DESTINATION ${hydrocontact_package_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/hydrocontactConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/hydrocontactConfig.cmake
  ${PROJECT_BINARY_DIR}/hydrocontactConfigVersion.cmake DESTINATION ${hydrocontact_package_dir})
