#include "ps/parameter_server.h"

#include <stdexcept>
#include <string>

namespace ga3c::ps {

void check(const ParameterServerConfig& config, std::size_t num_params) {
  if (!(config.lr > 0.0f)) {
    throw std::invalid_argument("learning rate must be > 0, got " + std::to_string(config.lr));
  }
  if (config.workers < 1) {
    throw std::invalid_argument("a parameter server needs at least 1 worker, got " +
                                std::to_string(config.workers));
  }
  shard_layout(num_params, config.num_shards);
}

float learning_rate(const ParameterServerConfig& config, int64_t global_frames) {
  return algo::lr_at(config.lr_schedule, config.lr, global_frames, config.max_frames) *
         lr_worker_factor(config.lr_worker_scaling, config.workers);
}

std::unique_ptr<Shard> make_shard(const std::vector<float>& initial,
                                  const ParameterServerConfig& config, int shard) {
  const ShardRange r = shard_layout(initial.size(), config.num_shards).at(shard);
  std::vector<float> slice(initial.begin() + r.offset, initial.begin() + r.offset + r.size);
  return std::make_unique<Shard>(std::move(slice), config.optimizer, config.optimizer_state,
                                 config.apply);
}

ParameterServer::ParameterServer(const std::vector<float>& initial,
                                 const ParameterServerConfig& config)
    : config_((check(config, initial.size()), config)),
      num_params_(initial.size()),
      layout_(shard_layout(initial.size(), config.num_shards)),
      counters_(config.max_frames) {
  for (int s = 0; s < config.num_shards; ++s) shards_.push_back(make_shard(initial, config, s));
}

int64_t ParameterServer::push(int shard, const float* update, std::size_t n) {
  return shards_.at(shard)->apply(update, n, current_lr());
}

int64_t ParameterServer::pull(int shard, float* out, std::size_t n) const {
  return shards_.at(shard)->read(out, n);
}

int64_t ParameterServer::overlapping_applies() const {
  int64_t n = 0;
  for (const auto& s : shards_) n += s->overlapping_applies();
  return n;
}

int64_t ParameterServer::lost_optimizer_steps() const {
  if (config_.optimizer_state != OptimizerStateMode::kShared) return -1;
  int64_t n = 0;
  for (const auto& s : shards_) n += s->lost_optimizer_steps();
  return n;
}

float ParameterServer::current_lr() const { return learning_rate(config_, counters_.frames()); }

}  // namespace ga3c::ps
