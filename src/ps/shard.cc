#include "ps/shard.h"

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <string>

namespace ga3c::ps {

ApplyMode parse_apply_mode(const std::string& name) {
  if (name == "locked") return ApplyMode::kLocked;
  if (name == "racy") return ApplyMode::kRacy;
  throw std::invalid_argument("unknown --ps-apply '" + name + "'; use locked or racy");
}

std::string to_string(ApplyMode mode) { return mode == ApplyMode::kRacy ? "racy" : "locked"; }

Shard::Shard(std::vector<float> initial, const algo::OptimizerConfig& optimizer,
             OptimizerStateMode mode, ApplyMode apply_mode)
    : size_(initial.size()), mode_(mode), apply_mode_(apply_mode), params_(std::move(initial)) {
  if (mode == OptimizerStateMode::kShared) optimizer_.emplace(optimizer, size_);
}

void Shard::check_size(std::size_t n) const {
  if (n != size_) {
    throw std::invalid_argument("shard holds " + std::to_string(size_) + " parameters, got " +
                                std::to_string(n));
  }
}

int64_t Shard::apply(const float* update, std::size_t n, float lr) {
  check_size(n);
  std::unique_lock exclusive(mutex_, std::defer_lock);
  std::shared_lock shared(mutex_, std::defer_lock);
  if (apply_mode_ == ApplyMode::kRacy) {
    shared.lock();
  } else {
    exclusive.lock();
  }
  // Counted inside the critical section, so a locked shard can never count one.
  if (applying_.fetch_add(1) > 0) ++overlaps_;
  if (optimizer_) {
    optimizer_->step(params_.data(), update, lr);
  } else {
    for (std::size_t i = 0; i < size_; ++i) params_[i] += update[i];
  }
  applying_.fetch_sub(1);
  return ++version_;
}

int64_t Shard::read(float* out, std::size_t n) const {
  check_size(n);
  std::shared_lock lock(mutex_);
  std::copy(params_.begin(), params_.end(), out);
  return version_;
}

int64_t Shard::version() const { return version_.load(); }

int64_t Shard::lost_optimizer_steps() const {
  std::unique_lock lock(mutex_);
  return optimizer_ ? version_ - optimizer_->slots().steps : -1;
}

algo::OptimizerSlots Shard::optimizer_slots() const {
  std::unique_lock lock(mutex_);
  return optimizer_ ? optimizer_->slots() : algo::OptimizerSlots{};
}

ShardState Shard::snapshot() const {
  std::unique_lock lock(mutex_);
  ShardState s;
  s.params = params_;
  if (optimizer_) s.slots = optimizer_->slots();
  s.version = version_;
  return s;
}

void Shard::restore(const ShardState& state) {
  check_size(state.params.size());
  std::unique_lock lock(mutex_);
  if (optimizer_) {
    optimizer_->set_slots(state.slots);
  } else if (!state.slots.first.empty() || !state.slots.second.empty()) {
    throw std::invalid_argument(
        "the saved shard has global optimizer slots but the optimizer state is local");
  }
  params_ = state.params;
  version_ = state.version;
}

}  // namespace ga3c::ps
