// The sum of squares of a float32 buffer in double: the squared L2 norm a trainer logs as
// grad_norm and scales to --grad-clip.
#pragma once

#include <cstddef>

namespace ga3c::algo {

// sum of x[i]^2 for i < n, each square and sum in double, over eight independent running sums
// (element i into sum i mod 8, the eight added in order at the end, then the tail of n mod 8).
// A single running sum waits on the adder's latency at every element (about 0.09 ms for the
// MinAtar CNN's 132,695 parameters, 8% of a training step); eight run at its throughput, and
// vectorised (vector_clones.h) each sum still adds in order, so every CPU gives the same bits.
// Its rounding differs from one in-order sum by about 1e-16 relative.
double sum_of_squares(const float* x, std::size_t n);

}  // namespace ga3c::algo
