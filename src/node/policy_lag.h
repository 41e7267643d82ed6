// Policy lag (Babaeizadeh et al. 2017, "GA3C"): for each sample, the number of global
// updates between the parameter version that chose its action and the version its gradient
// is applied to. A worker's own push does not count: acting at version v with the gradient
// applied to v is lag 0, as in GA3C. With several shards a version is the smallest shard's
// update count (SyncResult).
#pragma once

#include <cstdint>

namespace ga3c::node {

// The mean lag of `samples` samples whose acting versions sum to acted_version_sum, pushed
// to parameters at version applied_to (the push left them at applied_to + 1). 0 without
// samples.
inline double policy_lag(int64_t applied_to, double acted_version_sum, int64_t samples) {
  if (samples <= 0) return 0.0;
  return static_cast<double>(applied_to) - acted_version_sum / static_cast<double>(samples);
}

}  // namespace ga3c::node
