#include "render/gif_encoder.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>

#include <gif_lib.h>
#include <gtest/gtest.h>

namespace ga3c::render {
namespace {

// The bytes decoded back with giflib's DGifSlurp, as any GIF reader would see them.
struct Decoded {
  std::string bytes;
  std::size_t read = 0;
  GifFileType* gif = nullptr;

  explicit Decoded(std::string b) : bytes(std::move(b)) {
    int error = 0;
    gif = DGifOpen(this, &Decoded::input, &error);
    if (!gif) throw std::runtime_error(GifErrorString(error));
    if (DGifSlurp(gif) == GIF_ERROR) throw std::runtime_error(GifErrorString(gif->Error));
  }
  ~Decoded() {
    int error = 0;
    DGifCloseFile(gif, &error);
  }
  static int input(GifFileType* gif, GifByteType* out, int length) {
    auto* self = static_cast<Decoded*>(gif->UserData);
    const std::size_t n = std::min<std::size_t>(length, self->bytes.size() - self->read);
    std::copy_n(self->bytes.data() + self->read, n, out);
    self->read += n;
    return static_cast<int>(n);
  }
  uint8_t pixel(int frame, int x, int y) const {
    return gif->SavedImages[frame].RasterBits[y * gif->SWidth + x];
  }
};

// Frame k: colour 1 everywhere but a 2x2 square of colour 2 at (k, 0).
IndexedImage frame(int k) {
  IndexedImage image(6, 4, 1);
  for (int y = 0; y < 2; ++y) {
    for (int x = k; x < k + 2; ++x) image.at(x, y) = 2;
  }
  return image;
}

const Palette kPalette = {{0, 0, 0}, {22, 61, 78}, {255, 255, 255}};

GifEncoder::Sink into(std::string& bytes) {
  return [&bytes](std::string_view b) { bytes.append(b); };
}

std::string three_frames(int delay_cs) {
  std::string bytes;
  GifEncoder encoder(6, 4, kPalette, delay_cs, into(bytes));
  for (int k = 0; k < 3; ++k) encoder.add_frame(frame(k));
  EXPECT_EQ(encoder.frames(), 3);
  encoder.finish();
  return bytes;
}

TEST(GifEncoder, WritesAGif89aFileEndingInItsTrailer) {
  const std::string bytes = three_frames(7);
  EXPECT_EQ(bytes.substr(0, 6), "GIF89a");
  EXPECT_EQ(bytes.back(), '\x3b');
}

TEST(GifEncoder, FramesDecodeBackWithTheirSizeColoursAndPixels) {
  const Decoded d(three_frames(7));
  EXPECT_EQ(d.gif->SWidth, 6);
  EXPECT_EQ(d.gif->SHeight, 4);
  ASSERT_EQ(d.gif->ImageCount, 3);
  ASSERT_NE(d.gif->SColorMap, nullptr);
  ASSERT_EQ(d.gif->SColorMap->ColorCount, 4);  // 3 colours padded to a power of two
  const GifColorType teal = d.gif->SColorMap->Colors[1];
  EXPECT_EQ(teal.Red, 22);
  EXPECT_EQ(teal.Green, 61);
  EXPECT_EQ(teal.Blue, 78);
  EXPECT_EQ(d.gif->SColorMap->Colors[2].Red, 255);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(d.gif->SavedImages[k].ImageDesc.Width, 6);
    EXPECT_EQ(d.pixel(k, k, 0), 2) << "frame " << k;
    EXPECT_EQ(d.pixel(k, k + 1, 1), 2) << "frame " << k;
    EXPECT_EQ(d.pixel(k, k, 2), 1) << "frame " << k;
    EXPECT_EQ(d.pixel(k, 5, 3), 1) << "frame " << k;
    GraphicsControlBlock control;
    ASSERT_EQ(DGifSavedExtensionToGCB(d.gif, k, &control), GIF_OK);
    EXPECT_EQ(control.DelayTime, 7);
    EXPECT_EQ(control.TransparentColor, NO_TRANSPARENT_COLOR);
  }
  EXPECT_EQ(d.pixel(0, 2, 0), 1);
  EXPECT_EQ(d.pixel(2, 0, 0), 1);
}

// GIF delays are whole centiseconds; Atari's 4 frames at 60 Hz are 6.67 cs, which a fixed 7
// cs plays at 14.3 pictures a second instead of 15 (issue 27).
TEST(GifEncoder, AFractionalDelayIsMetOnAverage) {
  std::string bytes;
  GifEncoder encoder(6, 4, kPalette, 100.0 * 4 / 60, into(bytes));
  for (int k = 0; k < 30; ++k) encoder.add_frame(frame(k % 3));
  encoder.finish();
  const Decoded d(bytes);
  ASSERT_EQ(d.gif->ImageCount, 30);
  std::vector<int> delays;
  for (int k = 0; k < 30; ++k) {
    GraphicsControlBlock control;
    ASSERT_EQ(DGifSavedExtensionToGCB(d.gif, k, &control), GIF_OK);
    delays.push_back(control.DelayTime);
  }
  EXPECT_EQ(std::vector<int>(delays.begin(), delays.begin() + 6),
            (std::vector<int>{7, 6, 7, 7, 6, 7}));
  EXPECT_EQ(std::accumulate(delays.begin(), delays.end(), 0), 200);  // 30 pictures in 2 s
}

TEST(GifEncoder, LoopsForeverThroughTheNetscapeExtension) {
  const Decoded d(three_frames(5));
  // DGifSlurp files the extensions read before an image with that image.
  const SavedImage& first = d.gif->SavedImages[0];
  int found = 0;
  for (int i = 0; i + 1 < first.ExtensionBlockCount; ++i) {
    const ExtensionBlock& block = first.ExtensionBlocks[i];
    if (block.Function != APPLICATION_EXT_FUNC_CODE) continue;
    ASSERT_EQ(block.ByteCount, 11);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(block.Bytes), 11), "NETSCAPE2.0");
    const ExtensionBlock& data = first.ExtensionBlocks[i + 1];
    EXPECT_EQ(data.Function, CONTINUE_EXT_FUNC_CODE);
    ASSERT_EQ(data.ByteCount, 3);
    EXPECT_EQ(data.Bytes[0], 1);                       // the loop sub-block
    EXPECT_EQ(data.Bytes[1] | data.Bytes[2] << 8, 0);  // 0: forever
    ++found;
  }
  EXPECT_EQ(found, 1);
}

// Each frame reaches the sink as it is added (nothing waits for finish()), and what the sink
// throws comes out of the call that was writing, once.
TEST(GifEncoder, StreamsEachFrameToItsSink) {
  std::string bytes;
  GifEncoder encoder(6, 4, kPalette, 5, into(bytes));
  const std::size_t header = bytes.size();
  EXPECT_GT(header, 6u);
  encoder.add_frame(frame(0));
  const std::size_t one = bytes.size();
  EXPECT_GT(one, header);
  encoder.add_frame(frame(1));
  EXPECT_GT(bytes.size(), one);

  bool full = false;
  GifEncoder failing(6, 4, kPalette, 5, [&full](std::string_view) {
    if (full) throw std::runtime_error("disk full");
  });
  full = true;
  try {
    failing.add_frame(frame(0));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "disk full");
  }
}

TEST(GifEncoder, RefusesFramesThatDoNotFit) {
  std::string bytes;
  GifEncoder encoder(6, 4, kPalette, 5, into(bytes));
  EXPECT_THROW(encoder.add_frame(IndexedImage(5, 4)), std::invalid_argument);
  EXPECT_THROW(encoder.add_frame(IndexedImage(6, 4, 3)), std::invalid_argument);  // no colour 3
  EXPECT_THROW(encoder.finish(), std::logic_error);                               // no frame yet
  encoder.add_frame(frame(0));
  encoder.finish();
  EXPECT_THROW(encoder.add_frame(frame(1)), std::logic_error);
  EXPECT_THROW(encoder.finish(), std::logic_error);
}

TEST(GifEncoder, RefusesImpossibleAnimations) {
  std::string bytes;
  EXPECT_THROW(GifEncoder(0, 4, kPalette, 5, into(bytes)), std::invalid_argument);
  EXPECT_THROW(GifEncoder(6, 4, Palette(257), 5, into(bytes)), std::invalid_argument);
  EXPECT_THROW(GifEncoder(6, 4, Palette{}, 5, into(bytes)), std::invalid_argument);
  EXPECT_THROW(GifEncoder(6, 4, kPalette, -1, into(bytes)), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::render
