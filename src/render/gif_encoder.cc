#include "render/gif_encoder.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include <gif_lib.h>

namespace ga3c::render {
namespace {

std::string shortest(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::runtime_error gif_error(const std::string& step, int code) {
  const char* reason = GifErrorString(code);
  return std::runtime_error("GIF encoder: cannot " + step + " (" +
                            (reason ? reason : "giflib error " + std::to_string(code)) + ")");
}

int to_power_of_two(int n) {
  int p = 2;  // a GIF colour table has at least 2 entries
  while (p < n) p *= 2;
  return p;
}

}  // namespace

struct GifEncoder::Output {
  Sink sink;
  std::exception_ptr failure;  // what the sink threw; giflib is told the write failed
  GifFileType* gif = nullptr;

  // Exceptions must not cross giflib's C frames.
  static int write(GifFileType* gif, const GifByteType* data, int length) {
    auto* self = static_cast<Output*>(gif->UserData);
    if (self->failure) return 0;
    try {
      self->sink(std::string_view(reinterpret_cast<const char*>(data), length));
    } catch (...) {
      self->failure = std::current_exception();
      return 0;
    }
    return length;
  }
  // The sink's own error when it failed, else giflib's.
  [[noreturn]] void fail(const std::string& step, int code) const {
    if (failure) std::rethrow_exception(failure);
    throw gif_error(step, code);
  }
  ~Output() {
    int error = 0;
    if (gif) EGifCloseFile(gif, &error);
  }
};

GifEncoder::GifEncoder(int width, int height, const Palette& palette, double delay_cs, Sink sink)
    : width_(width),
      height_(height),
      colours_(static_cast<int>(palette.size())),
      delay_cs_(delay_cs),
      output_(std::make_unique<Output>()) {
  output_->sink = std::move(sink);
  if (width < 1 || width > 65535 || height < 1 || height > 65535 || palette.empty() ||
      palette.size() > 256 || !(delay_cs >= 0 && delay_cs <= 65535)) {
    throw std::invalid_argument(
        "a GIF needs 1..65535 pixels a side, 1..256 colours and a delay of 0..65535 cs, got " +
        std::to_string(width) + "x" + std::to_string(height) + ", " +
        std::to_string(palette.size()) + " colours, " + shortest(delay_cs) + " cs");
  }
  int error = 0;
  output_->gif = EGifOpen(output_.get(), &Output::write, &error);
  if (!output_->gif) throw gif_error("start", error);
  GifFileType* gif = output_->gif;

  const int table_size = to_power_of_two(colours_);
  std::vector<GifColorType> colours(table_size, GifColorType{0, 0, 0});
  for (int i = 0; i < colours_; ++i) colours[i] = {palette[i].r, palette[i].g, palette[i].b};
  ColorMapObject* map = GifMakeMapObject(table_size, colours.data());
  if (!map) throw std::bad_alloc();
  // Without extension blocks saved in the handle giflib would write GIF87a, which has no
  // animation; the loop and delay extensions below need GIF89a.
  EGifSetGifVersion(gif, true);
  const int described = EGifPutScreenDesc(gif, width, height, 8, 0, map);
  GifFreeMapObject(map);
  if (described == GIF_ERROR) output_->fail("write the screen descriptor", gif->Error);

  static const GifByteType kApplication[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType kLoopForever[] = {1, 0, 0};  // sub-block 1: loop count 0 (little-endian)
  if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif, sizeof kApplication, kApplication) == GIF_ERROR ||
      EGifPutExtensionBlock(gif, sizeof kLoopForever, kLoopForever) == GIF_ERROR ||
      EGifPutExtensionTrailer(gif) == GIF_ERROR) {
    output_->fail("write the loop extension", gif->Error);
  }
}

GifEncoder::~GifEncoder() = default;

void GifEncoder::add_frame(const IndexedImage& frame) {
  if (!output_->gif) throw std::logic_error("GIF encoder: add_frame() after finish()");
  if (frame.width != width_ || frame.height != height_ ||
      frame.pixels.size() != static_cast<std::size_t>(width_) * height_) {
    throw std::invalid_argument("GIF frame is " + std::to_string(frame.width) + "x" +
                                std::to_string(frame.height) + ", the animation " +
                                std::to_string(width_) + "x" + std::to_string(height_));
  }
  for (uint8_t index : frame.pixels) {
    if (index >= colours_) {
      throw std::invalid_argument("GIF frame uses colour " + std::to_string(index) +
                                  " of a palette of " + std::to_string(colours_));
    }
  }
  GifFileType* gif = output_->gif;
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;
  control.DelayTime =
      static_cast<int>(std::lround((frames_ + 1) * delay_cs_) - std::lround(frames_ * delay_cs_));
  control.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const auto length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) ==
      GIF_ERROR) {
    output_->fail("write a frame delay", gif->Error);
  }
  if (EGifPutImageDesc(gif, 0, 0, width_, height_, false, nullptr) == GIF_ERROR) {
    output_->fail("write an image descriptor", gif->Error);
  }
  std::vector<GifPixelType> row(width_);  // giflib takes a mutable row
  for (int y = 0; y < height_; ++y) {
    const auto* first = frame.pixels.data() + static_cast<std::size_t>(y) * width_;
    row.assign(first, first + width_);
    if (EGifPutLine(gif, row.data(), width_) == GIF_ERROR) {
      output_->fail("compress a frame", gif->Error);
    }
  }
  ++frames_;
}

void GifEncoder::finish() {
  if (!output_->gif) throw std::logic_error("GIF encoder: finish() called twice");
  if (frames_ == 0) throw std::logic_error("GIF encoder: finish() before any frame");
  int error = 0;
  const int closed = EGifCloseFile(output_->gif, &error);  // writes the trailer, frees the handle
  output_->gif = nullptr;
  if (closed == GIF_ERROR || output_->failure) output_->fail("finish the file", error);
}

}  // namespace ga3c::render
