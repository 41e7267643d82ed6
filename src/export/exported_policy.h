// What `ga3c export` writes, in a form free of LibTorch and of any file format: a network's
// layout, its parameters by name, how observations enter it, and the metadata a user of the
// policy needs (run/policy_export.h fills it from a checkpoint).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/network_kind.h"

namespace ga3c::exporting {

// One parameter tensor: row-major float32 values of `shape`, named as LibTorch's
// named_parameters() names it ("conv1.weight", "lstm.weight_ih", "policy.bias", ...).
struct NamedTensor {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> values;
};

// How the exported model takes observations: the dtype and layout the reference environment
// gives, so a user feeds them as they come.
enum class ObservationInput {
  kFloat32,  // float32 [N, shape...], ga3c's own layout (CartPole's 4 numbers)
  kBool,     // bool [N, H, W, C]: the minatar package's Environment.state()
  // uint8 [N, C, 84, 84], the grey frames oldest first as Gymnasium's
  // FrameStackObservation(AtariPreprocessing(...), C) gives them; the model divides by 255.
  kUint8FramesFirst,
};

// "float32", "bool", "uint8", as the metadata names the input's dtype.
std::string dtype_name(ObservationInput input);
// The input's shape without the batch dimension, from ga3c's observation shape ([H, W, C] or
// [D]): [C, H, W] for kUint8FramesFirst, unchanged otherwise.
std::vector<int64_t> input_shape(ObservationInput input, const std::vector<int64_t>& shape);

struct ExportedPolicy {
  model::NetworkLayout layout;             // resolved: kind is never kAuto
  std::vector<int64_t> observation_shape;  // ga3c's: [D] or [H, W, C]
  ObservationInput input = ObservationInput::kFloat32;
  int num_actions = 0;
  std::vector<NamedTensor> parameters;  // in the network's parameters() order
  // Key-value pairs stored with the model (ONNX metadata_props, safetensors __metadata__).
  std::vector<std::pair<std::string, std::string>> metadata;
};

}  // namespace ga3c::exporting
