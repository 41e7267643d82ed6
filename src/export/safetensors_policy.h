// A policy's parameters in the safetensors format (Hugging Face's safetensors, its
// specification in the project's README): an 8-byte little-endian header length, a JSON
// header naming each tensor's dtype, shape and byte range plus a "__metadata__" table of
// strings, then the tensors' bytes. PyTorch users load it with safetensors.torch.load_file
// into a module with the same parameter names (docs/export.md has one).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "export/exported_policy.h"

namespace ga3c::exporting {

// The file's bytes: every tensor F32 under its name, in the given order, the header padded
// with spaces to a multiple of 8 bytes; metadata as "__metadata__". Throws
// std::invalid_argument for a tensor whose value count differs from its shape's, or two
// tensors of one name.
std::string safetensors_bytes(const std::vector<NamedTensor>& tensors,
                              const std::vector<std::pair<std::string, std::string>>& metadata);

}  // namespace ga3c::exporting
