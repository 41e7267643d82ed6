#include "algo/n_step_returns.h"

namespace ga3c::algo {

void n_step_returns(const float* rewards, std::size_t n, float bootstrap_value, float gamma,
                    float* returns) {
  float running = bootstrap_value;
  for (std::size_t t = n; t-- > 0;) {
    running = rewards[t] + gamma * running;
    returns[t] = running;
  }
}

}  // namespace ga3c::algo
