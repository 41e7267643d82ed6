// env_steps_bench: environment steps per second on one core, under uniform random play.
// Each step writes the observation (as an agent needs it); episodes reset when they end.
// Usage: env_steps_bench [--seconds S] [ENV_ID...]   (default: the five MinAtar -v0 games)
// Prints one line per environment: "<id> <steps per second>"; bench/env_speed.py reads them.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "env/registry.h"

namespace {

double steps_per_second(const std::string& id, double seconds) {
  auto env = ga3c::env::make_env(id);
  env->seed(1);
  std::vector<float> obs(env->observation_spec().size());
  // Actions drawn up front, so the timing holds the environment alone.
  std::mt19937 rng(7);
  std::vector<int> actions(1 << 16);
  for (int& a : actions) a = static_cast<int>(rng() % env->num_actions());

  env->reset(obs.data());
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  long long steps = 0;
  for (;;) {
    // Check the clock every 4096 steps only.
    for (int i = 0; i < 4096; ++i, ++steps) {
      const auto r = env->step(actions[steps & (actions.size() - 1)], obs.data());
      if (r.terminated || r.truncated) env->reset(obs.data());
    }
    if (Clock::now() >= deadline) break;
  }
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  return static_cast<double>(steps) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 2.0;
  std::vector<std::string> ids;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else {
      ids.push_back(arg);
    }
  }
  if (ids.empty()) {
    ids = {"MinAtar/Breakout-v0", "MinAtar/SpaceInvaders-v0", "MinAtar/Freeway-v0",
           "MinAtar/Asterix-v0", "MinAtar/Seaquest-v0"};
  }
  try {
    for (const auto& id : ids) std::printf("%s %.0f\n", id.c_str(), steps_per_second(id, seconds));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "env_steps_bench: %s\n", e.what());
    return 2;
  }
  return 0;
}
