// Shape and dtype of an environment's observation, used to preallocate batches once.
#pragma once

#include <cstdint>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

namespace ga3c::env {

// The dtype an environment produces natively; buffers handed to the network are always float32.
enum class DType { kFloat32, kBool };

struct ObservationSpec {
  std::vector<int64_t> shape;  // e.g. {4} for CartPole, {10, 10, C} (H, W, C) for MinAtar
  DType dtype = DType::kFloat32;

  // Number of scalars in one observation.
  int64_t size() const {
    return std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<int64_t>());
  }

  // Shape of a batch of n observations: {n, shape...}.
  std::vector<int64_t> batch_shape(int64_t n) const {
    std::vector<int64_t> s{n};
    s.insert(s.end(), shape.begin(), shape.end());
    return s;
  }

  // "[10, 10, 4] bool" for errors and logs.
  std::string to_string() const {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "] " + (dtype == DType::kBool ? "bool" : "float32");
  }
};

}  // namespace ga3c::env
