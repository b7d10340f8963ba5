# ramus_library(<name> SOURCES <file>... [DEPENDS <target>...]): one layer of the library
# (docs/architecture.md §D1): target ramus_<name>, alias ramus::<name>, exported as <name>, its own
# include folder (include/ beside the calling CMakeLists.txt) public and only its declared
# dependencies, so that an upward include does not compile; C++20, the project's warnings.
include(GNUInstallDirs)

function(ramus_library name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "SOURCES;DEPENDS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ramus_library(${name}): unexpected arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  add_library(ramus_${name} ${ARG_SOURCES})
  add_library(ramus::${name} ALIAS ramus_${name})
  set_target_properties(ramus_${name} PROPERTIES EXPORT_NAME ${name})
  target_include_directories(ramus_${name} PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(ramus_${name} PUBLIC cxx_std_20)
  target_link_libraries(ramus_${name} PUBLIC ${ARG_DEPENDS} PRIVATE $<BUILD_INTERFACE:ramus_warnings>)
endfunction()
