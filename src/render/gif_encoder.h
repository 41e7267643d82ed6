// An animated GIF (GIF89a, through giflib) built in memory one frame at a time, which loops
// forever: the NETSCAPE2.0 application extension with a loop count of 0, the one browsers and
// image viewers honour. Each frame is LZW-compressed as it arrives, so a long episode holds
// only compressed bytes.
#pragma once

#include <memory>
#include <string>

#include "render/indexed_image.h"

namespace ga3c::render {

class GifEncoder {
 public:
  // width, height in 1..65535 pixels; palette of 1..256 colours (padded with black to the
  // power of two a GIF colour table needs); delay_cs in 0..65535 centiseconds per frame.
  // Throws std::invalid_argument for values outside those ranges.
  GifEncoder(int width, int height, const Palette& palette, int delay_cs);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  // frame: width x height, every index below the palette's size; throws std::invalid_argument
  // otherwise, std::runtime_error when giflib fails, std::logic_error after finish().
  void add_frame(const IndexedImage& frame);
  int frames() const { return frames_; }

  // Ends the file and returns its bytes. Throws std::logic_error when no frame was added or
  // finish() was called before, std::runtime_error when giflib fails.
  std::string finish();

 private:
  struct Output;
  int width_;
  int height_;
  int colours_;
  int delay_cs_;
  int frames_ = 0;
  std::unique_ptr<Output> output_;  // the giflib handle and the bytes written so far
};

}  // namespace ga3c::render
