// ga3c_env_trace: steps a built-in environment by commands on stdin and prints every
// observation, so tests can compare it line by line with the reference implementation
// (tests/reference/compare_env_trace.py). Commands, one per line:
//   seed S            reseed the environment's generator
//   reset             start an episode; prints "obs v0 v1 ..."
//   state a b c d     CartPole-v1 only: put the inner CartPole in this state; prints "obs ..."
//   step A            prints "step reward terminated truncated v0 v1 ..."
// Floats are printed with %.9g, which round-trips float32. Observations of more than
// kMaxPrinted values (Atari's [84, 84, 4]) are printed as "lives L crc C" instead: the lives
// the step reported (ALE's own lives() after reset) and the zlib CRC-32 of the float32 values'
// little-endian bytes.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <zlib.h>

#include "env/ale/atari_env.h"
#include "env/cartpole.h"
#include "env/registry.h"
#include "env/time_limit.h"

namespace {

constexpr std::size_t kMaxPrinted = 1000;

void print_values(const std::vector<float>& obs, int lives) {
  if (obs.size() > kMaxPrinted) {
    const auto crc = crc32(0L, reinterpret_cast<const Bytef*>(obs.data()),
                           static_cast<uInt>(obs.size() * sizeof(float)));
    std::printf(" lives %d crc %lu\n", lives, static_cast<unsigned long>(crc));
    return;
  }
  for (float v : obs) std::printf(" %.9g", static_cast<double>(v));
  std::printf("\n");
}

// ALE's lives() after a reset, for the digest line; 0 for other environments.
int lives_after_reset(ga3c::env::Env& env) {
#ifdef GA3C_WITH_ALE
  if (auto* atari = dynamic_cast<ga3c::env::ale::AtariEnv*>(&env)) return atari->lives();
#endif
  (void)env;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Atari options after the id: --max-episode-frames N, --full-action-space, --frame-skip N.
  ga3c::env::EnvOptions options;
  bool usage_ok = argc >= 2;
  for (int i = 2; i < argc && usage_ok; ++i) {
    const std::string arg = argv[i];
    if (arg == "--max-episode-frames" && i + 1 < argc) {
      options.max_episode_frames = std::stoll(argv[++i]);
    } else if (arg == "--full-action-space") {
      options.atari.full_action_space = true;
    } else if (arg == "--frame-skip" && i + 1 < argc) {
      options.atari.frame_skip = std::stoi(argv[++i]);
    } else {
      usage_ok = false;
    }
  }
  if (!usage_ok) {
    std::fprintf(stderr,
                 "usage: ga3c_env_trace ENV_ID [--max-episode-frames N] "
                 "[--full-action-space] [--frame-skip N] < commands\n");
    return 2;
  }
  ga3c::env::EnvPtr env;
  try {
    env = ga3c::env::make_env(argv[1], options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c_env_trace: %s\n", e.what());
    return 2;
  }
  std::vector<float> obs(env->observation_spec().size());
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command == "seed") {
      uint64_t seed = 0;
      in >> seed;
      env->seed(seed);
    } else if (command == "reset") {
      env->reset(obs.data());
      std::printf("obs");
      print_values(obs, lives_after_reset(*env));
    } else if (command == "state") {
      auto* limited = dynamic_cast<ga3c::env::TimeLimit*>(env.get());
      auto* cartpole = limited ? dynamic_cast<ga3c::env::CartPole*>(&limited->inner()) : nullptr;
      if (cartpole == nullptr) {
        std::fprintf(stderr, "ga3c_env_trace: 'state' needs CartPole-v1\n");
        return 2;
      }
      env->reset(obs.data());  // restarts the time limit's step count
      ga3c::env::CartPole::State s{};
      for (double& v : s) in >> v;
      cartpole->set_state(s, obs.data());
      std::printf("obs");
      print_values(obs, 0);
    } else if (command == "step") {
      int action = 0;
      in >> action;
      const auto r = env->step(action, obs.data());
      std::printf("step %.9g %d %d", static_cast<double>(r.reward), r.terminated ? 1 : 0,
                  r.truncated ? 1 : 0);
      print_values(obs, r.lives);
    } else if (!command.empty()) {
      std::fprintf(stderr, "ga3c_env_trace: unknown command '%s'\n", command.c_str());
      return 2;
    }
  }
  return 0;
}
