#include "model/mlp_pass.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include <ATen/ops/sum_cpu_dispatch.h>

#include "model/torch_gemm.h"

namespace ga3c::model {
namespace {

const torch::TensorOptions kFloat = torch::TensorOptions().dtype(torch::kFloat32);

void check_host_floats(const torch::Tensor& t, const char* name) {
  if (!t.device().is_cpu() || t.scalar_type() != torch::kFloat32 || !t.is_contiguous()) {
    throw std::invalid_argument(std::string("MlpPass: ") + name +
                                " must be contiguous float32 on the CPU");
  }
}

MatrixView weight_of(const torch::nn::Linear& layer) {
  const torch::Tensor& w = layer->weight;
  return dense(w.data_ptr<float>(), w.size(0), w.size(1));
}

// out [B, out] = in [B, in] W^T + b, as addmm does it: out filled with b's rows, then beta 1.
void linear(const torch::nn::Linear& layer, const MatrixView& in, const MatrixView& out) {
  const float* bias = layer->bias.data_ptr<float>();
  for (int64_t r = 0; r < out.rows; ++r) {
    std::memcpy(out.data + r * out.cols, bias, out.cols * sizeof(float));
  }
  torch_gemm(out, in, transposed(weight_of(layer)), 1.0f);
}

// clamp_min(x, 0) in place: NaN and -0 stay as they are.
void relu(std::vector<float>& x) {
  for (float& v : x) v = v < 0.0f ? 0.0f : v;
}

// threshold_backward(d, h, 0) in place: the gradient stops where the ReLU's output h is 0.
void relu_backward(std::vector<float>& d, const std::vector<float>& h) {
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = h[i] <= 0.0f ? 0.0f : d[i];
}

// The bias's gradient [cols] = the sum of d [rows, cols] over its rows, by LibTorch's own sum
// (its summation order is its own; a loop would round differently).
void bias_gradient(const float* d, int64_t rows, int64_t cols, float* out) {
  torch::Tensor sum = torch::from_blob(out, {cols}, kFloat);
  at::cpu::sum_out(sum, torch::from_blob(const_cast<float*>(d), {rows, cols}, kFloat), 0);
}

}  // namespace

MlpPass::MlpPass(const Mlp& net, const torch::Tensor& obs) : net_(net), obs_(obs) {
  if (net.recurrent()) throw std::invalid_argument("MlpPass: the MLP has an LSTM");
  check_host_floats(obs, "obs");
  inputs_ = net.fc1()->weight.size(1);
  hidden_ = net.fc1()->weight.size(0);
  if (obs.dim() < 1 || obs.size(0) < 1 || obs.numel() != obs.size(0) * inputs_) {
    throw std::invalid_argument("MlpPass: obs must be [B, ...] with " + std::to_string(inputs_) +
                                " values a sample");
  }
  batch_ = obs.size(0);
  x_ = obs.data_ptr<float>();
  h1_.resize(batch_ * hidden_);
  h2_.resize(batch_ * hidden_);
  linear(net.fc1(), dense(x_, batch_, inputs_), dense(h1_.data(), batch_, hidden_));
  relu(h1_);
  linear(net.fc2(), dense(h1_.data(), batch_, hidden_), dense(h2_.data(), batch_, hidden_));
  relu(h2_);
  const int64_t actions = net.policy()->weight.size(0);
  output_.logits = torch::empty({batch_, actions}, kFloat);
  output_.value = torch::empty({batch_}, kFloat);
  const MatrixView h2 = dense(h2_.data(), batch_, hidden_);
  linear(net.policy(), h2, dense(output_.logits.data_ptr<float>(), batch_, actions));
  linear(net.value(), h2, dense(output_.value.data_ptr<float>(), batch_, 1));
}

void MlpPass::backward(const torch::Tensor& d_logits, const torch::Tensor& d_values,
                       float* grad) const {
  check_host_floats(d_logits, "d_logits");
  check_host_floats(d_values, "d_values");
  if (d_logits.sizes() != output_.logits.sizes() || d_values.sizes() != output_.value.sizes()) {
    throw std::invalid_argument(
        "MlpPass: d_logits and d_values must be shaped as the "
        "logits and the value");
  }
  const int64_t actions = output_.logits.size(1);
  // The gradient's slots, in parameters() order: each layer's weight, then its bias.
  float* g_w1 = grad;
  float* g_b1 = g_w1 + hidden_ * inputs_;
  float* g_w2 = g_b1 + hidden_;
  float* g_b2 = g_w2 + hidden_ * hidden_;
  float* g_wp = g_b2 + hidden_;
  float* g_bp = g_wp + actions * hidden_;
  float* g_wv = g_bp + actions;
  float* g_bv = g_wv + hidden_;
  const MatrixView d_out = dense(d_logits.data_ptr<float>(), batch_, actions);
  const MatrixView d_value = dense(d_values.data_ptr<float>(), batch_, 1);
  const MatrixView h1 = dense(h1_.data(), batch_, hidden_);
  const MatrixView h2 = dense(h2_.data(), batch_, hidden_);

  // Heads: dW = dY^T H, db = sum over the batch of dY, dH = dY W (both heads add into dH).
  torch_gemm(dense(g_wp, actions, hidden_), transposed(d_out), h2, 0.0f);
  bias_gradient(d_out.data, batch_, actions, g_bp);
  torch_gemm(dense(g_wv, 1, hidden_), transposed(d_value), h2, 0.0f);
  bias_gradient(d_value.data, batch_, 1, g_bv);
  std::vector<float> d_h2(h2_.size());
  const MatrixView d_h2_view = dense(d_h2.data(), batch_, hidden_);
  torch_gemm(d_h2_view, d_out, weight_of(net_.policy()), 0.0f);
  torch_gemm(d_h2_view, d_value, weight_of(net_.value()), 1.0f);
  // Through each ReLU, then its Linear.
  relu_backward(d_h2, h2_);
  torch_gemm(dense(g_w2, hidden_, hidden_), transposed(d_h2_view), h1, 0.0f);
  bias_gradient(d_h2.data(), batch_, hidden_, g_b2);
  std::vector<float> d_h1(h1_.size());
  const MatrixView d_h1_view = dense(d_h1.data(), batch_, hidden_);
  torch_gemm(d_h1_view, d_h2_view, weight_of(net_.fc2()), 0.0f);
  relu_backward(d_h1, h1_);
  torch_gemm(dense(g_w1, hidden_, inputs_), transposed(d_h1_view), dense(x_, batch_, inputs_),
             0.0f);
  bias_gradient(d_h1.data(), batch_, hidden_, g_b1);
}

ActorCriticOutput forward_pass(ActorCritic& net, const torch::Tensor& obs,
                               const torch::Tensor& state) {
  if (const auto* mlp = dynamic_cast<const Mlp*>(&net);
      mlp && !mlp->recurrent() && obs.device().is_cpu()) {
    return MlpPass(*mlp, obs).output();
  }
  return net.forward(obs, state);
}

}  // namespace ga3c::model
