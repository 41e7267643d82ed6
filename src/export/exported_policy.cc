#include "export/exported_policy.h"

namespace ga3c::exporting {

std::string dtype_name(ObservationInput input) {
  switch (input) {
    case ObservationInput::kBool:
      return "bool";
    case ObservationInput::kUint8FramesFirst:
      return "uint8";
    case ObservationInput::kFloat32:
      break;
  }
  return "float32";
}

std::vector<int64_t> input_shape(ObservationInput input, const std::vector<int64_t>& shape) {
  if (input != ObservationInput::kUint8FramesFirst || shape.size() != 3) return shape;
  return {shape[2], shape[0], shape[1]};
}

}  // namespace ga3c::exporting
