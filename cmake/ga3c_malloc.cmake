# ga3c_malloc: what the training binaries link to allocate with jemalloc instead of glibc's
# malloc. LibTorch allocates every op's output, and at GA3C's small batches (40 samples) that
# is thousands of allocations a second from four threads at once: glibc's malloc and free took
# 12% of a CartPole training run's samples. Linked, jemalloc made ga3c 7% faster on CartPole
# and MinAtar Breakout (docs/benchmarks.md). Needs Debian's libjemalloc-dev; without it, or
# under a sanitizer (which brings its own allocator), the binaries keep glibc's.
add_library(ga3c_malloc INTERFACE)
if(NOT GA3C_SANITIZE)
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(GA3C_JEMALLOC QUIET jemalloc)
  endif()
  if(GA3C_JEMALLOC_FOUND)
    # Nothing references its symbols by name: keep it linked even under --as-needed.
    target_link_libraries(ga3c_malloc INTERFACE "-Wl,--push-state,--no-as-needed"
                          ${GA3C_JEMALLOC_LINK_LIBRARIES} "-Wl,--pop-state")
    message(STATUS "jemalloc ${GA3C_JEMALLOC_VERSION}: the training binaries allocate with it")
  else()
    message(STATUS "jemalloc not found (libjemalloc-dev): glibc's malloc, about 7% slower")
  endif()
endif()
