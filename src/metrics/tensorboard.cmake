# TensorBoard event files (tensorboard_writer.h), for src/metrics/CMakeLists.txt to include().
# Needs: libprotobuf-dev, protobuf-compiler, libcrcutil-dev (Debian); the reference test needs
# the PyPI tensorboard package (tests/reference/requirements.txt).

find_package(Protobuf REQUIRED)
find_path(GA3C_CRCUTIL_INCLUDE_DIR crcutil/generic_crc.h REQUIRED)
find_library(GA3C_CRCUTIL_LIBRARY crcutil REQUIRED)

# Generated from src/ so that headers are included as "metrics/proto/<name>.pb.h", like every
# other header of the project.
set(_tb_proto_names tensorboard_summary tensorboard_event)
set(_tb_protos)
set(_tb_generated)
foreach(_name IN LISTS _tb_proto_names)
  list(APPEND _tb_protos ${CMAKE_CURRENT_SOURCE_DIR}/proto/${_name}.proto)
  list(APPEND _tb_generated
    ${PROJECT_BINARY_DIR}/src/metrics/proto/${_name}.pb.h
    ${PROJECT_BINARY_DIR}/src/metrics/proto/${_name}.pb.cc)
endforeach()
add_custom_command(
  OUTPUT ${_tb_generated}
  COMMAND protobuf::protoc --cpp_out=${PROJECT_BINARY_DIR}/src -I ${PROJECT_SOURCE_DIR}/src
          ${_tb_protos}
  DEPENDS ${_tb_protos} protobuf::protoc
  COMMENT "Generating TensorBoard event protos"
  VERBATIM)

add_library(ga3c_tensorboard_proto ${_tb_generated})
target_include_directories(ga3c_tensorboard_proto PUBLIC ${PROJECT_BINARY_DIR}/src)
target_link_libraries(ga3c_tensorboard_proto PUBLIC protobuf::libprotobuf)

add_library(ga3c_tensorboard
  tensorboard_record.cc
  tensorboard_writer.cc
)
target_include_directories(ga3c_tensorboard PUBLIC ${PROJECT_SOURCE_DIR}/src)
target_include_directories(ga3c_tensorboard PRIVATE ${GA3C_CRCUTIL_INCLUDE_DIR})
target_link_libraries(ga3c_tensorboard
  PRIVATE ga3c_tensorboard_proto ${GA3C_CRCUTIL_LIBRARY}
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
