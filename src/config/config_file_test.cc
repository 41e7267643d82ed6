#include "config/config_file.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace ga3c::config {
namespace {

std::string error_of(std::string_view text) {
  try {
    parse_config(text, "c.toml");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ConfigFile, ReadsKeysValuesAndKinds) {
  const auto entries = parse_config(
      "\xEF\xBB\xBF# a comment\r\n[ train ]  # the table\r\n\nenv = \"MinAtar/Breakout-v0\"\n"
      "run-dir = 'C:\\runs'\nlr = 1e-3 # step\nquiet = true\n",
      "c.toml");
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].key, "env");
  EXPECT_EQ(entries[0].value, "MinAtar/Breakout-v0");
  EXPECT_EQ(entries[0].kind, ConfigEntry::Kind::kString);
  EXPECT_EQ(entries[0].line, 4);
  EXPECT_EQ(entries[1].value, "C:\\runs");
  EXPECT_EQ(entries[2].value, "1e-3");
  EXPECT_EQ(entries[2].kind, ConfigEntry::Kind::kNumber);
  EXPECT_EQ(entries[3].kind, ConfigEntry::Kind::kBoolean);
}

TEST(ConfigFile, StringsRoundTripThroughTomlString) {
  const std::string text = "a \"q\" \\ \t\n\x01 r\xC3\xA9sum\xC3\xA9";
  EXPECT_EQ(toml_string(text), "\"a \\\"q\\\" \\\\ \\t\\n\\u0001 r\xC3\xA9sum\xC3\xA9\"");
  const auto entries = parse_config("[train]\nrun-dir = " + toml_string(text) + "\n", "c.toml");
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].value, text);
  EXPECT_EQ(parse_config("[train]\nx = \"\\u00e9\\U0001F600\"", "c")[0].value,
            "\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(ConfigFile, RefusesWhatIsNotASetting) {
  EXPECT_EQ(error_of(""),
            "config file c.toml is empty; write the settings under a [train] "
            "line, as in a run's config.toml");
  EXPECT_EQ(error_of("# nothing\n"),
            "config file c.toml has no [train] section; write the "
            "settings under a [train] line, as in a run's config.toml");
  EXPECT_EQ(error_of("agents = 8\n[train]\n"),
            "config file c.toml, line 1: agents is outside the [train] section; put the settings "
            "under a [train] line");
  EXPECT_EQ(
      error_of("[train]\n[train]\n"),
      "config file c.toml, line 2: a second [train] section (the first is on line 1); keep one");
  EXPECT_EQ(error_of("[train]\n[plot]\n"),
            "config file c.toml, line 2: unknown section [plot]; ga3c train reads the settings of "
            "one [train] section");
  EXPECT_EQ(error_of("[[train]]\n"),
            "config file c.toml, line 1: [[...]] is an array of tables; "
            "write the settings under one [train] line");
  EXPECT_EQ(error_of("[train]\ntrain.agents = 8\n"),
            "config file c.toml, line 2: dotted key 'train.agents'; write each setting by its "
            "name alone under [train]");
  EXPECT_EQ(error_of("[train]\nagents = [1, 2]\n"),
            "config file c.toml, line 2: agents is an array; each setting takes one value");
  EXPECT_EQ(error_of("[train]\nenv = CartPole-v1\n"),
            "config file c.toml, line 2: the value 'CartPole-v1' of env is not a number, true, "
            "false or a quoted string; quote a string: env = \"CartPole-v1\"");
  EXPECT_EQ(error_of("[train]\nenv = \"CartPole-v1\n"),
            "config file c.toml, line 2: the value of env is a string that is not closed; end it "
            "with \" on the same line");
  EXPECT_EQ(error_of("[train]\nagents = 8 9\n"),
            "config file c.toml, line 2: unexpected '9' after the value of agents; one setting a "
            "line, a comment after #");
  EXPECT_EQ(
      error_of("[train]\nagents\n"),
      "config file c.toml, line 2: expected `key = value`, a comment or [train], got 'agents'");
  EXPECT_EQ(error_of("[train]\nagents =\n"),
            "config file c.toml, line 2: agents has no value; write agents = VALUE");
  EXPECT_EQ(error_of("[train]\nenv = \"a\\qb\"\n"),
            "config file c.toml, line 2: unknown escape \\q in the value of env; write \\\\ for a "
            "backslash");
  EXPECT_EQ(error_of("[train]\nrun-dir = \"a\\u0000b\"\n"),
            "config file c.toml, line 2: \\u0000 (NUL) would cut a name or path short; remove it");
  EXPECT_EQ(error_of("[train]\nenv = \"\\uD800\"\n"),
            "config file c.toml, line 2: \\u takes 4 hex digits of a Unicode scalar value");
}

TEST(ConfigFile, ReadsEveryTomlFormOfAKeyAndAValue) {
  const auto entries = parse_config(
      "[\"train\"]\n\"lr\" = +1_0.5e-1_0\n'agents'=0b1000#c\nenv = \"\"\"Cart\"Pole\"\"\"\"\"\n"
      "run-dir = '''C:\\r'uns''''\nnetwork = ''\nseed = 0xff\n",
      "c.toml");
  ASSERT_EQ(entries.size(), 6u);
  EXPECT_EQ(entries[0].key, "lr");
  EXPECT_EQ(entries[0].value, "+1_0.5e-1_0");  // as written; the setting reads it (read_number)
  EXPECT_EQ(entries[0].kind, ConfigEntry::Kind::kNumber);
  EXPECT_EQ(entries[1].key, "agents");
  EXPECT_EQ(entries[1].value, "0b1000");
  EXPECT_EQ(entries[2].value, "Cart\"Pole\"\"");
  EXPECT_EQ(entries[3].value, "C:\\r'uns'");
  EXPECT_EQ(entries[4].value, "");
  EXPECT_EQ(entries[4].kind, ConfigEntry::Kind::kString);
  EXPECT_EQ(entries[5].value, "0xff");
}

TEST(ConfigFile, NamesWhatTomlRefusesInANumber) {
  EXPECT_EQ(error_of("[train]\nmax-frames = 1__000\n"),
            "config file c.toml, line 2: max-frames = 1__000 has an underscore that is not "
            "between two digits; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, "
            "0b101, 3e-4, 1.5, inf");
  EXPECT_EQ(error_of("[train]\nagents = 010\n"),
            "config file c.toml, line 2: agents = 010 has a leading zero, which TOML does not "
            "allow; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, "
            "1.5, inf");
  EXPECT_EQ(error_of("[train]\nlr = .5\n"),
            "config file c.toml, line 2: lr = .5 needs digits on both sides of its decimal "
            "point; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, "
            "1.5, inf");
  EXPECT_EQ(error_of("[train]\nlr = Inf\n"),
            "config file c.toml, line 2: the value 'Inf' of lr is not a number, true, false or a "
            "quoted string; quote a string: lr = \"Inf\"");
}

TEST(ConfigFile, RefusesStringsThatSpanLines) {
  EXPECT_EQ(error_of("[train]\nenv = \"\"\"\nCartPole-v1\"\"\"\n"),
            "config file c.toml, line 2: the value of env is a multi-line string that does not "
            "close on its line; a setting is one line: write it as \"...\"");
  EXPECT_EQ(error_of("[train]\nenv = \"\"\"a\\\n  b\"\"\"\n"),
            "config file c.toml, line 2: the value of env ends its line with a backslash; a "
            "setting is one line: write \\\\ for a backslash");
  EXPECT_EQ(error_of("[train]\nenv = '''a''''''\n"),
            "config file c.toml, line 2: the value of env has 6 quotes in a row; TOML allows at "
            "most two inside a multi-line string");
  EXPECT_EQ(error_of("[train]\n\"\"\"lr\"\"\" = 1\n"),
            "config file c.toml, line 2: a key cannot be a multi-line string; write the setting's "
            "name");
}

TEST(ConfigFile, RefusesBytesThatAreNotText) {
  EXPECT_EQ(error_of(std::string("[train]\nx = 1\x00", 14)),
            "config file c.toml, line 2: byte 0x00 is not text; is it a TOML file?");
  EXPECT_EQ(error_of("[train]\n\xC0\xAF\n"),
            "config file c.toml, line 2: bytes that are not UTF-8 text; is it a TOML file? (save "
            "it as UTF-8)");
  EXPECT_EQ(error_of("[train]\xE2\x82"),
            "config file c.toml, line 1: bytes that are not UTF-8 "
            "text; is it a TOML file? (save it as UTF-8)");
  EXPECT_EQ(error_of("[train]\rx = 1\n"),
            "config file c.toml, line 1: byte 0x0d is not text; is it a TOML file?");
}

TEST(ConfigFile, MessagesStayOnOneShortLine) {
  EXPECT_EQ(error_of("[train]\n" + std::string(100, '!') + "\n"),
            "config file c.toml, line 2: expected `key = value`, a comment or [train], got '" +
                std::string(60, '!') + "...'");
}

class ConfigFileOnDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("ga3c_config_file_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string error_of_file(const std::string& path) {
    try {
      read_config_file(path);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  }

  std::filesystem::path dir_;
};

TEST_F(ConfigFileOnDisk, NamesMissingDirectoriesAndLargeFiles) {
  const std::string missing = (dir_ / "missing.toml").string();
  EXPECT_EQ(error_of_file(missing), "config file " + missing +
                                        " does not exist; check the path "
                                        "(a run's settings are in RUN_DIR/config.toml)");
  EXPECT_EQ(error_of_file(dir_.string()),
            "config file " + dir_.string() +
                " is a directory; give "
                "the path of a TOML file, such as RUN_DIR/config.toml");
  const std::string large = (dir_ / "large.toml").string();
  std::ofstream(large) << std::string(kMaxConfigBytes + 1, '#');
  EXPECT_EQ(error_of_file(large), "config file " + large +
                                      " is larger than 1 MiB; is it a "
                                      "config file? (a run's config.toml is about 1 kB)");
  EXPECT_EQ(error_of_file("/dev/zero"),
            "config file /dev/zero is larger than 1 MiB; is it a "
            "config file? (a run's config.toml is about 1 kB)");
  const std::string good = (dir_ / "good.toml").string();
  std::ofstream(good) << "[train]\n";
  EXPECT_EQ(read_config_file(good), "[train]\n");
}

}  // namespace
}  // namespace ga3c::config
