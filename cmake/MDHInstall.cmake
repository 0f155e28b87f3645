#===- MDHInstall.cmake - What `cmake --install` installs ------------------===#
#
# The tools install themselves (tools/CMakeLists.txt). This adds every
# library of the project (lib/ and runtime/; found by walking the source
# tree, so a new library is installed without being listed here), the C API
# headers under include/mdh-c, and the C++ headers, public and generated,
# and the GPU runtime's C headers under include/mdh.
#
# The libraries are exported (MDHTargets.cmake, namespace MDH::) with a
# package configuration, lib/cmake/mdh/MDHConfig.cmake, so that another CMake
# project links them with find_package(MDH) (test/install/consumer).
#
#===----------------------------------------------------------------------===#

function(mdh_collect_libraries dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(libraries)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "SHARED_LIBRARY")
      list(APPEND libraries ${target})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    mdh_collect_libraries(${subdir} sub)
    list(APPEND libraries ${sub})
  endforeach()
  set(${out} ${libraries} PARENT_SCOPE)
endfunction()

mdh_collect_libraries(${PROJECT_SOURCE_DIR}/lib MDH_INSTALLED_LIBRARIES)
mdh_collect_libraries(${PROJECT_SOURCE_DIR}/runtime MDH_RUNTIME_LIBRARIES)
list(APPEND MDH_INSTALLED_LIBRARIES ${MDH_RUNTIME_LIBRARIES})
foreach(library ${MDH_INSTALLED_LIBRARIES})
  get_target_property(type ${library} TYPE)
  # The GPU runtimes keep no RPATH: the driver comes from the system.
  if(type STREQUAL "SHARED_LIBRARY" AND NOT library MATCHES "^mdh_.*_runtime$")
    set_target_properties(${library} PROPERTIES
      INSTALL_RPATH "\$ORIGIN;${LLVM_LIBRARY_DIR}")
  endif()
endforeach()
# INCLUDES puts <prefix>/include on every exported target's interface: the
# build tree uses directory-wide include_directories, which are not exported.
install(TARGETS ${MDH_INSTALLED_LIBRARIES} EXPORT MDHTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT mdh-libraries
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT mdh-libraries
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The exported targets name MLIR's and LLVM's imported targets (`MLIR`,
# `LLVM`: the shared libraries, MLIR_LINK_MLIR_DYLIB) in their link
# interface; MDHConfig.cmake finds MLIR first so that these exist.
set(MDH_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/mdh)
install(EXPORT MDHTargets NAMESPACE MDH::
  DESTINATION ${MDH_INSTALL_CMAKEDIR} COMPONENT mdh-libraries)
include(CMakePackageConfigHelpers)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/MDHConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/MDHConfig.cmake
  INSTALL_DESTINATION ${MDH_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# Before 1.0 a minor version may change the API.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/MDHConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/MDHConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/MDHConfigVersion.cmake
  DESTINATION ${MDH_INSTALL_CMAKEDIR} COMPONENT mdh-libraries)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/mdh-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT mdh-headers
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/mdh
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT mdh-headers
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/mdh
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT mdh-headers
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/mdh
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT mdh-headers
  FILES_MATCHING PATTERN "*.h")
