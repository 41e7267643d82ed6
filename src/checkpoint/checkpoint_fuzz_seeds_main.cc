// Writes the seed corpus of checkpoint_fuzz into the directory named by its argument: small
// valid checkpoints of each optimizer and rank layout, each as a whole file (first byte 0) and
// as a bare payload (first byte 1), the two input forms checkpoint_fuzz.cc reads.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_fixture.h"

int main(int argc, char** argv) {
  using namespace ga3c::checkpoint;
  if (argc != 2) {
    std::cerr << "usage: checkpoint_fuzz_seeds DIR\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  int count = 0;
  const auto write = [&](const std::string& name, char form, const std::string& bytes) {
    std::ofstream out(dir / name, std::ios::binary);
    out << form << bytes;
    if (!out.flush()) {
      std::cerr << "cannot write " << (dir / name).string() << "\n";
      std::exit(1);
    }
    ++count;
  };
  using ga3c::algo::OptimizerKind;
  for (OptimizerKind kind : {OptimizerKind::kSgd, OptimizerKind::kRmsProp, OptimizerKind::kAdam}) {
    for (int rank = 0; rank < 2; ++rank) {
      const int ranks = rank + 1;
      const std::string file =
          encode_checkpoint(testing::make_checkpoint(4000, rank, ranks, kind, 3));
      const std::string name = ga3c::algo::to_string(kind) + "-rank" + std::to_string(rank) +
                               "-of-" + std::to_string(ranks);
      write(name + "-file", '\0', file);
      write(name + "-payload", '\1', file.substr(kHeaderSize));
    }
  }
  std::cout << count << " seeds in " << dir.string() << "\n";
  return 0;
}
