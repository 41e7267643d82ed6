#include "export/safetensors_policy.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace ga3c::exporting {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "safetensors stores little-endian numbers; this writer copies host bytes");

std::string safetensors_bytes(const std::vector<NamedTensor>& tensors,
                              const std::vector<std::pair<std::string, std::string>>& metadata) {
  nlohmann::ordered_json header;
  nlohmann::ordered_json& meta = header["__metadata__"];
  meta = nlohmann::ordered_json::object();
  for (const auto& [key, value] : metadata) meta[key] = value;
  std::set<std::string> names;
  std::size_t offset = 0;
  for (const NamedTensor& t : tensors) {
    const int64_t count =
        std::accumulate(t.shape.begin(), t.shape.end(), int64_t{1}, std::multiplies<int64_t>());
    if (count != static_cast<int64_t>(t.values.size())) {
      throw std::invalid_argument(t.name + ": " + std::to_string(t.values.size()) +
                                  " values for a shape of " + std::to_string(count));
    }
    if (!names.insert(t.name).second || t.name == "__metadata__") {
      throw std::invalid_argument("two tensors named " + t.name);
    }
    const std::size_t bytes = t.values.size() * sizeof(float);
    header[t.name] = {
        {"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
    offset += bytes;
  }
  std::string json = header.dump();
  json.append((8 - json.size() % 8) % 8, ' ');
  const uint64_t header_size = json.size();
  std::string out(sizeof(header_size), '\0');
  std::memcpy(out.data(), &header_size, sizeof(header_size));
  out += json;
  out.reserve(out.size() + offset);
  for (const NamedTensor& t : tensors) {
    out.append(reinterpret_cast<const char*>(t.values.data()), t.values.size() * sizeof(float));
  }
  return out;
}

}  // namespace ga3c::exporting
