// ga3c_policy_outputs CHECKPOINT STEPS OUT_DIR: plays STEPS steps of the checkpoint's
// environment (seed 1, actions drawn from pi, a recurrent state zeroed at each episode start)
// and writes what ga3c's network saw and gave, as raw little-endian float32 arrays:
//   observation.f32  [STEPS, observation shape...] as the environment wrote them
//   state_in.f32     [STEPS, 2H] the recurrent state before each step (recurrent networks)
//   logits.f32       [STEPS, A]
//   value.f32        [STEPS]
// tests/cli/check_export.py compares an exported model's outputs with them.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <torch/torch.h>

#include "config/train_config.h"
#include "env/registry.h"
#include "node/action_sampling.h"
#include "run/checkpoint_loading.h"
#include "run/checkpoint_network.h"

namespace {

void append(std::ofstream& out, const torch::Tensor& t) {
  const torch::Tensor c = t.contiguous();
  out.write(reinterpret_cast<const char*>(c.data_ptr<float>()),
            static_cast<std::streamsize>(c.numel() * sizeof(float)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s CHECKPOINT STEPS OUT_DIR\n", argv[0]);
    return 2;
  }
  try {
    namespace run = ga3c::run;
    const run::LoadedCheckpoint loaded = run::load_checkpoint(argv[1]);
    const int steps = std::stoi(argv[2]);
    const std::filesystem::path dir(argv[3]);
    const auto env = ga3c::env::make_env(loaded.checkpoint.env_id,
                                         ga3c::config::env_options(run::run_config_of(loaded, "")));
    const auto net = run::load_network(loaded.checkpoint, loaded.path, env->observation_spec(),
                                       env->num_actions());
    torch::NoGradGuard no_grad;
    std::ofstream observations(dir / "observation.f32", std::ios::binary);
    std::ofstream states(dir / "state_in.f32", std::ios::binary);
    std::ofstream logits(dir / "logits.f32", std::ios::binary);
    std::ofstream values(dir / "value.f32", std::ios::binary);
    std::mt19937_64 rng(1);
    env->seed(1);
    torch::Tensor obs = torch::empty(env->observation_spec().batch_shape(1), torch::kFloat32);
    torch::Tensor state =
        torch::zeros({1, net->state_size()}, torch::kFloat32);  // [1, 0] when feed-forward
    env->reset(obs.data_ptr<float>());
    for (int t = 0; t < steps; ++t) {
      const auto out = net->forward(obs, net->recurrent() ? state : torch::Tensor());
      append(observations, obs);
      if (net->recurrent()) append(states, state);
      append(logits, out.logits);
      append(values, out.value);
      const torch::Tensor pi = torch::softmax(out.logits[0], 0).contiguous();
      const int action = ga3c::node::sample_from_policy(pi.data_ptr<float>(), env->num_actions(),
                                                        ga3c::node::policy_draw(rng));
      const auto step = env->step(action, obs.data_ptr<float>());
      if (net->recurrent()) state = out.state;
      if (step.terminated || step.truncated) {
        env->reset(obs.data_ptr<float>());
        state = torch::zeros_like(state);
      }
    }
    return observations && states && logits && values ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", argv[0], e.what());
    return 1;
  }
}
