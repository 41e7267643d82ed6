#include "env/minatar/mt19937_random_state.h"

#include <stdexcept>
#include <string>

namespace ga3c::env::minatar {

void Mt19937RandomState::seed(uint64_t seed) {
  if (seed > 0xFFFFFFFFull) {
    throw std::out_of_range("MinAtar seed " + std::to_string(seed) +
                            " is outside [0, 2^32 - 1], the range NumPy's RandomState accepts");
  }
  engine_.seed(static_cast<std::mt19937::result_type>(seed));
}

}  // namespace ga3c::env::minatar
