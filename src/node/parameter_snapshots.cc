#include "node/parameter_snapshots.h"

#include <cstring>
#include <utility>

#include "model/device_stream.h"

namespace ga3c::node {

ParameterSnapshots::ParameterSnapshots(NetFactory make_net, torch::Device device)
    : make_net_(std::move(make_net)), device_(device), pool_(std::make_shared<Pool>()) {
  ParameterSnapshot* first = take_free_or_make();
  num_params_ = first->flat->size();
  current_ = hand_out(first);
}

ParameterSnapshot* ParameterSnapshots::take_free_or_make() {
  {
    std::lock_guard lock(pool_->mutex);
    if (!pool_->free.empty()) {
      ParameterSnapshot* s = pool_->free.back();
      pool_->free.pop_back();
      return s;
    }
  }
  auto snapshot = std::make_unique<ParameterSnapshot>();
  snapshot->net = make_net_();
  if (!device_.is_cpu()) snapshot->net->to(device_);
  snapshot->flat = std::make_unique<model::FlatParameters>(*snapshot->net);
  ParameterSnapshot* s = snapshot.get();
  std::lock_guard lock(pool_->mutex);
  pool_->all.push_back(std::move(snapshot));
  return s;
}

std::shared_ptr<ParameterSnapshot> ParameterSnapshots::hand_out(ParameterSnapshot* snapshot) const {
  // The deleter runs after the last holder's reads (shared_ptr orders every owner's release
  // before it), and the list's mutex orders it before the writer's take.
  return std::shared_ptr<ParameterSnapshot>(snapshot, [pool = pool_](ParameterSnapshot* s) {
    std::lock_guard lock(pool->mutex);
    pool->free.push_back(s);
  });
}

std::shared_ptr<const ParameterSnapshot> ParameterSnapshots::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

std::size_t ParameterSnapshots::num_params() const { return num_params_; }

void ParameterSnapshots::publish(const float* params, int64_t version) {
  ParameterSnapshot* target = take_free_or_make();
  std::memcpy(target->flat->data(), params, num_params_ * sizeof(float));
  make_current(target, version);
}

void ParameterSnapshots::publish(const torch::Tensor& params, int64_t version) {
  ParameterSnapshot* target = take_free_or_make();
  {
    torch::NoGradGuard no_grad;
    target->flat->tensor().copy_(params);
  }
  // A reader's stream may be another than this thread's: the copy must be done when it reads.
  model::synchronize_current_stream(device_);
  make_current(target, version);
}

void ParameterSnapshots::make_current(ParameterSnapshot* target, int64_t version) {
  target->version = version;
  std::shared_ptr<ParameterSnapshot> previous = hand_out(target);
  {
    std::lock_guard lock(mutex_);
    std::swap(current_, previous);
  }
  // previous goes back to the free list here, outside mutex_, if no reader holds it.
}

}  // namespace ga3c::node
