#include "run/evaluation.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include <torch/torch.h>

#include "checkpoint/checkpoint_error.h"
#include "env/registry.h"
#include "model/actor_critic.h"
#include "node/action_sampling.h"
#include "node/math_threads.h"
#include "node/seeds.h"
#include "run/checkpoint_network.h"

namespace ga3c::run {
namespace {

using checkpoint::CheckpointError;
using checkpoint::quoted;

}  // namespace

struct Evaluator::Impl {
  std::string env_id;
  env::EnvPtr env;
  int64_t max_episode_frames = 0;
  std::shared_ptr<model::ActorCritic> net;  // null: uniformly random actions
  torch::Device device = torch::kCPU;

  void open_env(const std::string& id, const env::EnvOptions& options) {
    env_id = id;
    env = env::make_env(id, options);
    max_episode_frames = options.max_episode_frames.value_or(env::default_max_episode_frames(id));
  }
};

Evaluator::Evaluator(const checkpoint::Checkpoint& c, const std::string& path,
                     const std::string& env_id, const env::EnvOptions& options,
                     const std::string& device)
    : impl_(std::make_unique<Impl>()) {
  node::limit_math_threads();
  const checkpoint::ModelSignature& signature = c.signature;
  const bool own_env = env_id.empty() || env_id == c.env_id;
  try {
    impl_->open_env(own_env ? c.env_id : env_id, options);
  } catch (const env::UnknownEnvError&) {
    if (!own_env) throw;
    throw CheckpointError(
        path, "trained on " + quoted(c.env_id) + ", which this build does not have",
        "play an environment of the same observation shape and actions with --env");
  }
  const env::ObservationSpec& spec = impl_->env->observation_spec();
  const int num_actions = impl_->env->num_actions();
  const std::string trained =
      observation_and_actions(signature.observation_shape, signature.num_actions);
  const std::string here = observation_and_actions(spec.shape, num_actions);
  if (trained != here && !own_env) {
    throw CheckpointError(
        path, "trained on " + c.env_id + " (" + trained + "); " + env_id + " has " + here,
        "leave out --env to play " + c.env_id +
            ", or choose an environment with the same observation and actions");
  }

  impl_->net = load_network(c, path, spec, num_actions);
  // Loaded on the host; a GPU gets its copy.
  impl_->device = torch::Device(device);
  if (!impl_->device.is_cpu()) impl_->net->to(impl_->device);
}

Evaluator::Evaluator(const std::string& env_id, const env::EnvOptions& options)
    : impl_(std::make_unique<Impl>()) {
  impl_->open_env(env_id, options);
}

Evaluator::~Evaluator() = default;

const std::string& Evaluator::env_id() const { return impl_->env_id; }

const env::Env& Evaluator::env() const { return *impl_->env; }

const env::ObservationSpec& Evaluator::observation_spec() const {
  return impl_->env->observation_spec();
}

int64_t Evaluator::max_episode_frames() const { return impl_->max_episode_frames; }

std::vector<EpisodeResult> Evaluator::run(int episodes, bool greedy, uint64_t seed,
                                          const FrameCallback& on_first_frame,
                                          const std::atomic<bool>* interrupt) {
  if (episodes < 1) {
    throw std::invalid_argument("episodes must be >= 1, got " + std::to_string(episodes));
  }
  torch::NoGradGuard no_grad;
  env::Env& env = *impl_->env;
  const int num_actions = env.num_actions();
  // MinAtar's generator, like NumPy's RandomState, takes 32-bit seeds.
  env.seed(seed & 0xffffffffULL);
  std::mt19937_64 rng(node::splitmix64(seed));
  torch::Tensor observation = torch::empty(env.observation_spec().batch_shape(1), torch::kFloat32);
  float* obs = observation.data_ptr<float>();
  const std::vector<float> uniform(num_actions, 1.0f / static_cast<float>(num_actions));

  std::vector<EpisodeResult> results;
  for (int episode = 0; episode < episodes; ++episode) {
    const bool record = episode == 0 && on_first_frame;
    EpisodeResult result;
    env.reset(obs);
    if (record) on_first_frame(obs);
    torch::Tensor state;  // a recurrent network's, zero (undefined) at the episode's start
    for (bool done = false; !done;) {
      if (interrupt != nullptr && interrupt->load()) return results;
      int action = 0;
      if (!impl_->net) {
        action = node::sample_from_policy(uniform.data(), num_actions, node::policy_draw(rng));
      } else {
        const model::ActorCriticOutput out =
            impl_->net->forward(observation.to(impl_->device), state);
        state = out.state;
        const torch::Tensor logits = out.logits[0].to(torch::kCPU);  // [A] on the host
        if (greedy) {
          action = static_cast<int>(logits.argmax().item<int64_t>());  // the first of equal maxima
        } else {
          const torch::Tensor pi = torch::softmax(logits, 0).contiguous();
          action =
              node::sample_from_policy(pi.data_ptr<float>(), num_actions, node::policy_draw(rng));
        }
      }
      const env::StepResult step = env.step(action, obs);
      result.episode_return += step.reward;
      ++result.length;
      if (record) on_first_frame(obs);
      done = step.terminated || step.truncated;
      result.truncated = step.truncated && !step.terminated;
    }
    results.push_back(result);
  }
  return results;
}

}  // namespace ga3c::run
