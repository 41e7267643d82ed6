#include "config/train_options.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::config {
namespace {

// `ga3c train FLAGS...` with `text` as its config file.
class Train {
 public:
  explicit Train(std::vector<std::string> flags = {}) {
    flags.insert(flags.begin(), "train");
    app_.parse(std::vector<std::string>(flags.rbegin(), flags.rend()));  // CLI11 pops the back
  }

  std::string error_of(const std::string& text) {
    try {
      options_.apply_config(text, "c.toml");
      options_.resolve();
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  }

  TrainOptions& options() { return options_; }

 private:
  CLI::App app_;
  TrainOptions options_{*app_.add_subcommand("train")};
};

TEST(TrainOptions, ConfigSetsWhatNoFlagSetAndThePresetTheRest) {
  Train train({"--lr", "0.5"});
  EXPECT_EQ(train.error_of("[train]\nenv = \"CartPole-v1\"\nlr = 0.25\nagents = 8\nquiet = true\n"
                           "sync-overlap = false\n"),
            "");
  const config::TrainConfig& c = train.options().config();
  EXPECT_EQ(c.env_id, "CartPole-v1");
  EXPECT_EQ(c.lr, 0.5f);  // the flag wins
  EXPECT_EQ(c.agents, 8);
  EXPECT_TRUE(c.quiet);
  EXPECT_FALSE(c.sync_overlap);
  EXPECT_FALSE(c.tf32);                // a GPU keeps float32 unless asked
  EXPECT_EQ(c.max_frames, 1'000'000);  // CartPole's preset
  EXPECT_EQ(c.lr_schedule, algo::Schedule::kLinear);
}

// A game's own preset wins over its family's where both set a flag; the family's fills in the
// rest; a flag wins over both.
TEST(TrainOptions, GamePresetOverFamilyPreset) {
  Train freeway({"--env", "MinAtar/Freeway-v0", "--entropy-beta", "0.02"});
  EXPECT_EQ(freeway.error_of("[train]\n"), "");
  const config::TrainConfig& c = freeway.options().config();
  EXPECT_EQ(c.optimizer.rmsprop_style, algo::RmsPropStyle::kTorch);  // Freeway's
  EXPECT_EQ(c.lr, 2e-3f);                                            // Freeway's, not MinAtar's
  EXPECT_EQ(c.optimizer.rmsprop_eps, 1e-3);                          // Freeway's
  EXPECT_EQ(c.max_frames, 5'000'000);                                // MinAtar's
  EXPECT_EQ(c.entropy_beta, 0.02f);                                  // the flag's
  EXPECT_EQ(c.t_max, 20);
  Train breakout({"--env", "MinAtar/Breakout-v0"});
  EXPECT_EQ(breakout.error_of("[train]\n"), "");
  EXPECT_EQ(breakout.options().config().lr, 0.01f);
  EXPECT_EQ(breakout.options().config().optimizer.rmsprop_style, algo::RmsPropStyle::kTf);
  EXPECT_EQ(breakout.options().config().entropy_beta, 0.01f);
  EXPECT_EQ(breakout.options().config().correction, algo::Correction::kVtrace);  // MinAtar's
  Train uncorrected({"--env", "MinAtar/Breakout-v0", "--correction", "none"});
  EXPECT_EQ(uncorrected.error_of("[train]\n"), "");
  EXPECT_EQ(uncorrected.options().config().correction, algo::Correction::kNone);
  Train seaquest({"--env", "MinAtar/Seaquest-v0"});  // its own preset keeps n-step returns
  EXPECT_EQ(seaquest.error_of("[train]\n"), "");
  EXPECT_EQ(seaquest.options().config().correction, algo::Correction::kNone);
  EXPECT_EQ(seaquest.options().config().lr, 0.01f);
  Train cartpole({"--env", "CartPole-v1"});
  EXPECT_EQ(cartpole.error_of("[train]\n"), "");
  EXPECT_EQ(cartpole.options().config().correction, algo::Correction::kNone);
}

// The entropy schedule's flags and their errors.
TEST(TrainOptions, EntropySchedule) {
  Train annealed({"--entropy-schedule", "linear", "--entropy-beta-final", "0.001"});
  EXPECT_EQ(annealed.error_of("[train]\n"), "");
  EXPECT_EQ(annealed.options().config().entropy_schedule, algo::Schedule::kLinear);
  EXPECT_EQ(annealed.options().config().entropy_beta_final, 0.001f);
  Train unknown({"--entropy-schedule", "cosine"});
  EXPECT_EQ(unknown.error_of("[train]\n"),
            "unknown --entropy-schedule 'cosine'; use constant or linear");
  Train negative({"--entropy-beta-final", "-0.1"});
  EXPECT_NE(negative.error_of("[train]\n").find("--entropy-beta-final must be >= 0"),
            std::string::npos);
}

// The ALE family's preset: what took Breakout-v5 from random play to learning
// (docs/results/atari.md); a flag still wins.
TEST(TrainOptions, AtariPreset) {
  Train breakout({"--env", "ALE/Breakout-v5", "--grad-clip", "0"});
  EXPECT_EQ(breakout.error_of("[train]\n"), "");
  const config::TrainConfig& c = breakout.options().config();
  EXPECT_EQ(c.optimizer.rmsprop_style, algo::RmsPropStyle::kTf);
  EXPECT_EQ(c.optimizer.rmsprop_eps, 1e-5);
  EXPECT_EQ(c.lr, 7e-4f);
  EXPECT_EQ(c.lr_schedule, algo::Schedule::kLinear);
  EXPECT_EQ(c.sync_freq, 1);
  EXPECT_EQ(c.correction, algo::Correction::kVtrace);
  EXPECT_EQ(c.grad_clip, 0.0f);  // the flag's, over the preset's 40
  EXPECT_EQ(c.max_frames, 10'000'000);
  EXPECT_EQ(c.sticky_action_prob, 0.25);
  EXPECT_EQ(c.init, "orthogonal");
}

// The environment's episode limit unless a flag or the file sets one; 0 only when asked for;
// the number (never "default") goes into config.toml.
TEST(TrainOptions, EpisodeLimitDefaultsByEnvironment) {
  Train cartpole;
  EXPECT_EQ(cartpole.error_of("[train]\nenv = \"CartPole-v1\"\n"), "");
  EXPECT_EQ(cartpole.options().config().max_episode_frames, 500);
  EXPECT_NE(cartpole.options().to_toml().find("\nmax-episode-frames = 500\n"), std::string::npos);
  Train minatar({"--env", "MinAtar/Seaquest-v0"});
  EXPECT_EQ(minatar.error_of("[train]\n"), "");
  EXPECT_EQ(minatar.options().config().max_episode_frames, 27000);
  Train none({"--env", "MinAtar/Seaquest-v0", "--max-episode-frames", "0"});
  EXPECT_EQ(none.error_of("[train]\n"), "");
  EXPECT_EQ(none.options().config().max_episode_frames, 0);
  Train file({"--env", "CartPole-v1"});
  EXPECT_EQ(file.error_of("[train]\nmax-episode-frames = 200\n"), "");
  EXPECT_EQ(file.options().config().max_episode_frames, 200);
  EXPECT_EQ(Train().error_of("[train]\nenv = \"CartPole-v1\"\nmax-episode-frames = -2\n"),
            "config file c.toml, line 3: --max-episode-frames must be >= 0 environment frames "
            "(0: no limit), got -2");
}

TEST(TrainOptions, ConfigErrorsNameTheLineAndTheFix) {
  EXPECT_EQ(Train().error_of("[train]\nlearning_rate = 0.1\n"),
            "config file c.toml, line 2: unknown key 'learning_rate'; the keys are the flags of "
            "`ga3c train --help` without dashes, such as lr or max-frames");
  EXPECT_EQ(Train().error_of("[train]\nconfig = \"other.toml\"\n"),
            "config file c.toml, line 2: unknown key 'config'; the keys are the flags of "
            "`ga3c train --help` without dashes, such as lr or max-frames");
  EXPECT_EQ(Train().error_of("[train]\nworkers = 2\nagents = 8\nnum-workers = 3\n"),
            "config file c.toml, line 4: num-workers is set again (line 2 sets workers); keep one");
  EXPECT_EQ(Train().error_of("[train]\nagents = \"many\"\n"),
            "config file c.toml, line 2: agents = many is a string; agents takes an integer, "
            "written without quotes");
  EXPECT_EQ(
      Train().error_of("[train]\nquiet = 1\n"),
      "config file c.toml, line 2: quiet = 1 is a number; write quiet = true or quiet = false");
  EXPECT_EQ(
      Train().error_of("[train]\nenv = true\n"),
      "config file c.toml, line 2: env = true is a boolean; env takes a string: env = \"...\"");
  EXPECT_EQ(Train().error_of("[train]\nagents = 99999999999999999999\n"),
            "config file c.toml, line 2: agents = 99999999999999999999 is out of range; give an "
            "integer from -9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(Train().error_of("[train]\nagents = 4294967296\n"),
            "config file c.toml, line 2: agents = 4294967296 is not an integer in range; see "
            "`ga3c train --help`");
  EXPECT_EQ(Train().error_of("[train]\nagents = 1.5\n"),
            "config file c.toml, line 2: agents = 1.5 is not an integer (TOML reads it as a "
            "float); write a whole number");
  EXPECT_EQ(Train().error_of("[train]\nmax-frames = 2e6\n"),
            "config file c.toml, line 2: max-frames = 2e6 is not an integer (TOML reads it as a "
            "float); write 2000000");
  EXPECT_EQ(Train().error_of("[train]\nseed = -1\n"),
            "config file c.toml, line 2: seed = -1 is negative; give a whole number >= 0");
  EXPECT_EQ(Train({"--agents", "8"}).error_of("[train]\nagents = 1.5\n"),
            "config file c.toml, line 2: agents = 1.5 is not an integer (TOML reads it as a "
            "float); write a whole number");  // a flag wins, but the file must still be right
  EXPECT_EQ(Train().error_of("[train]\nlog-level = \"loud\"\n"),
            "config file c.toml, line 2: unknown --log-level 'loud'; use trace, debug, info, "
            "warn, error, critical or off");
  EXPECT_EQ(Train({"--agents", "0"}).error_of("[train]\nagents = 8\n"),
            "--agents must be > 0, got 0");  // the flag's value, not the file's
  EXPECT_EQ(Train().error_of("[train]\n\nagents = 2000000000\n"),
            "config file c.toml, line 3: --agents 2000000000 exceeds 65536; spread the agents over "
            "more --workers");
}

TEST(TrainOptions, TomlNumbersLandAsTheirValuesAndAreWrittenInDecimal) {
  Train train({"--seed", "0xffff_ffff_ffff_ffff", "--target-return=-1_5e1"});
  ASSERT_EQ(train.error_of("[train]\nmax-frames = 2_000\nagents = 0b1000\nnum-ps = 0o2\n"
                           "lr = +2_5e-4\ngamma = 9_9e-2\n"),
            "");
  const config::TrainConfig& c = train.options().config();
  EXPECT_EQ(c.seed, UINT64_MAX);
  EXPECT_EQ(c.target_return, -150.0);
  EXPECT_EQ(c.max_frames, 2000);
  EXPECT_EQ(c.agents, 8);
  EXPECT_EQ(c.num_ps, 2);
  EXPECT_EQ(c.lr, 2.5e-3f);
  EXPECT_EQ(c.gamma, 0.99f);
  const std::string toml = train.options().to_toml();
  for (const char* line :
       {"\nseed = 18446744073709551615\n", "\ntarget-return = -150.0\n", "\nmax-frames = 2000\n",
        "\nagents = 8\n", "\nnum-ps = 2\n", "\nlr = 0.0025\n", "\ngamma = 0.99\n"}) {
    EXPECT_NE(toml.find(line), std::string::npos) << line << toml;
  }
}

TEST(TrainOptions, ToTomlReadsBackToTheSameSettings) {
  Train first({"--env", "CartPole-v1", "--run-dir", "runs/a \"b\" \\ c", "--sync-overlap", "--seed",
               "7", "--tf32"});
  ASSERT_EQ(first.error_of("[train]\nagents = 16\n"), "");
  const std::string toml = first.options().to_toml();
  EXPECT_NE(toml.find("\nrun-dir = \"runs/a \\\"b\\\" \\\\ c\"\n"), std::string::npos) << toml;
  EXPECT_NE(toml.find("\nenv = \"CartPole-v1\"\n"), std::string::npos) << toml;
  EXPECT_NE(toml.find("\nseed = 7\n"), std::string::npos) << toml;
  EXPECT_NE(toml.find("\nsync-overlap = true\n"), std::string::npos) << toml;
  EXPECT_NE(toml.find("\ntf32 = true\n"), std::string::npos) << toml;
  EXPECT_EQ(toml.find("config ="), std::string::npos) << toml;

  Train second;
  ASSERT_EQ(second.error_of(toml), "");
  EXPECT_EQ(second.options().to_toml(), toml);
  EXPECT_EQ(second.options().config().run_dir, "runs/a \"b\" \\ c");
  EXPECT_EQ(second.options().config().agents, 16);
  EXPECT_TRUE(second.options().config().sync_overlap);
  EXPECT_TRUE(second.options().config().tf32);
}

}  // namespace
}  // namespace ga3c::config
