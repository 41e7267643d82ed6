// Scaling the parameter server's learning rate with the number of workers. The original GA3C
// saw training turn unstable at 16 workers with a learning rate tuned for fewer, since every
// worker's gradients step the same global optimizer; these options lower it as the job grows.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

namespace ga3c::ps {

// none: lr; inverse: lr / W; inverse-sqrt: lr / sqrt(W).
enum class LrWorkerScaling { kNone, kInverse, kInverseSqrt };

// "none", "inverse", "inverse-sqrt"; throws std::invalid_argument naming the choices.
inline LrWorkerScaling parse_lr_worker_scaling(const std::string& name) {
  if (name == "none") return LrWorkerScaling::kNone;
  if (name == "inverse") return LrWorkerScaling::kInverse;
  if (name == "inverse-sqrt") return LrWorkerScaling::kInverseSqrt;
  throw std::invalid_argument("unknown --lr-worker-scaling '" + name +
                              "'; use none, inverse or inverse-sqrt");
}

inline std::string to_string(LrWorkerScaling s) {
  switch (s) {
    case LrWorkerScaling::kNone:
      return "none";
    case LrWorkerScaling::kInverse:
      return "inverse";
    case LrWorkerScaling::kInverseSqrt:
      return "inverse-sqrt";
  }
  return "none";
}

// The factor the server's learning rate is multiplied by for `workers` workers (>= 1).
inline float lr_worker_factor(LrWorkerScaling s, int workers) {
  switch (s) {
    case LrWorkerScaling::kNone:
      return 1.0f;
    case LrWorkerScaling::kInverse:
      return 1.0f / static_cast<float>(workers);
    case LrWorkerScaling::kInverseSqrt:
      return 1.0f / std::sqrt(static_cast<float>(workers));
  }
  return 1.0f;
}

}  // namespace ga3c::ps
