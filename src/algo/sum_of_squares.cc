#include "algo/sum_of_squares.h"

#include "algo/vector_clones.h"

namespace ga3c::algo {

GA3C_VECTOR_CLONES double sum_of_squares(const float* x, std::size_t n) {
  constexpr std::size_t kLanes = 8;
  double lanes[kLanes] = {};
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (std::size_t k = 0; k < kLanes; ++k) {
      lanes[k] += static_cast<double>(x[i + k]) * x[i + k];
    }
  }
  double sum = 0.0;
  for (; i < n; ++i) sum += static_cast<double>(x[i]) * x[i];
  for (double lane : lanes) sum += lane;
  return sum;
}

}  // namespace ga3c::algo
