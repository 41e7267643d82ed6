#include "run/policy_export.h"

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "env/ale/atari_registry.h"
#include "env/registry.h"
#include "export/build_info.h"
#include "run/checkpoint_network.h"

namespace ga3c::run {
namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// "MinAtar/SpaceInvaders-v1" -> "space_invaders", the minatar package's game name.
std::string minatar_game(const std::string& env_id) {
  const std::size_t slash = env_id.find('/');
  const std::string name = env_id.substr(slash + 1, env_id.rfind('-') - slash - 1);
  std::string game;
  for (char c : name) {
    if (std::isupper(static_cast<unsigned char>(c)) && !game.empty()) game += '_';
    game += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return game;
}

const char* python_bool(bool b) { return b ? "True" : "False"; }

// The environment of the reference packages that ga3c's built-in one reproduces, in Python.
std::string reference_environment(const config::TrainConfig& c, int64_t max_episode_frames) {
  const std::string& id = c.env_id;
  if (env::ale::is_atari_id(id)) {
    return fmt::format(
        "gymnasium.wrappers.FrameStackObservation(gymnasium.wrappers.AtariPreprocessing("
        "gymnasium.make(\"{}\", frameskip=1, repeat_action_probability={}, "
        "full_action_space={}, max_num_frames_per_episode={}), noop_max={}, frame_skip={}, "
        "screen_size=84, grayscale_obs=True), stack_size=4) (ale-py 0.12.1, gymnasium 1.4.0)",
        id, c.sticky_action_prob, python_bool(c.full_action_space), max_episode_frames, c.noop_max,
        c.frame_skip);
  }
  if (starts_with(id, "MinAtar/")) {
    const bool minimal = id.size() >= 3 && id.compare(id.size() - 3, 3, "-v1") == 0;
    return fmt::format(
        "minatar.Environment(\"{}\", sticky_action_prob={}, difficulty_ramping=True) (minatar "
        "1.0.15), observation env.state(); action a is {} (episodes cut at {} steps)",
        minatar_game(id), c.sticky_action_prob,
        minimal ? "env.act(env.minimal_action_set()[a])" : "env.act(a)", max_episode_frames);
  }
  if (id == "CartPoleNoVel-v1") {
    return "gymnasium.make(\"CartPole-v1\") (gymnasium 1.4.0) with observation[1] and "
           "observation[3] (the velocities) set to 0, as the rl-baselines3-zoo's CartPoleNoVel-v1";
  }
  return fmt::format("gymnasium.make(\"{}\") (gymnasium 1.4.0)", id);
}

std::string observation_layout(exporting::ObservationInput input) {
  switch (input) {
    case exporting::ObservationInput::kUint8FramesFirst:
      return "[frames, height, width]: 84x84 grey levels 0-255, the oldest frame first, as "
             "FrameStackObservation gives them; the model divides by 255";
    case exporting::ObservationInput::kBool:
      return "[row, column, channel]: the minatar package's env.state()";
    case exporting::ObservationInput::kFloat32:
      break;
  }
  return "as the environment gives it";
}

}  // namespace

exporting::ExportedPolicy export_policy(const LoadedCheckpoint& loaded,
                                        const config::TrainConfig& run_config) {
  const checkpoint::Checkpoint& c = loaded.checkpoint;
  const env::EnvOptions options = config::env_options(run_config);
  const env::EnvPtr env = env::make_env(c.env_id, options);
  const env::ObservationSpec& spec = env->observation_spec();
  const int num_actions = env->num_actions();
  const auto net = load_network(c, loaded.path, spec, num_actions);

  const bool atari = env::ale::is_atari_id(c.env_id);
  exporting::ExportedPolicy policy;
  policy.layout = model::parse_network_layout(c.signature.network);
  policy.observation_shape = spec.shape;
  policy.input = atari                             ? exporting::ObservationInput::kUint8FramesFirst
                 : spec.dtype == env::DType::kBool ? exporting::ObservationInput::kBool
                                                   : exporting::ObservationInput::kFloat32;
  policy.num_actions = num_actions;
  for (const auto& p : net->named_parameters()) {
    const torch::Tensor values = p.value().detach().contiguous();
    policy.parameters.push_back(
        {p.key(), values.sizes().vec(),
         std::vector<float>(values.data_ptr<float>(), values.data_ptr<float>() + values.numel())});
  }

  const int64_t max_episode_frames =
      options.max_episode_frames.value_or(env::default_max_episode_frames(c.env_id));
  auto& m = policy.metadata;
  m = {{"ga3c_version", exporting::ga3c_version()},
       {"ga3c_commit", exporting::ga3c_commit()},
       {"env_id", c.env_id},
       {"reference_environment", reference_environment(run_config, max_episode_frames)},
       {"observation_dtype", exporting::dtype_name(policy.input)},
       {"observation_shape",
        nlohmann::json(exporting::input_shape(policy.input, spec.shape)).dump()},
       {"observation_layout", observation_layout(policy.input)},
       {"action_meanings", nlohmann::json(env->action_meanings()).dump()},
       {"frame_skip", std::to_string(env->frames_per_step())},
       {"max_episode_frames", std::to_string(max_episode_frames)}};
  if (atari || starts_with(c.env_id, "MinAtar/")) {
    m.emplace_back("sticky_action_prob", fmt::format("{}", run_config.sticky_action_prob));
  }
  if (atari) {
    m.emplace_back("noop_max", std::to_string(run_config.noop_max));
    m.emplace_back("full_action_space", run_config.full_action_space ? "true" : "false");
    m.emplace_back("terminal_on_life_loss", run_config.terminal_on_life_loss ? "true" : "false");
  }
  m.emplace_back("network", c.signature.network);
  m.emplace_back("recurrent_state_size", std::to_string(net->state_size()));
  m.emplace_back("training_frames", std::to_string(c.frames));
  m.emplace_back("training_episodes", std::to_string(c.episodes));
  m.emplace_back("seed", std::to_string(run_config.seed));
  m.emplace_back("checkpoint", std::filesystem::path(loaded.path).filename().string());
  return policy;
}

}  // namespace ga3c::run
