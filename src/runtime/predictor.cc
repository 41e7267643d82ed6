#include "runtime/predictor.h"

#include <cstring>

namespace ga3c::runtime {

BatchPredictor::BatchPredictor(const std::vector<int64_t>& obs_shape, int max_batch) {
  std::vector<int64_t> batch_shape{max_batch};
  batch_shape.insert(batch_shape.end(), obs_shape.begin(), obs_shape.end());
  input_ = torch::empty(batch_shape, torch::kFloat32);
  obs_size_ = input_[0].numel();
}

void BatchPredictor::predict(const ParameterSnapshot& snapshot, Agent* const* agents,
                             std::size_t n) {
  torch::NoGradGuard no_grad;
  float* in = input_.data_ptr<float>();
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(in + i * obs_size_, agents[i]->observation(), obs_size_ * sizeof(float));
  }
  auto out = snapshot.net->forward(input_.narrow(0, 0, static_cast<int64_t>(n)));
  const torch::Tensor pi = torch::softmax(out.logits, 1).contiguous();  // [n, A]
  const torch::Tensor v = out.value.contiguous();                       // [n]
  const int64_t actions = pi.size(1);
  const float* pi_data = pi.data_ptr<float>();
  const float* v_data = v.data_ptr<float>();
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(agents[i]->policy_slot(), pi_data + i * actions, actions * sizeof(float));
    agents[i]->set_prediction(v_data[i], snapshot.version);
  }
}

void run_predictor(BlockingQueue<PredictionRequest>& requests, const ParameterSnapshots& params,
                   const std::vector<int64_t>& obs_shape, int max_batch, NodeCounters& counters) {
  BatchPredictor predictor(obs_shape, max_batch);
  std::vector<PredictionRequest> batch;
  std::vector<Agent*> agents;
  try {
    while (true) {
      requests.pop_up_to(static_cast<std::size_t>(max_batch), batch);
      BusyTimer busy(counters.predict_ns);
      agents.clear();
      for (const PredictionRequest& r : batch) agents.push_back(r.agent);
      predictor.predict(*params.current(), agents.data(), agents.size());
      for (const PredictionRequest& r : batch) r.reply->push(r.agent);
      counters.prediction_batches.fetch_add(1, std::memory_order_relaxed);
      counters.predictions.fetch_add(static_cast<int64_t>(batch.size()),
                                     std::memory_order_relaxed);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::runtime
