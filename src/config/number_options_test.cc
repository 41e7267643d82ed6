#include "config/number_options.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::config {
namespace {

// `tool run FLAGS...` with number options of each kind, read as TOML numbers.
struct Tool {
  CLI::App app;
  CLI::App* run = app.add_subcommand("run");
  uint64_t seed = 1;
  int64_t frames = 0;
  int agents = 0;
  double period = 0;
  float lr = 0;
  std::string name;
  bool quiet = false;

  Tool() {
    run->add_option("--seed", seed);
    run->add_option("--frames", frames);
    run->add_option("--agents", agents);
    run->add_option("--period", period);
    run->add_option("--lr", lr);
    run->add_option("--name", name);
    run->add_flag("--quiet", quiet);
    read_numbers_as_toml(app);
    read_numbers_as_toml(app);  // a second call changes nothing
  }

  // "" when the flags parse, else CLI11's message.
  std::string parse(std::vector<std::string> flags) {
    flags.insert(flags.begin(), "run");
    try {
      app.parse(std::vector<std::string>(flags.rbegin(), flags.rend()));
    } catch (const CLI::ParseError& e) {
      return e.what();
    }
    return "";
  }
};

TEST(NumberOptions, FindsEachKindByItsTypeName) {
  Tool tool;
  EXPECT_EQ(number_kind_of(*tool.run->get_option("--seed")), NumberKind::kUnsigned);
  EXPECT_EQ(number_kind_of(*tool.run->get_option("--agents")), NumberKind::kInteger);
  EXPECT_EQ(number_kind_of(*tool.run->get_option("--lr")), NumberKind::kFloat);
  EXPECT_EQ(number_kind_of(*tool.run->get_option("--name")), std::nullopt);
  EXPECT_EQ(number_kind_of(*tool.run->get_option("--quiet")), std::nullopt);
  EXPECT_EQ(tool.run->get_option("--seed")->get_type_name(), "UINT");  // --help unchanged
}

TEST(NumberOptions, ReadsTomlNumbersExactly) {
  Tool tool;
  EXPECT_EQ(tool.parse({"--seed", "0xffff_ffff_ffff_ffff", "--frames", "2_000_000", "--agents",
                        "0b1000", "--period", "1e3", "--lr", "+3e-4", "--name", "010"}),
            "");
  EXPECT_EQ(tool.seed, UINT64_MAX);
  EXPECT_EQ(tool.frames, 2'000'000);
  EXPECT_EQ(tool.agents, 8);
  EXPECT_EQ(tool.period, 1000.0);
  EXPECT_EQ(tool.lr, 3e-4f);
  EXPECT_EQ(tool.name, "010");  // a name is not a number
  EXPECT_EQ(tool.run->get_option("--frames")->results().back(), "2000000");
}

TEST(NumberOptions, RefusesWhatTomlRefusesAndWhatDoesNotFit) {
  EXPECT_EQ(Tool().parse({"--seed", "-1"}), "--seed: -1 is negative; give a whole number >= 0");
  EXPECT_EQ(Tool().parse({"--seed=-0x1"}),
            "--seed: -0x1 has a sign before 0x, 0o or 0b, which TOML does not allow; numbers "
            "are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, 1.5, inf (an "
            "integer here)");
  EXPECT_EQ(Tool().parse({"--agents", "010"}),
            "--agents: 010 has a leading zero, which TOML does not allow; numbers are read as in "
            "TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, 1.5, inf (an integer here)");
  EXPECT_EQ(Tool().parse({"--frames", "1e3"}),
            "--frames: 1e3 is not an integer (TOML reads it as a float); write 1000");
  EXPECT_EQ(Tool().parse({"--frames", "9223372036854775808"}),
            "--frames: 9223372036854775808 is out of range; give an integer from "
            "-9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(Tool().parse({"--lr", "3e-4x"}),
            "--lr: 3e-4x is not a number; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, "
            "0o17, 0b101, 3e-4, 1.5, inf");
  // Beyond a narrower variable's range CLI11 refuses the decimal text it is given.
  EXPECT_EQ(Tool().parse({"--agents", "0x1_0000_0000"}),
            "Could not convert: --agents = 4294967296");
}

}  // namespace
}  // namespace ga3c::config
