// The float32 matrix product C = A B + beta C on the CPU, handed to the BLAS routine LibTorch
// itself calls (sgemm_: OpenBLAS behind Debian's LibTorch, MKL inside PyPI's) with exactly the
// arguments LibTorch's addmm/mm would pass for the same sizes and strides (its CPU matmul,
// aten/src/ATen/native/LinearAlgebra.cpp addmm_impl_cpu_, and CPUBlas.cpp
// normalize_last_dims; checked against LibTorch 1.13's own sgemm_ calls at the MLP's shapes,
// and mlp_pass_test checks the results against autograd on whichever LibTorch is built). So
// the result equals at::addmm's / at::mm's bit for bit, without the dispatcher, TensorIterator
// or a tensor per operand, which at CartPole's shapes (batch 40, layers of 4-128) cost more
// than the arithmetic.
#pragma once

#include <cstdint>

namespace ga3c::model {

// A float32 matrix as a 2-d tensor describes it: sizes and strides in elements. A contiguous
// [rows, cols] tensor has strides (cols, 1) (also when cols is 1: LibTorch's (1, 1)).
struct MatrixView {
  float* data;
  int64_t rows, cols, row_stride, col_stride;
};

// Contiguous [rows, cols] at data.
inline MatrixView dense(float* data, int64_t rows, int64_t cols) {
  return {data, rows, cols, cols, 1};
}
inline MatrixView dense(const float* data, int64_t rows, int64_t cols) {
  return dense(const_cast<float*>(data), rows, cols);  // read-only operands are never written
}

// The transpose as a view, as Tensor::t() gives it.
inline MatrixView transposed(const MatrixView& m) {
  return {m.data, m.cols, m.rows, m.col_stride, m.row_stride};
}

// c [m, n] = a [m, k] b [k, n] + beta c: beta 0 as at::mm_out, 1 as at::addmm_ on c (an addmm
// with a bias is c filled with the bias's rows, then beta 1). Every view must be one a BLAS
// reads in place (one of its strides 1, the other at least the size it spans), as LibTorch's
// contiguous tensors and their transposes are. Throws std::invalid_argument for mismatched
// sizes or another layout, std::runtime_error where no BLAS sgemm_ is loaded (a LibTorch built
// without BLAS).
void torch_gemm(const MatrixView& c, const MatrixView& a, const MatrixView& b, float beta);

}  // namespace ga3c::model
