#===- MDHLayering.cmake - The declared dependencies, for the layering check ===#
#
# Writes ${CMAKE_BINARY_DIR}/mdh-layering.json: every library and tool of
# lib/, runtime/ and tools/ with its source directory, its sources and the
# project targets it links (LINK_LIBRARIES, as declared with
# target_link_libraries and the LINK_LIBS of add_mlir_library).
# scripts/check-layering.py checks the #include graph of the sources against
# it (CTest mdh-layering-test).
#
#===----------------------------------------------------------------------===#

function(mdh_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(result)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|EXECUTABLE)$")
      list(APPEND result ${target})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    mdh_collect_targets(${subdir} sub)
    list(APPEND result ${sub})
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

set(MDH_LAYERING_TARGETS)
foreach(dir lib runtime tools)
  mdh_collect_targets(${PROJECT_SOURCE_DIR}/${dir} found)
  list(APPEND MDH_LAYERING_TARGETS ${found})
endforeach()

set(json "{")
set(separator "")
foreach(target ${MDH_LAYERING_TARGETS})
  get_target_property(type ${target} TYPE)
  get_target_property(sourceDir ${target} SOURCE_DIR)
  get_target_property(sources ${target} SOURCES)
  get_target_property(links ${target} LINK_LIBRARIES)
  set(linked)
  foreach(link ${links})
    # $<LINK_ONLY:X> and other wrappers: the name inside.
    string(REGEX REPLACE "^\\$<[A-Z_]+:(.*)>$" "\\1" link "${link}")
    if(TARGET ${link} AND link IN_LIST MDH_LAYERING_TARGETS)
      list(APPEND linked "\"${link}\"")
    endif()
  endforeach()
  set(files)
  foreach(source ${sources})
    if(source MATCHES "\\.(c|cpp)$")
      cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${sourceDir}
        OUTPUT_VARIABLE path)
      list(APPEND files "\"${path}\"")
    endif()
  endforeach()
  list(JOIN linked ", " linked)
  list(JOIN files ", " files)
  string(APPEND json "${separator}\n  \"${target}\": {\"type\": \"${type}\", "
    "\"dir\": \"${sourceDir}\", \"links\": [${linked}], "
    "\"sources\": [${files}]}")
  set(separator ",")
endforeach()
string(APPEND json "\n}\n")
file(WRITE ${CMAKE_BINARY_DIR}/mdh-layering.json "${json}")
