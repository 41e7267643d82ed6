#include "model/mlp_pass.h"

#include <stdexcept>
#include <string>

#include <ATen/ops/addmm_cpu_dispatch.h>
#include <ATen/ops/clamp_min_cpu_dispatch.h>
#include <ATen/ops/mm_cpu_dispatch.h>
#include <ATen/ops/sum_cpu_dispatch.h>
#include <ATen/ops/threshold_backward_cpu_dispatch.h>

namespace ga3c::model {
namespace {

const torch::TensorOptions kFloat = torch::TensorOptions().dtype(torch::kFloat32);

void check_host_floats(const torch::Tensor& t, const char* name) {
  if (!t.device().is_cpu() || t.scalar_type() != torch::kFloat32 || !t.is_contiguous()) {
    throw std::invalid_argument(std::string("MlpPass: ") + name +
                                " must be contiguous float32 on the CPU");
  }
}

// The transpose of a contiguous [m, n] float32 matrix as a [n, m] view, made without the
// dispatcher (t() goes through it, and records an autograd view of a parameter).
torch::Tensor transposed(const torch::Tensor& m) {
  return torch::from_blob(m.data_ptr(), {m.size(1), m.size(0)}, {1, m.size(1)}, kFloat);
}

// The next `shape`'s worth of grad as a tensor, advancing offset.
torch::Tensor slot(float* grad, int64_t& offset, torch::IntArrayRef shape) {
  torch::Tensor t = torch::from_blob(grad + offset, shape, kFloat);
  offset += t.numel();
  return t;
}

// out = relu(in W^T + b), in place of a Linear and a ReLU.
void linear_relu(const torch::nn::Linear& layer, const torch::Tensor& in, torch::Tensor& out) {
  at::cpu::addmm_out(out, layer->bias, in, transposed(layer->weight));
  at::cpu::clamp_min_(out, 0);
}

}  // namespace

// Both passes run without grad mode: the kernels' own copies (addmm's of its bias into the
// output) would otherwise go through autograd and record history.
MlpPass::MlpPass(const Mlp& net, const torch::Tensor& obs) : net_(net) {
  torch::NoGradGuard no_grad;
  check_host_floats(obs, "obs");
  const int64_t inputs = net.fc1()->weight.size(1), hidden = net.fc1()->weight.size(0);
  if (obs.dim() < 1 || obs.size(0) < 1 || obs.numel() != obs.size(0) * inputs) {
    throw std::invalid_argument("MlpPass: obs must be [B, ...] with " +
                                std::to_string(inputs) + " values a sample");
  }
  const int64_t batch = obs.size(0);
  x_ = torch::from_blob(obs.data_ptr(), {batch, inputs}, kFloat);
  h1_ = torch::empty({batch, hidden}, kFloat);
  h2_ = torch::empty({batch, hidden}, kFloat);
  linear_relu(net.fc1(), x_, h1_);
  linear_relu(net.fc2(), h1_, h2_);
  output_.logits = torch::empty({batch, net.policy()->weight.size(0)}, kFloat);
  output_.value = torch::empty({batch}, kFloat);
  value_column_ = torch::from_blob(output_.value.data_ptr(), {batch, 1}, kFloat);
  at::cpu::addmm_out(output_.logits, net.policy()->bias, h2_, transposed(net.policy()->weight));
  at::cpu::addmm_out(value_column_, net.value()->bias, h2_, transposed(net.value()->weight));
}

void MlpPass::backward(const torch::Tensor& d_logits, const torch::Tensor& d_values,
                           float* grad) const {
  torch::NoGradGuard no_grad;
  check_host_floats(d_logits, "d_logits");
  check_host_floats(d_values, "d_values");
  const int64_t batch = x_.size(0);
  if (d_logits.sizes() != output_.logits.sizes() || d_values.sizes() != output_.value.sizes()) {
    throw std::invalid_argument("MlpPass: d_logits and d_values must be shaped as the "
                                "logits and the value");
  }
  const torch::Tensor& w1 = net_.fc1()->weight;
  const torch::Tensor& w2 = net_.fc2()->weight;
  const torch::Tensor& wp = net_.policy()->weight;
  const torch::Tensor& wv = net_.value()->weight;
  int64_t offset = 0;
  torch::Tensor g_w1 = slot(grad, offset, w1.sizes()), g_b1 = slot(grad, offset, {w1.size(0)});
  torch::Tensor g_w2 = slot(grad, offset, w2.sizes()), g_b2 = slot(grad, offset, {w2.size(0)});
  torch::Tensor g_wp = slot(grad, offset, wp.sizes()), g_bp = slot(grad, offset, {wp.size(0)});
  torch::Tensor g_wv = slot(grad, offset, wv.sizes()), g_bv = slot(grad, offset, {1});
  const torch::Tensor d_value_column =
      torch::from_blob(d_values.data_ptr(), {batch, 1}, kFloat);

  // Heads: dW = dY^T H, db = sum over the batch of dY, dH = dY W (both heads add into dH).
  at::cpu::mm_out(g_wp, transposed(d_logits), h2_);
  at::cpu::sum_out(g_bp, d_logits, 0);
  at::cpu::mm_out(g_wv, transposed(d_value_column), h2_);
  at::cpu::sum_out(g_bv, d_value_column, 0);
  torch::Tensor d_h = torch::empty_like(h2_);
  at::cpu::mm_out(d_h, d_logits, wp);
  at::cpu::addmm_(d_h, d_value_column, wv);
  // Through each ReLU (its output is 0 where its input was not positive), then its Linear.
  at::cpu::threshold_backward_out(d_h, d_h, h2_, 0);
  at::cpu::mm_out(g_w2, transposed(d_h), h1_);
  at::cpu::sum_out(g_b2, d_h, 0);
  torch::Tensor d_h1 = torch::empty_like(h1_);
  at::cpu::mm_out(d_h1, d_h, w2);
  at::cpu::threshold_backward_out(d_h1, d_h1, h1_, 0);
  at::cpu::mm_out(g_w1, transposed(d_h1), x_);
  at::cpu::sum_out(g_b1, d_h1, 0);
}

}  // namespace ga3c::model
