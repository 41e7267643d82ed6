#include "model/torch_gemm.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>
#include <utility>

#include <dlfcn.h>

namespace ga3c::model {
namespace {

// The Fortran BLAS interface (column-major, arguments by pointer, 32-bit integers).
using Sgemm = void (*)(const char* transa, const char* transb, const int* m, const int* n,
                       const int* k, const float* alpha, const float* a, const int* lda,
                       const float* b, const int* ldb, const float* beta, float* c, const int* ldc);

// Looked up in the process rather than linked: Debian's LibTorch calls libblas.so.3's (loaded
// as its dependency), PyPI's the MKL copy it exports itself, and neither build needs a BLAS
// on ga3c's link line that could differ from LibTorch's.
Sgemm blas_sgemm() {
  static const Sgemm sgemm = reinterpret_cast<Sgemm>(dlsym(RTLD_DEFAULT, "sgemm_"));
  if (sgemm == nullptr) {
    throw std::runtime_error(
        "no BLAS sgemm_ in the process: this LibTorch was built without BLAS; use Debian's "
        "libtorch-dev or PyPI's torch");
  }
  return sgemm;
}

int blas_int(int64_t v) {
  if (v > INT_MAX) throw std::invalid_argument("torch_gemm: a size or stride beyond 32 bits");
  return static_cast<int>(v);
}

[[noreturn]] void unreadable(const char* operand) {
  throw std::invalid_argument(std::string("torch_gemm: ") + operand +
                              " is not a layout a BLAS reads in place");
}

}  // namespace

void torch_gemm(const MatrixView& c, const MatrixView& a_in, const MatrixView& b_in, float beta) {
  if (a_in.rows != c.rows || b_in.cols != c.cols || a_in.cols != b_in.rows) {
    throw std::invalid_argument("torch_gemm: sizes do not chain");
  }
  MatrixView m1 = a_in, m2 = b_in;
  int64_t m = c.rows, n = c.cols, k = a_in.cols;
  // addmm_impl_cpu_: a column-major result as it is, a row-major one as the transposed
  // product with the operands swapped.
  bool transpose_c;
  if (c.row_stride == 1 && (c.cols == 1 || c.col_stride >= std::max<int64_t>(1, m))) {
    transpose_c = false;
  } else if (c.col_stride == 1 && (c.rows == 1 || c.row_stride >= std::max<int64_t>(1, n))) {
    std::swap(m1, m2);
    std::swap(m, n);
    transpose_c = true;
  } else {
    unreadable("the result");
  }
  int64_t ldc = transpose_c ? c.row_stride : c.col_stride;
  // stride(i) of an operand as LibTorch indexes it: 0 rows, 1 columns.
  const auto stride = [](const MatrixView& v, bool first) {
    return first ? v.row_stride : v.col_stride;
  };
  const auto operand = [&](const MatrixView& v, int64_t lead, int64_t other, const char* name) {
    if (stride(v, !transpose_c) == 1 && stride(v, transpose_c) >= std::max<int64_t>(1, lead)) {
      return false;
    }
    if (stride(v, transpose_c) == 1 && stride(v, !transpose_c) >= std::max<int64_t>(1, other)) {
      return true;
    }
    unreadable(name);
  };
  const bool transpose_a = operand(m1, m, k, "a");
  const bool transpose_b = operand(m2, k, n, "b");
  int64_t lda = stride(m1, transpose_a != transpose_c);
  int64_t ldb = stride(m2, transpose_b != transpose_c);
  // CPUBlas.cpp normalize_last_dims: the leading dimension of a vector is its length.
  if (n == 1) ldc = m;
  if (transpose_a) {
    if (m == 1) lda = k;
  } else if (k == 1) {
    lda = m;
  }
  if (transpose_b) {
    if (k == 1) ldb = n;
  } else if (n == 1) {
    ldb = k;
  }
  const char ta = transpose_a ? 'T' : 'N', tb = transpose_b ? 'T' : 'N';
  const int im = blas_int(m), in = blas_int(n), ik = blas_int(k);
  const int ilda = blas_int(lda), ildb = blas_int(ldb), ildc = blas_int(ldc);
  const float alpha = 1.0f;
  blas_sgemm()(&ta, &tb, &im, &in, &ik, &alpha, m1.data, &ilda, m2.data, &ildb, &beta, c.data,
               &ildc);
}

}  // namespace ga3c::model
