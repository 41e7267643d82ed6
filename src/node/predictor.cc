#include "node/predictor.h"

#include <cstring>

#include <ATen/ops/_softmax_cpu_dispatch.h>

#include "model/device_stream.h"
#include "model/mlp_pass.h"

namespace ga3c::node {

BatchPredictor::BatchPredictor(const std::vector<int64_t>& obs_shape, int max_batch,
                               const torch::Device& device)
    : device_(device) {
  std::vector<int64_t> batch_shape{max_batch};
  batch_shape.insert(batch_shape.end(), obs_shape.begin(), obs_shape.end());
  input_ = model::host_buffer(batch_shape, device);
  obs_size_ = input_[0].numel();
}

void BatchPredictor::predict(const ParameterSnapshot& snapshot, Agent* const* agents,
                             std::size_t n) {
  // Lighter than NoGradGuard: no autograd metadata or version counters on what it makes.
  c10::InferenceMode inference;
  const auto rows = static_cast<int64_t>(n);
  float* in = input_.data_ptr<float>();
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(in + i * obs_size_, agents[i]->observation(), obs_size_ * sizeof(float));
  }
  const int64_t state_size = snapshot.net->state_size();
  torch::Tensor state;  // [n, state_size] on the host, or undefined
  if (state_size > 0) {
    if (!state_in_.defined()) {
      state_in_ = model::host_buffer({input_.size(0), state_size}, device_);
      state_out_ = model::host_buffer({input_.size(0), state_size}, device_);
    }
    float* s = state_in_.data_ptr<float>();
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(s + i * state_size, agents[i]->recurrent_state(), state_size * sizeof(float));
    }
    state = state_in_.narrow(0, 0, rows);
  }
  const torch::Tensor batch = input_.narrow(0, 0, rows);
  torch::Tensor pi, v, state_after;  // [n, A], [n], [n, state_size] on the host
  if (device_.is_cpu()) {
    const auto out = model::forward_pass(*snapshot.net, batch, state);
    pi = at::cpu::_softmax(out.logits.contiguous(), 1, /*half_to_float=*/false);
    v = out.value.contiguous();
    if (state_size > 0) state_after = out.state.contiguous();
  } else {
    auto out = snapshot.net->forward(
        batch.to(device_, /*non_blocking=*/true),
        state_size > 0 ? state.to(device_, /*non_blocking=*/true) : torch::Tensor());
    const torch::Tensor pi_device = torch::softmax(out.logits, 1);
    if (!pi_.defined()) {
      pi_ = model::host_buffer({input_.size(0), pi_device.size(1)}, device_);
      v_ = model::host_buffer({input_.size(0)}, device_);
    }
    pi = pi_.narrow(0, 0, rows);
    v = v_.narrow(0, 0, rows);
    pi.copy_(pi_device, /*non_blocking=*/true);
    v.copy_(out.value, /*non_blocking=*/true);
    if (state_size > 0) {
      state_after = state_out_.narrow(0, 0, rows);
      state_after.copy_(out.state, /*non_blocking=*/true);
    }
    model::synchronize_current_stream(device_);
  }
  const int64_t actions = pi.size(1);
  const float* pi_data = pi.data_ptr<float>();
  const float* v_data = v.data_ptr<float>();
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(agents[i]->policy_slot(), pi_data + i * actions, actions * sizeof(float));
    agents[i]->set_prediction(v_data[i], snapshot.version);
  }
  if (state_size > 0) {
    const float* s = state_after.data_ptr<float>();
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(agents[i]->next_state_slot(), s + i * state_size, state_size * sizeof(float));
    }
  }
}

namespace {

// Hands each agent back to its runner, one push per run of requests from the same runner (all
// of them with one env thread), so a runner wakes once per prediction batch.
void answer(const std::vector<PredictionRequest>& batch, std::vector<Agent*>& answers) {
  for (std::size_t i = 0; i < batch.size();) {
    BlockingQueue<Agent*>* reply = batch[i].reply;
    for (; i < batch.size() && batch[i].reply == reply; ++i) answers.push_back(batch[i].agent);
    reply->push_all(answers);
  }
}

}  // namespace

void run_predictor(BlockingQueue<PredictionRequest>& requests, const ParameterSnapshots& params,
                   const std::vector<int64_t>& obs_shape, int max_batch, NodeCounters& counters) {
  const model::ThreadStream stream(params.device());
  BatchPredictor predictor(obs_shape, max_batch, params.device());
  std::vector<PredictionRequest> batch;
  std::vector<Agent*> agents;
  std::vector<Agent*> answers;
  try {
    while (true) {
      requests.pop_up_to(static_cast<std::size_t>(max_batch), batch);
      BusyTimer busy(counters.predict_ns);
      agents.clear();
      for (const PredictionRequest& r : batch) agents.push_back(r.agent);
      predictor.predict(*params.current(), agents.data(), agents.size());
      answer(batch, answers);
      counters.prediction_batches.fetch_add(1, std::memory_order_relaxed);
      counters.predictions.fetch_add(static_cast<int64_t>(batch.size()), std::memory_order_relaxed);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::node
