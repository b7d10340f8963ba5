# Installed CMake package: find_package(ramus) gives ramus::ramus (the layers ramus::kernel,
# ramus::systems, ramus::analysis, ramus::steppers, ramus::sensors, ramus::fsw, ramus::environment, ramus::flex) and, when built, ramus::scenario (the scenario-file loader).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ramus ramus_kernel ramus_systems ramus_analysis ramus_steppers ramus_sensors ramus_fsw ramus_environment ramus_flex EXPORT ramusTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(folder kernel systems analysis steppers sensors fsw environment flex)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
install(EXPORT ramusTargets NAMESPACE ramus:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ramus)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ramusConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ramusConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ramus)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ramusConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ramusConfig.cmake ${PROJECT_BINARY_DIR}/ramusConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ramus)
