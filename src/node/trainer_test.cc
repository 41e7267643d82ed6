#include "node/trainer.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "algo/n_step_returns.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"

namespace ga3c::node {
namespace {

const std::vector<int64_t> kObsShape = {4};
constexpr float kGamma = 0.9f;

std::shared_ptr<const ParameterSnapshot> snapshot() {
  env::ObservationSpec spec;
  spec.shape = kObsShape;
  const auto make_net = [spec] {
    return model::make_actor_critic(model::NetworkKind::kMlp, spec, 2);
  };
  torch::manual_seed(5);
  auto net = make_net();
  model::FlatParameters flat(*net);
  ParameterSnapshots snapshots(make_net);  // the snapshot outlives it
  snapshots.publish(flat.data(), 1);
  return snapshots.current();
}

// log pi(a | obs) and V(obs) of the snapshot, for one observation.
std::pair<float, float> log_pi_and_value(const ParameterSnapshot& s, const float* obs, int64_t a) {
  torch::NoGradGuard no_grad;
  const auto out = s.net->forward(torch::from_blob(const_cast<float*>(obs), {1, 4}).clone());
  return {torch::log_softmax(out.logits, 1)[0][a].item<float>(), out.value[0].item<float>()};
}

// A rollout of n steps whose behaviour policy is the snapshot's own (on-policy), with n-step
// returns bootstrapped from the snapshot's V: what V-trace must reproduce exactly.
Rollout on_policy(const ParameterSnapshot& s, int n, bool terminal, float offset) {
  Rollout r;
  for (int t = 0; t < n; ++t) {
    for (int i = 0; i < 4; ++i) r.observations.push_back(offset + 0.1f * t - 0.2f * i);
    r.actions.push_back((t + static_cast<int>(offset)) % 2);
    r.rewards.push_back(t == 1 ? -1.0f : 0.5f);
    r.behaviour_log_probs.push_back(
        log_pi_and_value(s, r.observations.data() + 4 * t, r.actions.back()).first);
  }
  float bootstrap = 0.0f;
  if (!terminal) {
    r.bootstrap_observation = {offset, 0.3f, -0.1f, 0.05f};
    bootstrap = log_pi_and_value(s, r.bootstrap_observation.data(), 0).second;
  }
  r.returns.resize(n);
  algo::n_step_returns(r.rewards.data(), n, bootstrap, kGamma, r.returns.data());
  return r;
}

TEST(Trainer, VTraceOnOnPolicyRolloutsGivesTheA3CGradient) {
  const auto s = snapshot();
  const std::vector<Rollout> batch = {on_policy(*s, 5, false, 0.0f), on_policy(*s, 3, true, 1.0f)};
  LossConfig none;
  LossConfig vtrace = none;
  vtrace.correction = algo::Correction::kVtrace;
  vtrace.vtrace.gamma = kGamma;
  std::vector<float> g_none, g_vtrace;
  const BatchResult a = compute_gradient(*s, batch, kObsShape, none, g_none);
  const BatchResult b = compute_gradient(*s, batch, kObsShape, vtrace, g_vtrace);
  EXPECT_EQ(b.samples, 8);
  EXPECT_NEAR(a.policy_loss, b.policy_loss, 1e-4);
  EXPECT_NEAR(a.value_loss, b.value_loss, 1e-4);
  ASSERT_EQ(g_none.size(), g_vtrace.size());
  for (std::size_t i = 0; i < g_none.size(); ++i) {
    ASSERT_NEAR(g_none[i], g_vtrace[i], 1e-4f) << "parameter " << i;
  }
}

TEST(Trainer, VTraceWeighsOffPolicyStepsDown) {
  // The behaviour policy took these actions with probability 1 (log mu = 0), so every
  // rho = pi/mu < 1: the policy loss shrinks against the uncorrected one.
  const auto s = snapshot();
  std::vector<Rollout> batch = {on_policy(*s, 5, true, 0.0f)};
  for (float& l : batch[0].behaviour_log_probs) l = 0.0f;
  for (float& r : batch[0].rewards) r = 1.0f;
  algo::n_step_returns(batch[0].rewards.data(), 5, 0.0f, kGamma, batch[0].returns.data());
  LossConfig vtrace;
  vtrace.correction = algo::Correction::kVtrace;
  vtrace.vtrace.gamma = kGamma;
  std::vector<float> g;
  const BatchResult none = compute_gradient(*s, batch, kObsShape, LossConfig{}, g);
  const BatchResult corrected = compute_gradient(*s, batch, kObsShape, vtrace, g);
  EXPECT_LT(std::abs(corrected.policy_loss), std::abs(none.policy_loss));
}

TEST(Trainer, VTraceRefusesARolloutWithoutBehaviourLogProbs) {
  const auto s = snapshot();
  std::vector<Rollout> batch = {on_policy(*s, 3, true, 0.0f)};
  batch[0].behaviour_log_probs.pop_back();
  LossConfig vtrace;
  vtrace.correction = algo::Correction::kVtrace;
  std::vector<float> g;
  EXPECT_THROW(compute_gradient(*s, batch, kObsShape, vtrace, g), std::invalid_argument);
}

TEST(Trainer, GradClipScalesTheGradientDownToTheGlobalNorm) {
  const auto s = snapshot();
  const std::vector<Rollout> batch = {on_policy(*s, 5, false, 0.0f), on_policy(*s, 3, true, 1.0f)};
  std::vector<float> unclipped, clipped, within;
  const BatchResult a = compute_gradient(*s, batch, kObsShape, LossConfig{}, unclipped);
  ASSERT_GT(a.grad_norm, 0.0);
  LossConfig half;
  half.grad_clip = static_cast<float>(a.grad_norm / 2);
  const BatchResult b = compute_gradient(*s, batch, kObsShape, half, clipped);
  EXPECT_DOUBLE_EQ(b.grad_norm, a.grad_norm);  // logged before clipping
  double sq = 0.0;
  for (std::size_t i = 0; i < clipped.size(); ++i) {
    ASSERT_NEAR(clipped[i], unclipped[i] / 2, 1e-6f) << "parameter " << i;
    sq += static_cast<double>(clipped[i]) * clipped[i];
  }
  EXPECT_NEAR(std::sqrt(sq), a.grad_norm / 2, 1e-5 * a.grad_norm);
  LossConfig loose;
  loose.grad_clip = static_cast<float>(a.grad_norm * 2);
  compute_gradient(*s, batch, kObsShape, loose, within);
  EXPECT_EQ(within, unclipped);
}

}  // namespace
}  // namespace ga3c::node
