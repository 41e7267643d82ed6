// atari_steps_bench: Atari frames per second on one core, ga3c's side of bench/atari_speed.py.
// Two lines per game, uniform random actions over the minimal set, sticky actions 0.25:
//   "<id> raw <frames/s>"           ALE's act() alone, one emulator frame a call, the screen
//                                   never read (the library's ceiling);
//   "<id> preprocessed <frames/s>"  ALE/<Game>-v5 as agents step it: frame skip 4, max-pool,
//                                   greyscale, 84x84 area resize, 4-frame stack written as
//                                   float32; frames = steps x 4; episodes reset when they end.
// Rates are per CPU-second of this process (CLOCK_PROCESS_CPUTIME_ID), so time the machine
// gave to others does not count. Usage: atari_steps_bench [--seconds S] GAME...
// (GAME as in ALE/<GAME>-v5; S: wall seconds per measurement)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include <ale/ale_interface.hpp>
#include <ale/common/Log.hpp>

#include "env/ale/atari_env.h"
#include "env/registry.h"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<int> random_actions(int n) {
  std::mt19937 rng(7);
  std::vector<int> actions(1 << 16);
  for (int& a : actions) a = static_cast<int>(rng() % n);
  return actions;
}

double raw_frames_per_second(const std::string& game, double seconds) {
  const auto* rom = ga3c::env::ale::find_rom_by_name(game);
  const std::string path =
      ga3c::env::ale::checked_rom_path(*rom, ga3c::env::ale::resolve_rom_dir(""));
  ale::Logger::setMode(ale::Logger::Error);
  ale::ALEInterface ale;
  ale.setFloat("repeat_action_probability", 0.25f);
  ale.setInt("random_seed", 1);
  ale.loadROM(path);
  const auto set = ale.getMinimalActionSet();
  const std::vector<int> actions = random_actions(static_cast<int>(set.size()));
  const double cpu_start = cpu_seconds();
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  long long frames = 0;
  for (;;) {
    for (int i = 0; i < 4096; ++i, ++frames) {
      ale.act(set[actions[frames & 0xffff]]);
      if (ale.game_over()) ale.reset_game();
    }
    if (Clock::now() >= deadline) break;
  }
  return static_cast<double>(frames) / (cpu_seconds() - cpu_start);
}

double preprocessed_frames_per_second(const std::string& game, double seconds) {
  auto env = ga3c::env::make_env("ALE/" + game + "-v5");
  env->seed(1);
  std::vector<float> obs(env->observation_spec().size());
  const std::vector<int> actions = random_actions(env->num_actions());
  env->reset(obs.data());
  const double cpu_start = cpu_seconds();
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  long long steps = 0;
  for (;;) {
    for (int i = 0; i < 1024; ++i, ++steps) {
      const auto r = env->step(actions[steps & 0xffff], obs.data());
      if (r.terminated || r.truncated) env->reset(obs.data());
    }
    if (Clock::now() >= deadline) break;
  }
  return static_cast<double>(steps) * env->frames_per_step() / (cpu_seconds() - cpu_start);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 3.0;
  std::vector<std::string> games;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else {
      games.push_back(arg);
    }
  }
  try {
    for (const auto& game : games) {
      std::printf("ALE/%s-v5 raw %.0f\n", game.c_str(), raw_frames_per_second(game, seconds));
      std::printf("ALE/%s-v5 preprocessed %.0f\n", game.c_str(),
                  preprocessed_frames_per_second(game, seconds));
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "atari_steps_bench: %s\n", e.what());
    return 2;
  }
  return 0;
}
