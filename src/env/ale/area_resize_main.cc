// ga3c_area_resize: resizes 8-bit grey images with AreaResize, so tests can compare it byte for
// byte with OpenCV's INTER_AREA (tests/reference/compare_area_resize.py). Reads records from
// stdin until its end, each four little-endian int32 (src_rows, src_cols, dst_rows, dst_cols)
// and then src_rows x src_cols bytes, row-major; writes dst_rows x dst_cols bytes for each.
// Exit 2 with one line on stderr for a size AreaResize refuses or a record cut short.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <vector>

#include "env/ale/area_resize.h"

int main() {
  int32_t sizes[4];
  std::vector<uint8_t> image, resized;
  while (std::fread(sizes, sizeof sizes, 1, stdin) == 1) {
    try {
      ga3c::env::ale::AreaResize resize(sizes[0], sizes[1], sizes[2], sizes[3]);
      image.resize(static_cast<std::size_t>(sizes[0]) * sizes[1]);
      if (std::fread(image.data(), 1, image.size(), stdin) != image.size()) {
        std::fprintf(stderr, "ga3c_area_resize: a record ends before its %zu pixels\n",
                     image.size());
        return 2;
      }
      resized.resize(static_cast<std::size_t>(sizes[2]) * sizes[3]);
      resize.set_source(image.data());
      resize.resize(resized.data());
      std::fwrite(resized.data(), 1, resized.size(), stdout);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ga3c_area_resize: %s\n", e.what());
      return 2;
    }
  }
  return 0;
}
