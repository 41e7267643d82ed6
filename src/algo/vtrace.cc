#include "algo/vtrace.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ga3c::algo {

Correction parse_correction(const std::string& name) {
  if (name == "none") return Correction::kNone;
  if (name == "vtrace") return Correction::kVtrace;
  throw std::invalid_argument("unknown --correction '" + name + "'; use none or vtrace");
}

std::string to_string(Correction correction) {
  return correction == Correction::kVtrace ? "vtrace" : "none";
}

void vtrace(const float* rewards, const float* values, const float* log_rhos, std::size_t n,
            float bootstrap_value, const VTraceConfig& config, float* vs, float* pg_advantages) {
  const float gamma = config.gamma;
  // Backwards from s = n - 1: next_value is V(x_{s+1}), next_vs is vs[s+1].
  float next_value = bootstrap_value;
  float next_vs = bootstrap_value;
  for (std::size_t s = n; s-- > 0;) {
    // exp of a large log ratio is +inf, which min() truncates like any other ratio.
    const float ratio = std::exp(log_rhos[s]);
    const float rho = std::min(config.rho_bar, ratio);
    const float c = std::min(config.c_bar, ratio);
    const float delta = rho * (rewards[s] + gamma * next_value - values[s]);
    vs[s] = values[s] + delta + gamma * c * (next_vs - next_value);
    pg_advantages[s] = rho * (rewards[s] + gamma * next_vs - values[s]);
    next_value = values[s];
    next_vs = vs[s];
  }
}

}  // namespace ga3c::algo
