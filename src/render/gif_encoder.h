// An animated GIF (GIF89a, through giflib) written one frame at a time, which loops forever:
// the NETSCAPE2.0 application extension with a loop count of 0, the one browsers and image
// viewers honour. Each frame is LZW-compressed as it arrives and its bytes handed to a sink
// (a file being written, say), so the encoder holds no more than one frame whatever the
// length of the animation.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "render/indexed_image.h"

namespace ga3c::render {

class GifEncoder {
 public:
  // Receives the file's bytes in order; what it throws is rethrown by the encoder's call
  // that was writing.
  using Sink = std::function<void(std::string_view bytes)>;

  // width, height in 1..65535 pixels; palette of 1..256 colours (padded with black to the
  // power of two a GIF colour table needs); delay_cs in 0..65535 centiseconds per frame. A
  // GIF's delays are whole centiseconds: with a fractional delay_cs, frame k shows until
  // round((k + 1) * delay_cs), so that the delays average delay_cs (6.67 cs: 7, 6, 7, 7, 6, 7,
  // ..., 15 frames a second). The header goes to sink at once. Throws std::invalid_argument
  // for values outside those ranges.
  GifEncoder(int width, int height, const Palette& palette, double delay_cs, Sink sink);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  // frame: width x height, every index below the palette's size; throws std::invalid_argument
  // otherwise, std::runtime_error when giflib fails, std::logic_error after finish().
  void add_frame(const IndexedImage& frame);
  int frames() const { return frames_; }

  // Ends the file (its trailer goes to the sink). Throws std::logic_error when no frame was
  // added or finish() was called before, std::runtime_error when giflib fails.
  void finish();

 private:
  struct Output;
  int width_;
  int height_;
  int colours_;
  double delay_cs_;
  int frames_ = 0;
  std::unique_ptr<Output> output_;  // the giflib handle, the sink and the sink's failure
};

}  // namespace ga3c::render
