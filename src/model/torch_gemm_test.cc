#include "model/torch_gemm.h"

#include <stdexcept>

#include <gtest/gtest.h>
#include <torch/torch.h>

namespace ga3c::model {
namespace {

MatrixView view_of(const torch::Tensor& t) {
  return {t.data_ptr<float>(), t.size(0), t.size(1), t.stride(0), t.stride(1)};
}

// a [m, k] and b [k, n] as stored (contiguous) or as the transposes of contiguous tensors,
// the four layouts the MLP pass hands over; the product must equal at::mm's bit for bit, as
// both call the same sgemm_ with the same arguments.
void expect_same_as_mm(int64_t m, int64_t k, int64_t n, bool a_transposed, bool b_transposed) {
  torch::manual_seed(3);
  const torch::Tensor a = a_transposed ? torch::randn({k, m}).t() : torch::randn({m, k});
  const torch::Tensor b = b_transposed ? torch::randn({n, k}).t() : torch::randn({k, n});
  torch::Tensor c = torch::full({m, n}, 99.0f);  // beta 0 ignores what c held
  torch_gemm(view_of(c), view_of(a), view_of(b), 0.0f);
  EXPECT_TRUE(torch::equal(c, torch::mm(a, b)))
      << m << "x" << k << "x" << n << " a^T " << a_transposed << " b^T " << b_transposed;
}

TEST(TorchGemm, EqualsMmForEveryOperandLayout) {
  for (const bool ta : {false, true}) {
    for (const bool tb : {false, true}) {
      expect_same_as_mm(40, 4, 128, ta, tb);   // CartPole's first layer at batch 40
      expect_same_as_mm(7, 128, 128, ta, tb);  // an odd batch
      expect_same_as_mm(1, 128, 2, ta, tb);    // one row: normalize_last_dims' vector cases
      expect_same_as_mm(40, 128, 1, ta, tb);   // the value head: one column
    }
  }
}

TEST(TorchGemm, BetaOneAddsToWhatTheResultHeldAsAddmm) {
  torch::manual_seed(5);
  const torch::Tensor a = torch::randn({40, 128});
  const torch::Tensor b = torch::randn({2, 128}).t();  // a Linear's weight, transposed
  const torch::Tensor bias = torch::randn({2});
  torch::Tensor c = bias.expand({40, 2}).contiguous();
  torch_gemm(view_of(c), view_of(a), view_of(b), 1.0f);
  EXPECT_TRUE(torch::equal(c, torch::addmm(bias.expand({40, 2}).contiguous(), a, b)));
}

TEST(TorchGemm, ProductOfSmallMatricesMatchesHandComputedValues) {
  const torch::Tensor a = torch::tensor({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}).view({2, 3});
  const torch::Tensor b = torch::tensor({1.0f, 0.0f, -1.0f, 2.0f, 0.5f, 1.0f}).view({3, 2});
  torch::Tensor c = torch::ones({2, 2});
  torch_gemm(view_of(c), view_of(a), view_of(b), 1.0f);
  // a b = [[0.5, 7], [2, 16]], plus the 1 each element of c held
  EXPECT_TRUE(torch::equal(c, torch::tensor({1.5f, 8.0f, 3.0f, 17.0f}).view({2, 2})));
}

TEST(TorchGemm, SizesThatDoNotChainAreRefused) {
  const torch::Tensor a = torch::zeros({4, 3});
  const torch::Tensor b = torch::zeros({2, 5});
  torch::Tensor c = torch::zeros({4, 5});
  EXPECT_THROW(torch_gemm(view_of(c), view_of(a), view_of(b), 0.0f), std::invalid_argument);
  torch::Tensor wrong_c = torch::zeros({4, 4});
  const torch::Tensor b2 = torch::zeros({3, 5});
  EXPECT_THROW(torch_gemm(view_of(wrong_c), view_of(a), view_of(b2), 0.0f), std::invalid_argument);
}

TEST(TorchGemm, LayoutsABlasCannotReadInPlaceAreRefused) {
  // Every other column: neither stride is 1.
  const torch::Tensor strided = torch::zeros({4, 6}).slice(1, 0, 6, 2);
  const torch::Tensor b = torch::zeros({3, 5});
  torch::Tensor c = torch::zeros({4, 5});
  EXPECT_THROW(torch_gemm(view_of(c), view_of(strided), view_of(b), 0.0f), std::invalid_argument);
  const torch::Tensor a = torch::zeros({4, 3});
  torch::Tensor strided_c = torch::zeros({4, 10}).slice(1, 0, 10, 2);
  EXPECT_THROW(torch_gemm(view_of(strided_c), view_of(a), view_of(b), 0.0f), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::model
