// Drawing an action from a policy the way every GA3C actor does (training agents and
// `ga3c eval`), so that a seed means the same draws in both.
#pragma once

#include <random>

namespace ga3c::node {

// pi: num_actions probabilities summing to about 1; u: a uniform draw in [0, 1). Returns the
// first action whose cumulative probability exceeds u; when rounding leaves the sum at or
// below u, the last action with mass (action 0 when none has any, e.g. a NaN policy).
inline int sample_from_policy(const float* pi, int num_actions, float u) {
  float cumulative = 0.0f;
  for (int a = 0; a < num_actions; ++a) {
    cumulative += pi[a];
    if (u < cumulative) return a;
  }
  for (int a = num_actions - 1; a > 0; --a) {
    if (pi[a] > 0.0f) return a;
  }
  return 0;
}

// The uniform draw sample_from_policy takes, from a 64-bit Mersenne Twister.
inline float policy_draw(std::mt19937_64& rng) {
  return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
}

}  // namespace ga3c::node
