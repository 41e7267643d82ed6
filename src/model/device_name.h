// The devices of `--device`, by name; no LibTorch, so the config checks build without it.
#pragma once

#include <string>

namespace ga3c::model {

// "cpu", "cuda" (a GPU picked at start: the node-local rank mod the GPU count) or "cuda:N".
struct DeviceName {
  bool cuda = false;
  int index = -1;  // cuda:N's N; -1 for "cpu" and for "cuda" until it is picked
};

// Throws std::invalid_argument naming the accepted forms for anything else ("cuda:", "gpu",
// "cuda:-1", "cuda:1x").
DeviceName parse_device_name(const std::string& name);
// "cpu", "cuda", "cuda:N".
std::string to_string(const DeviceName& device);

}  // namespace ga3c::model
