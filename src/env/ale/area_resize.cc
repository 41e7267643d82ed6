#include "env/ale/area_resize.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "env/ale/float4.h"

namespace ga3c::env::ale {
namespace {

// Both passes work on 4 floats at a time (Float4): the compiler does not vectorize these loops
// by itself at -O2, nor the 4x4 transposition between the passes at all.
using Int4 = int32_t __attribute__((vector_size(16)));
constexpr int kLanes = 4;
// Output rows are rounded to bytes kChunk values at a time (a loop of constant length, which
// the compiler vectorizes).
constexpr int kChunk = 16;

// The taps of one axis, as OpenCV's computeResizeAreaTab finds them: for each output index,
// the (source index, weight) pairs in source order.
AreaResize::Axis make_axis(int src, int dst, int padded_dst) {
  const double scale = 1.0 / (static_cast<double>(dst) / src);
  std::vector<std::vector<std::pair<int, float>>> taps(dst);
  int most = 0;
  for (int d = 0; d < dst; ++d) {
    const double from = d * scale;
    const double to = from + scale;
    const double cell = std::min(scale, src - from);
    const int full_to = std::min(static_cast<int>(std::floor(to)), src - 1);
    const int full_from = std::min(static_cast<int>(std::ceil(from)), full_to);
    auto& t = taps[d];
    if (full_from - from > 1e-3) {
      t.emplace_back(full_from - 1, static_cast<float>((full_from - from) / cell));
    }
    for (int s = full_from; s < full_to; ++s) t.emplace_back(s, static_cast<float>(1.0 / cell));
    if (to - full_to > 1e-3) {
      t.emplace_back(full_to,
                     static_cast<float>(std::min(std::min(to - full_to, 1.0), cell) / cell));
    }
    most = std::max(most, static_cast<int>(t.size()));
  }
  // Every output index gets the same number of taps, the extra ones with weight 0: adding
  // weight 0 x pixel (+0) to a sum of non-negative terms leaves it as it is, bit for bit.
  AreaResize::Axis axis;
  axis.taps = most;
  axis.first.assign(padded_dst, 0);
  axis.weight.assign(static_cast<std::size_t>(padded_dst) * most, 0.0f);
  for (int d = 0; d < dst; ++d) {
    axis.first[d] = std::min(taps[d].front().first, src - most);
    for (const auto& [s, w] : taps[d]) axis.weight[d * most + (s - axis.first[d])] = w;
  }
  return axis;
}

// Columns a[0..3] (4 rows each) stored as rows: out[m * stride + j] = a[j][m].
inline void store_transposed(const Float4 (&a)[kLanes], float* out, std::size_t stride) {
  const Float4 low01 = __builtin_shufflevector(a[0], a[1], 0, 4, 1, 5);
  const Float4 high01 = __builtin_shufflevector(a[0], a[1], 2, 6, 3, 7);
  const Float4 low23 = __builtin_shufflevector(a[2], a[3], 0, 4, 1, 5);
  const Float4 high23 = __builtin_shufflevector(a[2], a[3], 2, 6, 3, 7);
  store4(out, __builtin_shufflevector(low01, low23, 0, 1, 4, 5));
  store4(out + stride, __builtin_shufflevector(low01, low23, 2, 3, 6, 7));
  store4(out + 2 * stride, __builtin_shufflevector(high01, high23, 0, 1, 4, 5));
  store4(out + 3 * stride, __builtin_shufflevector(high01, high23, 2, 3, 6, 7));
}

// sum[i] = sum[i] (or nothing, for the first taps) + values[0][i] * weight[0] + ... +
// values[kTaps - 1][i] * weight[kTaps - 1], added in that order, for i in [0, count) (a
// multiple of 4); values[k] is values[0] + k * step. Up to 3 taps in one go keep the partial
// sums in registers.
template <int kTaps, bool kFirst>
void add_taps(float* sum, const float* values, std::size_t step, const float* weight,
              std::size_t count) {
  Float4 w[kTaps];
  for (int k = 0; k < kTaps; ++k) w[k] = splat(weight[k]);
  for (std::size_t i = 0; i < count; i += kLanes) {
    Float4 acc = load4(values + i) * w[0];
    if (!kFirst) acc = load4(sum + i) + acc;
    for (int k = 1; k < kTaps; ++k) acc += load4(values + k * step + i) * w[k];
    store4(sum + i, acc);
  }
}

// add_taps over any number of taps, 3 at a time.
void add_all_taps(float* sum, const float* values, std::size_t step, const float* weight, int taps,
                  std::size_t count) {
  for (int k = 0; k < taps; k += 3) {
    const float* v = values + k * step;
    const float* w = weight + k;
    switch ((taps - k >= 3 ? 3 : taps - k) * 2 + (k == 0 ? 1 : 0)) {
      case 7:
        add_taps<3, true>(sum, v, step, w, count);
        break;
      case 6:
        add_taps<3, false>(sum, v, step, w, count);
        break;
      case 5:
        add_taps<2, true>(sum, v, step, w, count);
        break;
      case 4:
        add_taps<2, false>(sum, v, step, w, count);
        break;
      case 3:
        add_taps<1, true>(sum, v, step, w, count);
        break;
      default:
        add_taps<1, false>(sum, v, step, w, count);
        break;
    }
  }
}

// Each v >= 0 rounded to the nearest integer, ties to even, and clamped to 255, as OpenCV's
// saturate_cast<uchar> (cvRound under the default rounding mode): the float 2^23 + v has no
// fraction bits left, so the addition rounds, and its truncation to int32 is then exact.
inline void round_to_bytes(const float* v, uint8_t* out) {
  int32_t rounded[kChunk];
  for (int i = 0; i < kChunk; i += kLanes) {
    const Int4 r = __builtin_convertvector(load4(v + i) + splat(0x1p23f), Int4) - (1 << 23);
    const Int4 over = r > 255;
    const Int4 clamped = (r & ~over) | (over & 255);
    std::memcpy(rounded + i, &clamped, sizeof clamped);
  }
  for (int i = 0; i < kChunk; ++i) out[i] = static_cast<uint8_t>(rounded[i]);
}

}  // namespace

AreaResize::AreaResize(int src_rows, int src_cols, int dst_rows, int dst_cols)
    : src_rows_(src_rows), src_cols_(src_cols), dst_rows_(dst_rows), dst_cols_(dst_cols) {
  const std::string sizes = std::to_string(src_rows) + "x" + std::to_string(src_cols) + " -> " +
                            std::to_string(dst_rows) + "x" + std::to_string(dst_cols);
  if (dst_rows < 1 || dst_cols < 1 || dst_rows > src_rows || dst_cols > src_cols) {
    throw std::invalid_argument("AreaResize " + sizes + ": only downscaling is supported");
  }
  if (src_rows % dst_rows == 0 && src_cols % dst_cols == 0) {
    throw std::invalid_argument("AreaResize " + sizes +
                                ": integer ratios take OpenCV's other INTER_AREA path, which "
                                "this does not reproduce");
  }
  const int stride = (src_rows + kLanes - 1) / kLanes * kLanes;
  const int sums_stride = (dst_cols + kChunk - 1) / kChunk * kChunk;
  stride_ = static_cast<std::size_t>(stride);
  sums_stride_ = static_cast<std::size_t>(sums_stride);
  across_ = make_axis(src_cols, dst_cols, static_cast<int>(sums_stride_));
  down_ = make_axis(src_rows, dst_rows, dst_rows);
  source_.assign(stride_ * src_cols, 0.0f);
  sums_.assign(stride_ * sums_stride_, 0.0f);
  column_sums_.assign(kLanes * stride_, 0.0f);
  row_sums_.assign(sums_stride_, 0.0f);
  row_.assign(sums_stride_, 0);
}

void AreaResize::set_source(const uint8_t* image) {
  for (int r = 0; r < src_rows_; ++r) {
    for (int c = 0; c < src_cols_; ++c) {
      source_[c * stride_ + r] = static_cast<float>(image[r * src_cols_ + c]);
    }
  }
}

void AreaResize::resize(uint8_t* dst) {
  // Across: each output column d over all source rows (the padding rows below src_rows_
  // too, which are never read back), 4 output columns at a time (those up to a whole 4
  // too), then stored row by row for the pass down.
  for (int d = 0; d < dst_cols_; d += kLanes) {
    for (int j = 0; j < kLanes; ++j) {
      add_all_taps(column_sums_.data() + j * stride_,
                   source_.data() + across_.first[d + j] * stride_, stride_,
                   across_.weight.data() + (d + j) * across_.taps, across_.taps, stride_);
    }
    const float* sum = column_sums_.data();
    for (std::size_t r = 0; r < stride_; r += kLanes) {
      const Float4 columns[kLanes] = {load4(sum + r), load4(sum + stride_ + r),
                                      load4(sum + 2 * stride_ + r), load4(sum + 3 * stride_ + r)};
      store_transposed(columns, sums_.data() + r * sums_stride_ + d, sums_stride_);
    }
  }
  // Down: each output row over all output columns (the padding ones too).
  float* row = row_sums_.data();
  for (int e = 0; e < dst_rows_; ++e) {
    add_all_taps(row, sums_.data() + down_.first[e] * sums_stride_, sums_stride_,
                 down_.weight.data() + e * down_.taps, down_.taps, sums_stride_);
    for (std::size_t d = 0; d < sums_stride_; d += kChunk) round_to_bytes(row + d, row_.data() + d);
    std::copy(row_.begin(), row_.begin() + dst_cols_, dst + e * dst_cols_);
  }
}

}  // namespace ga3c::env::ale
