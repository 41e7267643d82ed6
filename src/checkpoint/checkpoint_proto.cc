#include "checkpoint/checkpoint_proto.h"

#include <climits>
#include <stdexcept>

#include "checkpoint/checkpoint_error.h"

namespace ga3c::checkpoint {
namespace {

const char kUseEarlier[] = "use an earlier checkpoint";

CheckpointError invalid(const std::string& name, const std::string& problem) {
  return CheckpointError(name, "invalid content: " + problem, kUseEarlier);
}

int to_int(uint32_t value, const char* what, const std::string& name) {
  if (value > static_cast<uint32_t>(INT_MAX)) {
    throw invalid(name, std::string(what) + " " + std::to_string(value) + " is out of range");
  }
  return static_cast<int>(value);
}

template <typename T>
std::vector<T> to_vector(const google::protobuf::RepeatedField<T>& field) {
  return std::vector<T>(field.begin(), field.end());
}

ShardState shard_from_proto(const proto::Shard& m, const std::string& name) {
  ShardState s;
  s.index = to_int(m.index(), "shard index", name);
  if (m.size() != static_cast<uint64_t>(m.params_size())) {
    throw invalid(name, "shard " + std::to_string(s.index) + " says " + std::to_string(m.size()) +
                            " parameters but holds " + std::to_string(m.params_size()));
  }
  s.offset = m.offset();
  s.params = to_vector(m.params());
  s.slots.first = to_vector(m.slot_first());
  s.slots.second = to_vector(m.slot_second());
  s.slots.steps = m.optimizer_steps();
  s.version = m.version();
  return s;
}

}  // namespace

void to_proto(const Checkpoint& c, proto::Checkpoint* out) {
  proto::ModelSignature* sig = out->mutable_signature();
  sig->set_network(c.signature.network);
  sig->mutable_observation_shape()->Add(c.signature.observation_shape.begin(),
                                        c.signature.observation_shape.end());
  sig->set_num_actions(c.signature.num_actions);
  sig->set_num_params(c.signature.num_params);
  out->set_env_id(c.env_id);
  out->set_ps_rank(static_cast<uint32_t>(c.ps_rank));
  out->set_num_ps_ranks(static_cast<uint32_t>(c.num_ps_ranks));
  out->set_num_shards(static_cast<uint32_t>(c.num_shards));
  out->set_optimizer(algo::to_string(c.optimizer));
  for (const ShardState& s : c.shards) {
    proto::Shard* m = out->add_shards();
    m->set_index(static_cast<uint32_t>(s.index));
    m->set_offset(s.offset);
    m->set_size(s.params.size());
    m->mutable_params()->Add(s.params.begin(), s.params.end());
    m->mutable_slot_first()->Add(s.slots.first.begin(), s.slots.first.end());
    m->mutable_slot_second()->Add(s.slots.second.begin(), s.slots.second.end());
    m->set_optimizer_steps(s.slots.steps);
    m->set_version(s.version);
  }
  out->set_frames(c.frames);
  out->set_episodes(c.episodes);
  out->set_updates(c.updates);
  out->set_lr_schedule_frames(c.lr_schedule_frames);
  out->set_config_toml(c.config_toml);
  out->set_wall_time_unix_s(c.wall_time_unix_s);
  out->set_elapsed_s(c.elapsed_s);
}

Checkpoint from_proto(const proto::Checkpoint& m, const std::string& name) {
  Checkpoint c;
  c.signature.network = m.signature().network();
  c.signature.observation_shape = to_vector(m.signature().observation_shape());
  c.signature.num_actions = m.signature().num_actions();
  c.signature.num_params = m.signature().num_params();
  c.env_id = m.env_id();
  c.ps_rank = to_int(m.ps_rank(), "rank", name);
  c.num_ps_ranks = to_int(m.num_ps_ranks(), "rank count", name);
  c.num_shards = to_int(m.num_shards(), "shard count", name);
  try {
    c.optimizer = algo::parse_optimizer_kind(m.optimizer());
  } catch (const std::invalid_argument&) {
    throw invalid(name, "unknown optimizer " + quoted(m.optimizer()));
  }
  c.shards.reserve(m.shards_size());
  for (const proto::Shard& s : m.shards()) c.shards.push_back(shard_from_proto(s, name));
  c.frames = m.frames();
  c.episodes = m.episodes();
  c.updates = m.updates();
  c.lr_schedule_frames = m.lr_schedule_frames();
  c.config_toml = m.config_toml();
  c.wall_time_unix_s = m.wall_time_unix_s();
  c.elapsed_s = m.elapsed_s();
  return c;
}

}  // namespace ga3c::checkpoint
