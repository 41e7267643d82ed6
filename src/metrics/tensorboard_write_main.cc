// ga3c_tb_write_sample DIR: writes known scalars to a TensorBoard event file in DIR, for
// tests/reference/check_tensorboard.py to read back with TensorBoard's own EventAccumulator.
// The two series are written from two threads at once, as trainer and sync threads would.
// Keep the series in step with EXPECTED in check_tensorboard.py.
#include <cstdint>
#include <exception>
#include <iostream>
#include <thread>

#include "metrics/tensorboard_writer.h"

namespace {

constexpr double kStartS = 1700000000.0;

void write_sample(const char* dir) {
  ga3c::metrics::TensorBoardWriter writer(dir, "sample");
  std::thread episodes([&writer] {
    for (int i = 0; i < 100; ++i) {
      writer.add_scalar("episode/return", static_cast<float>(i * 0.5), i, kStartS + i * 0.25);
    }
  });
  std::thread syncs([&writer] {
    for (int i = 0; i < 50; ++i) {
      writer.add_scalar("sync/push_ms", static_cast<float>(i * 0.1), i * 10, kStartS + i * 0.5);
    }
  });
  episodes.join();
  syncs.join();
  // Steps beyond int32; values that float32 holds only rounded, the same way Python rounds them.
  writer.add_scalar("train/loss", static_cast<float>(1.0 / 3.0), int64_t{1} << 40, kStartS);
  writer.add_scalar("train/loss", static_cast<float>(-1e-30), (int64_t{1} << 40) + 1,
                    kStartS + 1e-3);
  writer.flush();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: ga3c_tb_write_sample DIR\n";
    return 2;
  }
  try {
    write_sample(argv[1]);
  } catch (const std::exception& error) {
    std::cerr << "ga3c_tb_write_sample: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
