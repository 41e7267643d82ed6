# libFuzzer targets (the checkpoint reader, the config reader): cmake -DGA3C_FUZZ=ON
# -DCMAKE_CXX_COMPILER=clang++. Each target compiles its module's sources again with these
# flags, so the fuzzer sees coverage inside them; the libraries it links are not instrumented.
option(GA3C_FUZZ "Build the libFuzzer targets and their ctests (label fuzz; needs clang)" OFF)
set(GA3C_FUZZ_SECONDS 60 CACHE STRING "Seconds each fuzz ctest fuzzes")
if(GA3C_FUZZ AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "GA3C_FUZZ=ON needs clang for libFuzzer; configure with "
                      "-DCMAKE_CXX_COMPILER=clang++")
endif()
set(GA3C_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# ga3c_add_fuzz_test(FUZZER SEEDS_TOOL): a ctest that has SEEDS_TOOL write the seed corpus
# into fuzz/seeds of this build folder, then one that fuzzes for GA3C_FUZZ_SECONDS from it.
# New inputs go to fuzz/corpus, findings to fuzz/crash-* (leak-*, timeout-*); -timeout makes
# a hang a finding, -rss_limit_mb a runaway allocation.
function(ga3c_add_fuzz_test fuzzer seeds_tool)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
  file(MAKE_DIRECTORY ${dir}/corpus)
  add_test(NAME ${fuzzer}_seeds COMMAND ${seeds_tool} ${dir}/seeds)
  set_tests_properties(${fuzzer}_seeds PROPERTIES
    FIXTURES_SETUP ${fuzzer}_seeds LABELS fuzz TIMEOUT 60)
  add_test(NAME ${fuzzer}
    COMMAND ${fuzzer} -max_total_time=${GA3C_FUZZ_SECONDS} -timeout=10
            -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=${dir}/
            ${dir}/corpus ${dir}/seeds)
  math(EXPR timeout "${GA3C_FUZZ_SECONDS} + 120")
  set_tests_properties(${fuzzer} PROPERTIES
    FIXTURES_REQUIRED ${fuzzer}_seeds LABELS fuzz TIMEOUT ${timeout})
endfunction()
