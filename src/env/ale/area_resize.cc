#include "env/ale/area_resize.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace ga3c::env::ale {
namespace {

// Rows are processed in chunks of this many: loops of a constant trip count are what the
// compiler vectorizes at -O2.
constexpr int kChunk = 16;
// Output columns summed across together, so that their sums go to memory as whole vectors
// (transpose_4x4).
constexpr int kGroup = 4;

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
    int full_to = std::min(static_cast<int>(std::floor(to)), src - 1);
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

// The compiler does not vectorize the transposition of the sums across (4 output columns x
// a chunk of rows, to rows x 4 columns) by itself; GCC's and Clang's vector extensions do it
// in shuffles on any target.
using Float4 = float __attribute__((vector_size(16)));

inline Float4 load4(const float* p) {
  Float4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Rows a, b, c, d (4 floats each) written as columns: out[m * stride + 0..3] is a[m], b[m],
// c[m], d[m].
inline void transpose_4x4(const float* a, const float* b, const float* c, const float* d,
                          float* out, std::size_t stride) {
  const Float4 va = load4(a), vb = load4(b), vc = load4(c), vd = load4(d);
  const Float4 ab_low = __builtin_shufflevector(va, vb, 0, 4, 1, 5);
  const Float4 ab_high = __builtin_shufflevector(va, vb, 2, 6, 3, 7);
  const Float4 cd_low = __builtin_shufflevector(vc, vd, 0, 4, 1, 5);
  const Float4 cd_high = __builtin_shufflevector(vc, vd, 2, 6, 3, 7);
  const Float4 rows[4] = {__builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5),
                          __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7),
                          __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5),
                          __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7)};
  for (int m = 0; m < 4; ++m) std::memcpy(out + m * stride, &rows[m], sizeof rows[m]);
}

// Each v >= 0 rounded to the nearest integer, ties to even, and clamped to 255, as OpenCV's
// saturate_cast<uchar> (cvRound under the default rounding mode): the float 2^23 + v has no
// fraction bits left, so the addition rounds, and its truncation to int32 is then exact.
inline void round_to_bytes(const float* v, uint8_t* out) {
  int32_t rounded[kChunk];
  for (int i = 0; i < kChunk; ++i) rounded[i] = static_cast<int32_t>(v[i] + 0x1p23f) - (1 << 23);
  for (int i = 0; i < kChunk; ++i) out[i] = static_cast<uint8_t>(std::min(rounded[i], 255));
}

}  // namespace

AreaResize::AreaResize(int src_rows, int src_cols, int dst_rows, int dst_cols)
    : src_rows_(src_rows), src_cols_(src_cols), dst_rows_(dst_rows), dst_cols_(dst_cols) {
  const std::string sizes = std::to_string(src_rows) + "x" + std::to_string(src_cols) +
                            " -> " + std::to_string(dst_rows) + "x" + std::to_string(dst_cols);
  if (dst_rows < 1 || dst_cols < 1 || dst_rows > src_rows || dst_cols > src_cols) {
    throw std::invalid_argument("AreaResize " + sizes + ": only downscaling is supported");
  }
  if (src_rows % dst_rows == 0 && src_cols % dst_cols == 0) {
    throw std::invalid_argument("AreaResize " + sizes +
                                ": integer ratios take OpenCV's other INTER_AREA path, which "
                                "this does not reproduce");
  }
  stride_ = static_cast<std::size_t>((src_rows + kChunk - 1) / kChunk * kChunk);
  sums_stride_ = static_cast<std::size_t>((dst_cols + kChunk - 1) / kChunk * kChunk);
  across_ = make_axis(src_cols, dst_cols, static_cast<int>(sums_stride_));
  down_ = make_axis(src_rows, dst_rows, dst_rows);
  source_.assign(stride_ * src_cols, 0);
  sums_.assign(stride_ * sums_stride_, 0.0f);
  row_.assign(sums_stride_, 0);
}

void AreaResize::set_source(const uint8_t* image) {
  for (int r = 0; r < src_rows_; ++r) {
    for (int c = 0; c < src_cols_; ++c) source_[c * stride_ + r] = image[r * src_cols_ + c];
  }
}

void AreaResize::resize(uint8_t* dst) {
  // Across: kGroup output columns for a chunk of source rows at a time (the padding rows
  // below src_rows_ and columns up to a whole group too, which are never read back), the
  // sums stored row by row for the pass down.
  const int taps_across = across_.taps;
  for (int d = 0; d < dst_cols_; d += kGroup) {
    for (std::size_t r = 0; r < stride_; r += kChunk) {
      float acc[kGroup][kChunk];
      for (int j = 0; j < kGroup; ++j) {
        const uint8_t* column = source_.data() + across_.first[d + j] * stride_ + r;
        const float* weight = across_.weight.data() + (d + j) * taps_across;
        for (int i = 0; i < kChunk; ++i) acc[j][i] = static_cast<float>(column[i]) * weight[0];
        for (int k = 1; k < taps_across; ++k) {
          const uint8_t* next = column + k * stride_;
          for (int i = 0; i < kChunk; ++i) acc[j][i] += static_cast<float>(next[i]) * weight[k];
        }
      }
      float* sum = sums_.data() + r * sums_stride_ + d;
      for (int i = 0; i < kChunk; i += kGroup) {
        transpose_4x4(&acc[0][i], &acc[1][i], &acc[2][i], &acc[3][i], sum + i * sums_stride_,
                      sums_stride_);
      }
    }
  }
  // Down: each output row, for a chunk of output columns at a time (the padding columns too).
  const int taps_down = down_.taps;
  for (int e = 0; e < dst_rows_; ++e) {
    const float* rows = sums_.data() + down_.first[e] * sums_stride_;
    const float* weight = down_.weight.data() + e * taps_down;
    for (std::size_t d = 0; d < sums_stride_; d += kChunk) {
      float acc[kChunk];
      for (int i = 0; i < kChunk; ++i) acc[i] = weight[0] * rows[d + i];
      for (int k = 1; k < taps_down; ++k) {
        const float* next = rows + k * sums_stride_ + d;
        for (int i = 0; i < kChunk; ++i) acc[i] += weight[k] * next[i];
      }
      round_to_bytes(acc, row_.data() + d);
    }
    std::copy(row_.begin(), row_.begin() + dst_cols_, dst + e * dst_cols_);
  }
}

}  // namespace ga3c::env::ale
