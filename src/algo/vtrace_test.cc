#include "algo/vtrace.h"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "algo/n_step_returns.h"

namespace ga3c::algo {
namespace {

// The 3-step rollout of both hand-worked cases: gamma 0.9, r = (1, 0, 2), V = (0.5, 1, 1.5).
const std::vector<float> kRewards = {1.0f, 0.0f, 2.0f};
const std::vector<float> kValues = {0.5f, 1.0f, 1.5f};

TEST(VTrace, CutByTMaxWithARatioTruncatedByRhoBar) {
  // pi/mu = (2, 0.5, 1), rho_bar = c_bar = 1: rho = c = (1, 0.5, 1); V(x_3) = 2.
  // delta = (1 (1 + 0.9 * 1 - 0.5), 0.5 (0 + 0.9 * 1.5 - 1), 1 (2 + 0.9 * 2 - 1.5))
  //       = (1.4, 0.175, 2.3)
  // vs_2 = 1.5 + 2.3 = 3.8
  // vs_1 = 1 + 0.175 + 0.9 * 0.5 * (3.8 - 1.5) = 2.21
  // vs_0 = 0.5 + 1.4 + 0.9 * 1 * (2.21 - 1) = 2.989
  // pg = (1 (1 + 0.9 * 2.21 - 0.5), 0.5 (0 + 0.9 * 3.8 - 1), 1 (2 + 0.9 * 2 - 1.5))
  //    = (2.489, 1.21, 2.3)
  const std::vector<float> log_rhos = {std::log(2.0f), std::log(0.5f), 0.0f};
  VTraceConfig config;
  config.gamma = 0.9f;
  std::vector<float> vs(3), pg(3);
  vtrace(kRewards.data(), kValues.data(), log_rhos.data(), 3, 2.0f, config, vs.data(), pg.data());
  EXPECT_NEAR(vs[0], 2.989f, 1e-5f);
  EXPECT_NEAR(vs[1], 2.21f, 1e-5f);
  EXPECT_NEAR(vs[2], 3.8f, 1e-5f);
  EXPECT_NEAR(pg[0], 2.489f, 1e-5f);
  EXPECT_NEAR(pg[1], 1.21f, 1e-5f);
  EXPECT_NEAR(pg[2], 2.3f, 1e-5f);
}

TEST(VTrace, EndedByATerminalStateWithRhoBarAndCBarApart) {
  // pi/mu = (1.5, 1, 0.25), rho_bar 1.2, c_bar 0.9: rho = (1.2, 1, 0.25), c = (0.9, 0.9, 0.25);
  // the episode terminated after step 2, so V(x_3) = 0.
  // delta = (1.2 (1 + 0.9 * 1 - 0.5), 1 (0 + 0.9 * 1.5 - 1), 0.25 (2 + 0 - 1.5))
  //       = (1.68, 0.35, 0.125)
  // vs_2 = 1.5 + 0.125 = 1.625
  // vs_1 = 1 + 0.35 + 0.9 * 0.9 * (1.625 - 1.5) = 1.45125
  // vs_0 = 0.5 + 1.68 + 0.9 * 0.9 * (1.45125 - 1) = 2.5455125
  // pg = (1.2 (1 + 0.9 * 1.45125 - 0.5), 1 (0 + 0.9 * 1.625 - 1), 0.25 (2 + 0 - 1.5))
  //    = (2.16735, 0.4625, 0.125)
  const std::vector<float> log_rhos = {std::log(1.5f), 0.0f, std::log(0.25f)};
  VTraceConfig config;
  config.gamma = 0.9f;
  config.rho_bar = 1.2f;
  config.c_bar = 0.9f;
  std::vector<float> vs(3), pg(3);
  vtrace(kRewards.data(), kValues.data(), log_rhos.data(), 3, 0.0f, config, vs.data(), pg.data());
  EXPECT_NEAR(vs[0], 2.5455125f, 1e-5f);
  EXPECT_NEAR(vs[1], 1.45125f, 1e-5f);
  EXPECT_NEAR(vs[2], 1.625f, 1e-5f);
  EXPECT_NEAR(pg[0], 2.16735f, 1e-5f);
  EXPECT_NEAR(pg[1], 0.4625f, 1e-5f);
  EXPECT_NEAR(pg[2], 0.125f, 1e-5f);
}

TEST(VTrace, OnPolicyDataGivesTheNStepReturnAndTheA3CAdvantage) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  for (std::size_t n : {1u, 2u, 5u, 20u}) {
    std::vector<float> rewards(n), values(n), zeros(n, 0.0f), vs(n), pg(n), returns(n);
    for (std::size_t s = 0; s < n; ++s) {
      rewards[s] = u(rng);
      values[s] = u(rng);
    }
    for (float bootstrap : {0.0f, u(rng)}) {  // terminal, then cut or truncated
      VTraceConfig config;
      config.gamma = 0.97f;
      vtrace(rewards.data(), values.data(), zeros.data(), n, bootstrap, config, vs.data(),
             pg.data());
      n_step_returns(rewards.data(), n, bootstrap, config.gamma, returns.data());
      for (std::size_t s = 0; s < n; ++s) {
        EXPECT_NEAR(vs[s], returns[s], 1e-5f) << "n " << n << " step " << s;
        EXPECT_NEAR(pg[s], returns[s] - values[s], 1e-5f) << "n " << n << " step " << s;
      }
    }
  }
}

TEST(VTrace, AnActionMuCouldNotHaveTakenIsTruncatedNotInfinite) {
  // log mu = -inf (a probability that underflowed): the ratio is +inf and rho_bar caps it.
  const float r = 1.0f, v = 0.0f, log_rho = INFINITY;
  VTraceConfig config;
  float vs = 0, pg = 0;
  vtrace(&r, &v, &log_rho, 1, 0.0f, config, &vs, &pg);
  EXPECT_EQ(vs, 1.0f);
  EXPECT_EQ(pg, 1.0f);
}

TEST(Correction, ParsesItsNames) {
  EXPECT_EQ(parse_correction("none"), Correction::kNone);
  EXPECT_EQ(parse_correction("vtrace"), Correction::kVtrace);
  EXPECT_EQ(to_string(Correction::kVtrace), "vtrace");
  EXPECT_THROW(parse_correction("v-trace"), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::algo
