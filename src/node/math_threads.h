// Keeps LibTorch and the BLAS it calls to one thread per calling thread: ga3c's parallelism
// comes from its own predictor and trainer threads, and a BLAS that starts its own threads per
// call on top of those runs several times slower on a small machine (measured: 5x on 2 cores).
#pragma once

namespace ga3c::node {

// Idempotent; call before the first tensor operation. Works whichever BLAS the system's
// alternatives select: OpenBLAS is told through openblas_set_num_threads when present.
void limit_math_threads();

}  // namespace ga3c::node
