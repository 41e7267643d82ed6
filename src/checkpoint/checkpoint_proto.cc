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

void env_to_proto(const EnvReplayState& e, proto::EnvReplay* m) {
  m->set_seed(e.seed);
  m->set_resets(e.resets);
  m->mutable_actions()->Add(e.actions.begin(), e.actions.end());
}

void agent_to_proto(const AgentState& a, proto::Agent* m) {
  m->set_rng(a.rng);
  m->mutable_observation()->Add(a.observation.begin(), a.observation.end());
  m->set_rollout_acted_version(a.rollout_acted_versions.empty() ? 0
                                                                : a.rollout_acted_versions.front());
  m->mutable_rollout_acted_versions()->Add(a.rollout_acted_versions.begin(),
                                           a.rollout_acted_versions.end());
  m->mutable_rollout_observations()->Add(a.rollout_observations.begin(),
                                         a.rollout_observations.end());
  m->mutable_rollout_actions()->Add(a.rollout_actions.begin(), a.rollout_actions.end());
  m->mutable_rollout_rewards()->Add(a.rollout_rewards.begin(), a.rollout_rewards.end());
  m->mutable_rollout_behaviour_log_probs()->Add(a.rollout_behaviour_log_probs.begin(),
                                                a.rollout_behaviour_log_probs.end());
  m->mutable_recurrent_state()->Add(a.recurrent_state.begin(), a.recurrent_state.end());
  m->mutable_rollout_initial_state()->Add(a.rollout_initial_state.begin(),
                                          a.rollout_initial_state.end());
  m->set_awaiting_bootstrap(a.awaiting_bootstrap);
  m->set_episode_return(a.episode_return);
  m->set_episode_length(a.episode_length);
  env_to_proto(a.env, m->mutable_env());
}

void worker_to_proto(const WorkerState& w, proto::Worker* m) {
  m->set_worker(static_cast<uint32_t>(w.worker));
  m->mutable_params()->Add(w.params.begin(), w.params.end());
  m->set_version(w.version);
  m->set_local_steps(w.local_steps);
  m->mutable_local_slot_first()->Add(w.local_optimizer.first.begin(),
                                     w.local_optimizer.first.end());
  m->mutable_local_slot_second()->Add(w.local_optimizer.second.begin(),
                                      w.local_optimizer.second.end());
  m->set_local_optimizer_steps(w.local_optimizer.steps);
  m->mutable_accumulated()->Add(w.accumulated.begin(), w.accumulated.end());
  m->mutable_at_pull()->Add(w.at_pull.begin(), w.at_pull.end());
  m->set_unreported_frames(w.unreported_frames);
  m->set_unreported_episodes(w.unreported_episodes);
  for (const AgentState& a : w.agents) agent_to_proto(a, m->add_agents());
}

AgentState agent_from_proto(const proto::Agent& m) {
  AgentState a;
  a.rng = m.rng();
  a.observation = to_vector(m.observation());
  a.rollout_observations = to_vector(m.rollout_observations());
  a.rollout_actions = to_vector(m.rollout_actions());
  a.rollout_acted_versions = to_vector(m.rollout_acted_versions());
  if (m.rollout_acted_versions_size() == 0) {
    a.rollout_acted_versions.assign(a.rollout_actions.size(), m.rollout_acted_version());
  }
  a.rollout_rewards = to_vector(m.rollout_rewards());
  a.rollout_behaviour_log_probs = to_vector(m.rollout_behaviour_log_probs());
  a.recurrent_state = to_vector(m.recurrent_state());
  a.rollout_initial_state = to_vector(m.rollout_initial_state());
  a.awaiting_bootstrap = m.awaiting_bootstrap();
  a.episode_return = m.episode_return();
  a.episode_length = m.episode_length();
  a.env.seed = m.env().seed();
  a.env.resets = m.env().resets();
  a.env.actions = to_vector(m.env().actions());
  return a;
}

WorkerState worker_from_proto(const proto::Worker& m, const std::string& name) {
  WorkerState w;
  w.worker = to_int(m.worker(), "worker", name);
  w.params = to_vector(m.params());
  w.version = m.version();
  w.local_steps = m.local_steps();
  w.local_optimizer.first = to_vector(m.local_slot_first());
  w.local_optimizer.second = to_vector(m.local_slot_second());
  w.local_optimizer.steps = m.local_optimizer_steps();
  w.accumulated = to_vector(m.accumulated());
  w.at_pull = to_vector(m.at_pull());
  w.unreported_frames = m.unreported_frames();
  w.unreported_episodes = m.unreported_episodes();
  for (const proto::Agent& a : m.agents()) w.agents.push_back(agent_from_proto(a));
  return w;
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
  for (const WorkerState& w : c.workers) worker_to_proto(w, out->add_workers());
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
  for (const proto::Worker& w : m.workers()) c.workers.push_back(worker_from_proto(w, name));
  return c;
}

}  // namespace ga3c::checkpoint
