# TensorBoard event files (tensorboard_writer.h), for src/metrics/CMakeLists.txt to include().
# Needs: libprotobuf-dev, protobuf-compiler, libcrcutil-dev (Debian); the reference test needs
# the PyPI tensorboard package (tests/reference/requirements.txt).

ga3c_add_proto_library(ga3c_tensorboard_proto
  ${CMAKE_CURRENT_SOURCE_DIR}/proto/tensorboard_summary.proto
  ${CMAKE_CURRENT_SOURCE_DIR}/proto/tensorboard_event.proto)

add_library(ga3c_tensorboard
  tensorboard_record.cc
  tensorboard_writer.cc
)
target_include_directories(ga3c_tensorboard PUBLIC ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(ga3c_tensorboard
  PRIVATE ga3c_tensorboard_proto ga3c_crc32c
  PUBLIC Threads::Threads)

add_executable(ga3c_tb_write_sample tensorboard_write_main.cc)
target_link_libraries(ga3c_tb_write_sample PRIVATE ga3c_tensorboard)

ga3c_add_test(tensorboard_writer_test
  SOURCES tensorboard_record_test.cc tensorboard_writer_test.cc
  LIBS ga3c_tensorboard ga3c_tensorboard_proto
  TIMEOUT 60)

add_test(NAME tensorboard_matches_client
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/reference/check_tensorboard.py
          --binary $<TARGET_FILE:ga3c_tb_write_sample>)
set_tests_properties(tensorboard_matches_client PROPERTIES TIMEOUT 120 LABELS reference)
