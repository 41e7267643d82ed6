// ga3c_make_test_checkpoint DIR ENV NETWORK [NUM_PS_RANKS] [STICKY_ACTIONS]: writes a
// checkpoint of an untrained network (seed 1) into DIR, one file per rank, and prints their
// paths; the end-to-end checks of `ga3c eval` use it.
#include <cstdio>
#include <exception>
#include <string>

#include "checkpoint/checkpoint_directory.h"
#include "run/untrained_checkpoint.h"

int main(int argc, char** argv) {
  if (argc < 4 || argc > 6) {
    std::fprintf(stderr, "usage: %s DIR ENV NETWORK [NUM_PS_RANKS] [STICKY_ACTIONS]\n", argv[0]);
    return 2;
  }
  try {
    const int ranks = argc > 4 ? std::stoi(argv[4]) : 1;
    const double sticky = argc > 5 ? std::stod(argv[5]) : 0.1;
    for (const auto& c :
         ga3c::run::testing::make_untrained_checkpoint(argv[2], argv[3], 1, ranks, sticky)) {
      std::printf("%s\n", ga3c::checkpoint::write_checkpoint(argv[1], c, 1).path.c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", argv[0], e.what());
    return 1;
  }
}
