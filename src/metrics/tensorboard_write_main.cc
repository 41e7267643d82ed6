// ga3c_tb_write_sample DIR [RESUMED_DIR]: writes known scalars to a TensorBoard event file in
// DIR, for tests/reference/check_tensorboard.py to read back with TensorBoard's own
// EventAccumulator. The two series are written from two threads at once, as trainer and sync
// threads would. With RESUMED_DIR, also writes there a run that stopped and went on from a
// checkpoint: a first file with steps 0..99, then a second that starts with the restart
// marker at step 60 and goes on from there with other values. Keep the series in step with
// EXPECTED and RESUMED in check_tensorboard.py.
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

void write_resumed(const char* dir) {
  {
    ga3c::metrics::TensorBoardWriter stopped(dir, "stopped");
    for (int i = 0; i < 100; ++i) {
      stopped.add_scalar("episode/return", static_cast<float>(i), i, kStartS + i);
    }
  }
  // "stopped" sorts before "went-on" within one second; a later second sorts after anyway.
  ga3c::metrics::TensorBoardWriter went_on(dir, "went-on");
  went_on.add_session_start(60, kStartS + 200);
  for (int i = 60; i < 80; ++i) {
    went_on.add_scalar("episode/return", static_cast<float>(-i), i, kStartS + 200 + i);
  }
  went_on.flush();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::cerr << "usage: ga3c_tb_write_sample DIR [RESUMED_DIR]\n";
    return 2;
  }
  try {
    write_sample(argv[1]);
    if (argc == 3) write_resumed(argv[2]);
  } catch (const std::exception& error) {
    std::cerr << "ga3c_tb_write_sample: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
