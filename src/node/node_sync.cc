#include "node/node_sync.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace ga3c::node {
namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

NodeSync::NodeSync(comm::PsLink& link, std::size_t num_params, ps::OptimizerStateMode mode,
                   const algo::OptimizerConfig& optimizer)
    : link_(link),
      mode_(mode),
      optimizer_(optimizer, num_params),
      update_(num_params, 0.0f),
      at_begin_(num_params, 0.0f),
      pulled_(num_params, 0.0f) {
  if (mode == ps::OptimizerStateMode::kShared) {
    accumulated_.assign(num_params, 0.0f);
  } else {
    at_pull_.assign(num_params, 0.0f);
  }
}

void NodeSync::local_step(float* params, const float* grad, float lr) {
  optimizer_.step(params, grad, lr);
  for (std::size_t i = 0; i < accumulated_.size(); ++i) accumulated_[i] += grad[i];
}

void NodeSync::add_accumulated(const float* grads) {
  for (std::size_t i = 0; i < accumulated_.size(); ++i) accumulated_[i] += grads[i];
}

void NodeSync::begin(const float* params, int64_t frames, int64_t episodes) {
  report_frames_ = frames;
  report_episodes_ = episodes;
  if (mode_ == ps::OptimizerStateMode::kShared) {
    update_.swap(accumulated_);
    std::fill(accumulated_.begin(), accumulated_.end(), 0.0f);
  } else {
    for (std::size_t i = 0; i < update_.size(); ++i) update_[i] = params[i] - at_pull_[i];
  }
  std::copy(params, params + at_begin_.size(), at_begin_.begin());
}

SyncResult NodeSync::exchange() {
  SyncResult result;
  const auto start = std::chrono::steady_clock::now();
  const comm::PsLink::Exchange e =
      link_.sync(update_.data(), pulled_.data(), report_frames_, report_episodes_);
  result.pushed_version = e.pushed_version;
  result.version = e.version;
  result.progress = e.progress;
  result.push_ms = e.push_ms;
  result.pull_ms = ms_since(start) - e.push_ms;
  result.bytes = static_cast<int64_t>(2 * pulled_.size() * sizeof(float));
  return result;
}

void NodeSync::finish(float* params) {
  // Without overlap params equals at_begin_, so this is exactly the pulled parameters.
  for (std::size_t i = 0; i < pulled_.size(); ++i) {
    params[i] = pulled_[i] + (params[i] - at_begin_[i]);
  }
  if (mode_ == ps::OptimizerStateMode::kLocal) at_pull_ = pulled_;
}

SyncResult NodeSync::sync(float* params, int64_t frames, int64_t episodes) {
  begin(params, frames, episodes);
  const SyncResult result = exchange();
  finish(params);
  return result;
}

int64_t NodeSync::pull(float* pulled) {
  const int64_t version = link_.pull_all(pulled);
  if (mode_ == ps::OptimizerStateMode::kLocal) {
    std::copy(pulled, pulled + at_pull_.size(), at_pull_.begin());
  }
  return version;
}

void NodeSync::save(checkpoint::WorkerState& out) const {
  out.local_optimizer = optimizer_.slots();
  out.accumulated = accumulated_;
  out.at_pull = at_pull_;
}

void NodeSync::restore(const checkpoint::WorkerState& saved) {
  if (saved.accumulated.size() != accumulated_.size() || saved.at_pull.size() != at_pull_.size()) {
    throw std::invalid_argument(
        "the saved worker was trained with the other --optimizer-state; resume with the run's "
        "own");
  }
  optimizer_.set_slots(saved.local_optimizer);
  accumulated_ = saved.accumulated;
  at_pull_ = saved.at_pull;
}

}  // namespace ga3c::node
