#include "runtime/parameter_snapshots.h"

#include <cstring>

namespace ga3c::runtime {

ParameterSnapshots::ParameterSnapshots(NetFactory make_net) : make_net_(std::move(make_net)) {
  current_ = make_snapshot();
  pool_.push_back(current_);
}

std::shared_ptr<ParameterSnapshot> ParameterSnapshots::make_snapshot() const {
  auto snapshot = std::make_shared<ParameterSnapshot>();
  snapshot->net = make_net_();
  snapshot->flat = std::make_unique<model::FlatParameters>(*snapshot->net);
  return snapshot;
}

std::shared_ptr<const ParameterSnapshot> ParameterSnapshots::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

std::size_t ParameterSnapshots::num_params() const { return pool_.front()->flat->size(); }

void ParameterSnapshots::publish(const float* params, int64_t version) {
  std::shared_ptr<ParameterSnapshot> target;
  {
    std::lock_guard lock(mutex_);
    // Only the pool and current_ hand out references, so a snapshot other than current_ with
    // a use count of 1 is held by nobody and nobody can take it before we publish it.
    for (auto& s : pool_) {
      if (s != current_ && s.use_count() == 1) {
        target = s;
        break;
      }
    }
  }
  if (!target) {
    target = make_snapshot();
    pool_.push_back(target);
  }
  std::memcpy(target->flat->data(), params, target->flat->size() * sizeof(float));
  target->version = version;
  std::lock_guard lock(mutex_);
  current_ = std::move(target);
}

}  // namespace ga3c::runtime
