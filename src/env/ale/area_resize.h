// AreaResize: downscaling of an 8-bit single-channel image by pixel-area averaging, giving
// the same bytes as OpenCV's cv::resize(src, dst, dst_size, 0, 0, cv::INTER_AREA), which is
// what Gymnasium's AtariPreprocessing calls (210x160 -> 84x84 for every ALE game).
//
// It follows OpenCV's general INTER_AREA path (modules/imgproc/src/resize.cpp: the weights of
// computeResizeAreaTab, the sums of ResizeArea_Invoker; checked byte for byte against
// Debian's OpenCV 4.6 and PyPI's cv2 5.0): per axis, scale = 1 / (dst / src) in double;
// output index d covers source [d * scale, d * scale + scale), and each source index it
// touches gets weight overlap / cell width, rounded to float (overlaps under 1e-3 dropped).
// Each source row is first summed across (float, in source order: weight * pixel), then
// those row sums are summed down (float, in source order: weight * row sum), and the total
// is rounded to the nearest integer, ties to even, and clamped to [0, 255]. The weights are
// computed once, here in the constructor. Bit-exactness needs float arithmetic exactly in
// that order, without fused multiply-adds (area_resize.cc is compiled with
// -ffp-contract=off for that).
//
// OpenCV takes another path, with integer averaging, when both ratios are integers; that
// case and upscaling are refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ga3c::env::ale {

class AreaResize {
 public:
  // Throws std::invalid_argument unless 0 < dst_rows <= src_rows, 0 < dst_cols <= src_cols
  // and src_rows / dst_rows or src_cols / dst_cols is not an integer.
  AreaResize(int src_rows, int src_cols, int dst_rows, int dst_cols);

  // The source image, held column by column (a column's rows are contiguous, so that the
  // sums across run over whole columns at once) and as float (the pixel values 0..255, which
  // OpenCV converts to float before weighing them too): pixel (r, c) is
  // source()[c * stride() + r]. Callers write it in place (AtariEnv pools its frames straight
  // into it); it keeps what was written until written again.
  float* source() { return source_.data(); }
  const float* source() const { return source_.data(); }
  std::size_t stride() const { return stride_; }
  // Copies a row-major [src_rows, src_cols] image into source().
  void set_source(const uint8_t* image);

  // The source resized into dst, row-major [dst_rows, dst_cols] uint8.
  void resize(uint8_t* dst);

  int src_rows() const { return src_rows_; }
  int src_cols() const { return src_cols_; }
  int dst_rows() const { return dst_rows_; }
  int dst_cols() const { return dst_cols_; }

  // One axis: output index d sums `taps` consecutive source indices from first[d], with
  // weights weight[d * taps + k] (0 for the taps that d does not touch).
  struct Axis {
    int taps = 0;
    std::vector<int> first;
    std::vector<float> weight;
  };

 private:
  int src_rows_, src_cols_, dst_rows_, dst_cols_;
  std::size_t stride_;              // src_rows_ rounded up to a multiple of 4
  Axis across_, down_;              // columns, rows
  std::vector<float> source_;       // [src_cols, stride_]
  std::size_t sums_stride_;         // dst_cols_ rounded up to a multiple of 16
  std::vector<float> column_sums_;  // [4, stride_]: 4 output columns' sums across, by row
  std::vector<float> sums_;         // [stride_, sums_stride_]: source row r summed across for d
  std::vector<float> row_sums_;     // [sums_stride_]: one output row before rounding
  std::vector<uint8_t> row_;        // [sums_stride_]: one output row
};

}  // namespace ga3c::env::ale
