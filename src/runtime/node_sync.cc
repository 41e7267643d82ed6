#include "runtime/node_sync.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace ga3c::runtime {
namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

NodeSync::NodeSync(comm::PsLink& link, std::size_t num_params, ps::OptimizerStateMode mode,
                   const algo::OptimizerConfig& optimizer)
    : link_(link), mode_(mode), optimizer_(optimizer, num_params) {
  if (mode == ps::OptimizerStateMode::kShared) {
    accumulated_.assign(num_params, 0.0f);
  } else {
    at_pull_.assign(num_params, 0.0f);
    delta_.assign(num_params, 0.0f);
  }
}

void NodeSync::local_step(float* params, const float* grad, float lr) {
  optimizer_.step(params, grad, lr);
  for (std::size_t i = 0; i < accumulated_.size(); ++i) accumulated_[i] += grad[i];
}

SyncResult NodeSync::sync(const float* params, float* pulled) {
  SyncResult result;
  const float* update = accumulated_.data();
  if (mode_ == ps::OptimizerStateMode::kLocal) {
    for (std::size_t i = 0; i < delta_.size(); ++i) delta_[i] = params[i] - at_pull_[i];
    update = delta_.data();
  }
  auto start = std::chrono::steady_clock::now();
  result.pushed_version = std::numeric_limits<int64_t>::max();
  for (std::size_t s = 0; s < link_.layout().size(); ++s) {
    const auto& range = link_.layout()[s];
    result.pushed_version =
        std::min(result.pushed_version, link_.push(static_cast<int>(s), update + range.offset));
    result.bytes += static_cast<int64_t>(range.size * sizeof(float));
  }
  result.push_ms = ms_since(start);
  std::fill(accumulated_.begin(), accumulated_.end(), 0.0f);

  start = std::chrono::steady_clock::now();
  result.version = pull(pulled);
  result.pull_ms = ms_since(start);
  for (const auto& range : link_.layout()) {
    result.bytes += static_cast<int64_t>(range.size * sizeof(float));
  }
  return result;
}

int64_t NodeSync::pull(float* pulled) {
  int64_t version = std::numeric_limits<int64_t>::max();
  for (std::size_t s = 0; s < link_.layout().size(); ++s) {
    version = std::min(version, link_.pull(static_cast<int>(s), pulled + link_.layout()[s].offset));
  }
  if (mode_ == ps::OptimizerStateMode::kLocal) std::copy(pulled, pulled + at_pull_.size(), at_pull_.begin());
  return version;
}

}  // namespace ga3c::runtime
