#include "runtime/predictor.h"

#include <cstring>

#include <torch/torch.h>

namespace ga3c::runtime {

void run_predictor(BlockingQueue<PredictionRequest>& requests, const ParameterSnapshots& params,
                   const std::vector<int64_t>& obs_shape, int max_batch, NodeCounters& counters) {
  torch::NoGradGuard no_grad;
  std::vector<int64_t> batch_shape{max_batch};
  batch_shape.insert(batch_shape.end(), obs_shape.begin(), obs_shape.end());
  torch::Tensor input = torch::empty(batch_shape, torch::kFloat32);  // [max_batch, obs...]
  const int64_t obs_size = input[0].numel();
  std::vector<PredictionRequest> batch;
  try {
    while (true) {
      requests.pop_up_to(static_cast<std::size_t>(max_batch), batch);
      BusyTimer busy(counters.predict_ns);
      const auto n = static_cast<int64_t>(batch.size());
      float* in = input.data_ptr<float>();
      for (int64_t i = 0; i < n; ++i) {
        std::memcpy(in + i * obs_size, batch[i].agent->observation(), obs_size * sizeof(float));
      }
      const auto snapshot = params.current();
      auto out = snapshot->net->forward(input.narrow(0, 0, n));
      const torch::Tensor pi = torch::softmax(out.logits, 1).contiguous();  // [n, A]
      const torch::Tensor v = out.value.contiguous();                       // [n]
      const int64_t actions = pi.size(1);
      const float* pi_data = pi.data_ptr<float>();
      const float* v_data = v.data_ptr<float>();
      for (int64_t i = 0; i < n; ++i) {
        Agent* agent = batch[i].agent;
        std::memcpy(agent->policy_slot(), pi_data + i * actions, actions * sizeof(float));
        agent->set_prediction(v_data[i], snapshot->version);
        batch[i].reply->push(agent);
      }
      counters.prediction_batches.fetch_add(1, std::memory_order_relaxed);
      counters.predictions.fetch_add(n, std::memory_order_relaxed);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::runtime
