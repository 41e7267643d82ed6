#include "ps/parameter_server.h"

#include <stdexcept>
#include <string>

namespace ga3c::ps {

ParameterServer::ParameterServer(const std::vector<float>& initial,
                                 const ParameterServerConfig& config)
    : config_(config), num_params_(initial.size()), layout_(shard_layout(initial.size(), config.num_shards)) {
  if (!(config.lr > 0.0f)) {
    throw std::invalid_argument("learning rate must be > 0, got " + std::to_string(config.lr));
  }
  for (const ShardRange& r : layout_) {
    std::vector<float> slice(initial.begin() + r.offset, initial.begin() + r.offset + r.size);
    shards_.push_back(
        std::make_unique<Shard>(std::move(slice), config.optimizer, config.optimizer_state));
  }
}

int64_t ParameterServer::push(int shard, const float* update, std::size_t n) {
  return shards_.at(shard)->apply(update, n, current_lr());
}

int64_t ParameterServer::pull(int shard, float* out, std::size_t n) const {
  return shards_.at(shard)->read(out, n);
}

GlobalProgress ParameterServer::report(int64_t frames, int64_t episodes, bool synced) {
  frames_ += frames;
  episodes_ += episodes;
  if (synced) ++updates_;
  return progress();
}

GlobalProgress ParameterServer::progress() const {
  GlobalProgress p;
  p.frames = frames_.load();
  p.episodes = episodes_.load();
  p.updates = updates_.load();
  p.stop = stop_requested_.load() || (config_.max_frames > 0 && p.frames >= config_.max_frames);
  return p;
}

float ParameterServer::current_lr() const {
  return algo::lr_at(config_.lr_schedule, config_.lr, frames_.load(), config_.max_frames);
}

}  // namespace ga3c::ps
