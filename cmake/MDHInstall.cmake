#===- MDHInstall.cmake - What `cmake --install` installs ------------------===#
#
# The tools install themselves (tools/CMakeLists.txt). This adds every
# library of the project (lib/ and runtime/; found by walking the source
# tree, so a new library is installed without being listed here), the C API
# headers under include/mdh-c, and the C++ headers, public and generated,
# and the GPU runtime's C headers under include/mdh.
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
install(TARGETS ${MDH_INSTALLED_LIBRARIES}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT mdh-libraries
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT mdh-libraries)

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
