#include "model/device_name.h"

#include <stdexcept>

namespace ga3c::model {

DeviceName parse_device_name(const std::string& name) {
  const auto bad = [&] {
    return std::invalid_argument("unknown --device '" + name + "'; use cpu, cuda or cuda:N");
  };
  if (name == "cpu") return {};
  const std::string cuda = "cuda";
  if (name.compare(0, cuda.size(), cuda) != 0) throw bad();
  DeviceName d;
  d.cuda = true;
  if (name.size() == cuda.size()) return d;
  const std::string index = name.substr(cuda.size() + 1);
  if (name[cuda.size()] != ':' || index.empty() || index.size() > 4 ||
      index.find_first_not_of("0123456789") != std::string::npos) {
    throw bad();
  }
  d.index = std::stoi(index);
  return d;
}

std::string to_string(const DeviceName& device) {
  if (!device.cuda) return "cpu";
  return device.index < 0 ? "cuda" : "cuda:" + std::to_string(device.index);
}

}  // namespace ga3c::model
