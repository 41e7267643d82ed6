// How the flat parameter vector is split over parameter-server shards.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace ga3c::ps {

struct ShardRange {
  std::size_t offset = 0;  // index of the shard's first parameter in the flat vector
  std::size_t size = 0;    // number of parameters in the shard
};

// P contiguous shards of nearly equal size (the first num_params % P get one more).
// Throws std::invalid_argument when num_shards < 1 or num_shards > num_params.
inline std::vector<ShardRange> shard_layout(std::size_t num_params, int num_shards) {
  if (num_shards < 1 || static_cast<std::size_t>(num_shards) > num_params) {
    throw std::invalid_argument("cannot split " + std::to_string(num_params) + " parameters into " +
                                std::to_string(num_shards) + " shards");
  }
  std::vector<ShardRange> ranges(num_shards);
  const std::size_t base = num_params / num_shards;
  const std::size_t extra = num_params % num_shards;
  std::size_t offset = 0;
  for (std::size_t s = 0; s < ranges.size(); ++s) {
    ranges[s] = {offset, base + (s < extra ? 1 : 0)};
    offset += ranges[s].size;
  }
  return ranges;
}

}  // namespace ga3c::ps
