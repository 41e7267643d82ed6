// n-step discounted returns for one agent's rollout (Mnih et al. 2016, Algorithm S3).
#pragma once

#include <cstddef>

namespace ga3c::algo {

// Writes R_t = r_t + gamma * R_{t+1} for t = n-1 .. 0 into returns[0..n), starting from
// R_n = bootstrap_value. The caller passes bootstrap_value = 0 when the rollout ended in a
// terminal state, V(s_n) when it was cut by t_max, and V(final observation) when a time
// limit truncated it (never V of the observation after reset).
// rewards, returns: n float32 values each; may alias.
void n_step_returns(const float* rewards, std::size_t n, float bootstrap_value, float gamma,
                    float* returns);

}  // namespace ga3c::algo
