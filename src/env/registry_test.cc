#include "env/registry.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env {
namespace {

TEST(Registry, MakesCartPoleWithItsSpec) {
  auto env = make_env("CartPole-v1");
  EXPECT_EQ(env->observation_spec().shape, std::vector<int64_t>{4});
  EXPECT_EQ(env->num_actions(), 2);
  // Gymnasium's CartPole: 0 pushes the cart to the left, 1 to the right.
  EXPECT_EQ(env->action_meanings(), (std::vector<std::string>{"LEFT", "RIGHT"}));
  EXPECT_EQ(make_env("CartPoleNoVel-v1")->action_meanings(), env->action_meanings());
}

TEST(Registry, UnknownIdListsTheKnownOnes) {
  try {
    make_env("CartPole-v0");
    FAIL() << "expected UnknownEnvError";
  } catch (const UnknownEnvError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'CartPole-v0'"), std::string::npos) << what;
    EXPECT_NE(what.find("CartPole-v1"), std::string::npos) << what;
  }
}

TEST(Registry, IdsAreSorted) {
  auto ids = registered_env_ids();
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
}

}  // namespace
}  // namespace ga3c::env
