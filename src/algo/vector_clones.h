// GA3C_VECTOR_CLONES builds a loop three times, for AVX-512, AVX2 and plain x86-64, and the
// loader picks the widest the CPU has. Only for loops whose every build gives the same bits:
// element-wise updates or independent running sums, compiled without FP contraction into FMAs
// (-ffp-contract=off on the file). Not under a sanitizer: the loader runs the clones'
// resolver before the sanitizer's runtime is up, and ThreadSanitizer builds crashed there.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_THREAD__) && !defined(__SANITIZE_ADDRESS__)
#define GA3C_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GA3C_VECTOR_CLONES
#endif
