#include "checkpoint/compatibility.h"

#include <string>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_fixture.h"

namespace ga3c::checkpoint {
namespace {

const std::string kPath = "runs/a/checkpoints/ckpt-000000004000-ps0.ga3c";

std::string match_error(const Checkpoint& c, const std::string& env_id,
                        const ModelSignature& expected) {
  try {
    check_matches(kPath, c, env_id, expected);
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "";
}

TEST(CheckMatches, AcceptsTheSameEnvironmentAndNetwork) {
  const Checkpoint c = testing::make_checkpoint(4000);
  EXPECT_EQ(match_error(c, "MinAtar/Breakout-v1", c.signature), "");
}

TEST(CheckMatches, NamesAnotherEnvironment) {
  const Checkpoint c = testing::make_checkpoint(4000);
  EXPECT_EQ(match_error(c, "CartPole-v1", {"mlp", {4}, 2, 17410}),
            kPath +
                ": trained on 'MinAtar/Breakout-v1', not on 'CartPole-v1'; use --env "
                "MinAtar/Breakout-v1 or a checkpoint trained on CartPole-v1");
}

TEST(CheckMatches, NamesAnotherNetworkShape) {
  const Checkpoint c = testing::make_checkpoint(4000);
  ModelSignature other = c.signature;
  other.observation_shape = {10, 10, 7};
  other.num_params = 99;
  EXPECT_EQ(match_error(c, "MinAtar/Breakout-v1", other),
            kPath +
                ": network does not match: the checkpoint has 'minatar-cnn', observation "
                "[10, 10, 4], 6 actions, 12 parameters, this run has 'minatar-cnn', "
                "observation [10, 10, 7], 6 actions, 99 parameters; run with the settings "
                "in the checkpoint's config.toml, or start a new run");
  other = c.signature;
  other.network = "a3c-cnn";
  EXPECT_NE(match_error(c, "MinAtar/Breakout-v1", other), "");
  other = c.signature;
  other.num_actions = 3;
  EXPECT_NE(match_error(c, "MinAtar/Breakout-v1", other), "");
}

TEST(CheckMatches, KeepsAHostileFieldOnOneLine) {
  Checkpoint c = testing::make_checkpoint(4000);
  c.env_id = "Evil\nEnv\r-v0";
  const std::string error = match_error(c, "CartPole-v1", c.signature);
  EXPECT_EQ(error.find('\n'), std::string::npos);
  EXPECT_EQ(error.find('\r'), std::string::npos);
  EXPECT_NE(error.find("'Evil\\x0AEnv\\x0D-v0'"), std::string::npos) << error;
}

}  // namespace
}  // namespace ga3c::checkpoint
