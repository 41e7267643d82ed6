#include "node/trainer.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "algo/a3c_loss.h"
#include "algo/n_step_returns.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"

namespace ga3c::node {
namespace {

const std::vector<int64_t> kObsShape = {4};
constexpr float kGamma = 0.9f;

std::shared_ptr<const ParameterSnapshot> snapshot(
    const model::NetworkLayout& layout = model::NetworkKind::kMlp) {
  env::ObservationSpec spec;
  spec.shape = kObsShape;
  const auto make_net = [spec, layout] { return model::make_actor_critic(layout, spec, 2); };
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

// A rollout of n steps acted by the recurrent snapshot itself from a non-zero state, with
// n-step returns bootstrapped from V of the bootstrap observation seen with the state after
// the n steps.
Rollout on_policy_recurrent(const ParameterSnapshot& s, int n, bool terminal, float offset) {
  torch::NoGradGuard no_grad;
  Rollout r;
  torch::Tensor state = torch::full({1, s.net->state_size()}, 0.1f * offset - 0.05f);
  r.initial_state.assign(state.data_ptr<float>(), state.data_ptr<float>() + state.numel());
  for (int t = 0; t < n; ++t) {
    for (int i = 0; i < 4; ++i) r.observations.push_back(offset + 0.1f * t - 0.2f * i);
    r.actions.push_back((t + static_cast<int>(offset)) % 2);
    r.rewards.push_back(t == 1 ? -1.0f : 0.5f);
    const auto out =
        s.net->forward(torch::from_blob(r.observations.data() + 4 * t, {1, 4}).clone(), state);
    r.behaviour_log_probs.push_back(
        torch::log_softmax(out.logits, 1)[0][r.actions.back()].item<float>());
    state = out.state;
  }
  float bootstrap = 0.0f;
  if (!terminal) {
    r.bootstrap_observation = {offset, 0.3f, -0.1f, 0.05f};
    bootstrap = s.net->forward(torch::tensor(r.bootstrap_observation).view({1, 4}), state)
                    .value[0]
                    .item<float>();
  }
  r.returns.resize(n);
  algo::n_step_returns(r.rewards.data(), n, bootstrap, kGamma, r.returns.data());
  return r;
}

// The trainer's one batched unroll gives the gradient of step-by-step calls, each rollout
// from its own initial state.
TEST(Trainer, RecurrentGradientIsTheStepByStepGradient) {
  const auto s = snapshot({model::NetworkKind::kMlp, 6});
  const std::vector<Rollout> batch = {on_policy_recurrent(*s, 5, false, 0.0f),
                                      on_policy_recurrent(*s, 3, true, 1.0f)};
  std::vector<float> g;
  const BatchResult result = compute_gradient(*s, batch, kObsShape, LossConfig{}, g);
  EXPECT_EQ(result.samples, 8);

  std::vector<torch::Tensor> logits, values;
  std::vector<int64_t> actions;
  std::vector<float> returns;
  for (const Rollout& r : batch) {
    torch::Tensor state = torch::tensor(r.initial_state).view({1, -1});
    for (std::size_t t = 0; t < r.size(); ++t) {
      const auto out = s->net->forward(
          torch::from_blob(const_cast<float*>(r.observations.data()) + 4 * t, {1, 4}).clone(),
          state);
      logits.push_back(out.logits);
      values.push_back(out.value);
      state = out.state;
    }
    actions.insert(actions.end(), r.actions.begin(), r.actions.end());
    returns.insert(returns.end(), r.returns.begin(), r.returns.end());
  }
  const torch::Tensor all_logits = torch::cat(logits), all_values = torch::cat(values);
  const algo::A3CLoss loss = algo::a3c_loss(all_logits, all_values, torch::tensor(actions),
                                            torch::tensor(returns), LossConfig{}.entropy_beta);
  EXPECT_NEAR(result.policy_loss, loss.policy, 1e-5);
  const auto grads = torch::autograd::grad({all_logits, all_values}, s->flat->parameters(),
                                           {loss.d_logits, loss.d_values});
  std::vector<float> expected(s->flat->size());
  s->flat->flatten_gradients(grads, expected.data());
  ASSERT_EQ(g.size(), expected.size());
  for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], expected[i], 1e-5f) << i;
}

// V-trace recomputes pi and V by the same unroll and bootstraps from the state after the
// rollout's last step: on the policy's own rollouts it gives the n-step A3C gradient.
TEST(Trainer, RecurrentVTraceOnOnPolicyRolloutsGivesTheA3CGradient) {
  const auto s = snapshot({model::NetworkKind::kMlp, 6});
  const std::vector<Rollout> batch = {on_policy_recurrent(*s, 5, false, 0.0f),
                                      on_policy_recurrent(*s, 2, false, 1.0f),
                                      on_policy_recurrent(*s, 3, true, 2.0f)};
  LossConfig vtrace;
  vtrace.correction = algo::Correction::kVtrace;
  vtrace.vtrace.gamma = kGamma;
  std::vector<float> g_none, g_vtrace;
  const BatchResult a = compute_gradient(*s, batch, kObsShape, LossConfig{}, g_none);
  const BatchResult b = compute_gradient(*s, batch, kObsShape, vtrace, g_vtrace);
  EXPECT_NEAR(a.policy_loss, b.policy_loss, 1e-4);
  EXPECT_NEAR(a.value_loss, b.value_loss, 1e-4);
  for (std::size_t i = 0; i < g_none.size(); ++i) {
    ASSERT_NEAR(g_none[i], g_vtrace[i], 1e-4f) << "parameter " << i;
  }
}

TEST(Trainer, RecurrentRolloutWithoutItsInitialStateIsRefused) {
  const auto s = snapshot({model::NetworkKind::kMlp, 6});
  std::vector<Rollout> batch = {on_policy_recurrent(*s, 3, true, 0.0f)};
  batch[0].initial_state.clear();
  std::vector<float> g;
  EXPECT_THROW(compute_gradient(*s, batch, kObsShape, LossConfig{}, g), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::node
