// Writes the seed corpus of config_fuzz into the directory named by its argument: the resolved
// config.toml of the presets as `ga3c train` writes them, and small files of each kind the
// reader refuses, so the fuzzer starts at both sides of every check.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/train_options.h"

namespace {

// The config.toml `ga3c train FLAGS...` writes.
std::string resolved_toml(std::vector<std::string> flags) {
  CLI::App app;
  ga3c::config::TrainOptions options(*app.add_subcommand("train"));
  flags.insert(flags.begin(), "train");
  app.parse(std::vector<std::string>(flags.rbegin(), flags.rend()));  // CLI11 pops from the back
  options.resolve();
  return options.to_toml();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: config_fuzz_seeds DIR\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const std::vector<std::pair<std::string, std::string>> seeds = {
      {"breakout.toml", resolved_toml({})},
      {"cartpole.toml", resolved_toml({"--env", "CartPole-v1", "--workers", "2"})},
      {"seaquest-adam.toml",
       resolved_toml({"--env", "MinAtar/Seaquest-v1", "--optimizer", "adam", "--sync-overlap",
                      "--run-dir", "runs/a \"quoted\" \\ dir", "--lr-worker-scaling", "inverse"})},
      {"crlf-comments.toml",
       "# settings\r\n[train] # the table\r\nenv = 'CartPole-v1'  # literal\r\nlr = 1e-3\r\n"},
      {"escapes.toml", "[ train ]\nrun-dir = \"r\\u00e9sum\\u00E9\\t\\\"x\\\"\"\nquiet = true\n"},
      {"unknown-key.toml", "[train]\nlearning_rate = 0.1\n"},
      {"duplicate.toml", "[train]\nworkers = 2\nagents = 8\nnum-workers = 3\n"},
      {"outside.toml", "agents = 8\n[train]\n"},
      {"other-table.toml", "[train]\nagents = 8\n[plot]\nout = \"x\"\n"},
      {"wrong-types.toml", "[train]\nagents = \"many\"\nquiet = 1\nenv = true\n"},
      {"array.toml", "[train]\nagents = [1, 2]\n"},
      {"huge.toml",
       "[train]\nagents = 99999999999999999999\nlr = 1e400\nmax-frames = 0x7fffffffffffffff\n"},
      {"bad-values.toml", "[train]\ngamma = nan\nadam-beta1 = 1\nlog-level = \"loud\"\n"},
      {"unquoted.toml", "[train]\nenv = CartPole-v1\n"},
      {"binary.toml", std::string("[train]\n\x00\xff\xfe\x01", 12)},
      {"toml-numbers.toml",
       "[\"train\"]\n'max-frames' = 2_000_000\n\"agents\" = 0b1000\nseed = 0xdead_beef\n"
       "num-ps = 0o1\nlr = +1.5e-3\ngamma = 9_9e-2\ntarget-return = -inf\n"},
      {"toml-bad-numbers.toml", "[train]\nagents = 010\nseed = -1\nmax-frames = 1__0\nlr = .5\n"},
      {"toml-strings.toml",
       "[train]\nenv = \"\"\"CartPole\"-v1\"\"\"\nrun-dir = '''C:\\runs'''\nnetwork = "
       "\"\\U0001F600\"\n"},
  };
  for (const auto& [name, text] : seeds) {
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    if (!out.flush()) {
      std::cerr << "cannot write " << (dir / name).string() << "\n";
      return 1;
    }
  }
  std::cout << seeds.size() << " seeds in " << dir.string() << "\n";
  return 0;
}
