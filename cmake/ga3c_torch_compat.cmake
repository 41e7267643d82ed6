# The build side of src/model/torch_compat.h. LibTorch 2.x's include directory (the PyPI wheel's
# torch/include) carries headers of its own copies of fmt (12.x) and protobuf, and CMake passes
# it as -isystem, ahead of the compiler's default /usr/include. They would shadow the fmt that
# spdlog was built against (Debian's fmt 9) and the protobuf that protoc generated our code for
# (Debian's 3.21): spdlog then fails to compile. A directory of links to the libraries' own
# headers, passed with -I (searched before every -isystem directory), puts them first again.
# LibTorch 1.13 (Debian's) has no such copies, and nothing changes for it.
get_target_property(_fmt_include fmt::fmt INTERFACE_INCLUDE_DIRECTORIES)
list(GET _fmt_include 0 _fmt_include)
if(GA3C_WITH_TORCH AND EXISTS "${TORCH_INSTALL_PREFIX}/include/fmt"
   AND NOT _fmt_include STREQUAL "${TORCH_INSTALL_PREFIX}/include")
  set(_shadowed "${CMAKE_BINARY_DIR}/torch-shadowed-include")
  file(REMOVE_RECURSE "${_shadowed}")
  file(MAKE_DIRECTORY "${_shadowed}")
  file(CREATE_LINK "${_fmt_include}/fmt" "${_shadowed}/fmt" SYMBOLIC)
  list(GET Protobuf_INCLUDE_DIRS 0 _protobuf_include)
  if(EXISTS "${TORCH_INSTALL_PREFIX}/include/google" AND EXISTS "${_protobuf_include}/google")
    file(CREATE_LINK "${_protobuf_include}/google" "${_shadowed}/google" SYMBOLIC)
  endif()
  include_directories(BEFORE "${_shadowed}")
  message(STATUS "LibTorch's own fmt and protobuf headers shadowed by ${_fmt_include}, "
                 "${_protobuf_include}")
endif()
