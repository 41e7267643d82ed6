#include "node/network_health.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ga3c::node {
namespace {

// h: [B, units] or [B, channels, H, W], >= 0 (post-ReLU).
int64_t live_units(const torch::Tensor& h) {
  return (h.transpose(0, 1).flatten(1).amax(1) > 0).sum().item<int64_t>();
}

}  // namespace

metrics::HealthRecord measure_health(model::ActorCritic& net, const torch::Tensor& obs) {
  if (obs.dim() < 1 || obs.size(0) == 0) {
    throw std::invalid_argument("measure_health: an empty observation batch");
  }
  torch::NoGradGuard no_grad;
  const model::ActorCriticActivations a = net.activations(obs);
  metrics::HealthRecord r;
  for (const model::HiddenActivation& h : a.hidden) {
    r.layers.push_back({h.name, live_units(h.value), h.value.size(1)});
  }
  // Population std, as numpy's (dead_units.py): the same policy everywhere gives exactly 0.
  const torch::Tensor pi = torch::softmax(a.output.logits, 1);
  r.policy_spread = pi.std(0, /*unbiased=*/false).max().item<double>();
  return r;
}

HealthProbe::HealthProbe(int64_t size, std::vector<int64_t> obs_shape)
    : size_(size), obs_shape_(std::move(obs_shape)), obs_size_([this] {
        int64_t n = 1;
        for (int64_t d : obs_shape_) n *= d;
        return n;
      }()) {
  if (size_ <= 0) throw std::invalid_argument("HealthProbe: the batch size must be > 0");
  kept_.reserve(static_cast<std::size_t>(size_ * obs_size_));
}

void HealthProbe::offer(const std::vector<Rollout>& batch) {
  std::lock_guard lock(mutex_);
  if (batch_.defined()) return;
  const auto r =
      std::find_if(batch.begin(), batch.end(), [](const Rollout& r) { return r.size() > 0; });
  if (r == batch.end()) return;
  const auto last = r->observations.end();
  kept_.insert(kept_.end(), last - obs_size_, last);
  if (static_cast<int64_t>(kept_.size()) == size_ * obs_size_) {
    std::vector<int64_t> shape{size_};
    shape.insert(shape.end(), obs_shape_.begin(), obs_shape_.end());
    batch_ = torch::from_blob(kept_.data(), shape, torch::kFloat32).clone();
    kept_ = {};
  }
}

std::optional<metrics::HealthRecord> HealthProbe::check(const ParameterSnapshot& snapshot) const {
  torch::Tensor batch;
  {
    std::lock_guard lock(mutex_);
    batch = batch_;
  }
  if (!batch.defined()) return std::nullopt;
  const torch::Device device = snapshot.flat->tensor().device();
  return measure_health(*snapshot.net, batch.to(device));
}

}  // namespace ga3c::node
