# ga3c_add_proto_library(TARGET PROTO...): a static library of the C++ code protoc generates
# for the given .proto files under src/, included as "<folder>/proto/<name>.pb.h" like every
# other header of the project.
find_package(Protobuf REQUIRED)

function(ga3c_add_proto_library target)
  set(generated)
  foreach(proto IN LISTS ARGN)
    file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR}/src ${proto})
    string(REGEX REPLACE "\\.proto$" "" stem ${relative})
    list(APPEND generated ${PROJECT_BINARY_DIR}/src/${stem}.pb.h ${PROJECT_BINARY_DIR}/src/${stem}.pb.cc)
  endforeach()
  add_custom_command(
    OUTPUT ${generated}
    COMMAND protobuf::protoc --cpp_out=${PROJECT_BINARY_DIR}/src -I ${PROJECT_SOURCE_DIR}/src ${ARGN}
    DEPENDS ${ARGN} protobuf::protoc
    COMMENT "Generating C++ from ${ARGN}"
    VERBATIM)
  add_library(${target} ${generated})
  target_include_directories(${target} PUBLIC ${PROJECT_BINARY_DIR}/src)
  target_link_libraries(${target} PUBLIC protobuf::libprotobuf)
endfunction()
