#include "model/network_kind.h"

#include <stdexcept>

namespace ga3c::model {

NetworkKind parse_network_kind(const std::string& name) {
  if (name == "auto") return NetworkKind::kAuto;
  if (name == "mlp") return NetworkKind::kMlp;
  if (name == "minatar-cnn") return NetworkKind::kMinAtarCnn;
  if (name == "a3c-cnn") return NetworkKind::kA3cCnn;
  throw std::invalid_argument("unknown network '" + name +
                              "'; use auto, mlp, minatar-cnn or a3c-cnn");
}

std::string to_string(NetworkKind kind) {
  switch (kind) {
    case NetworkKind::kAuto:
      return "auto";
    case NetworkKind::kMlp:
      return "mlp";
    case NetworkKind::kMinAtarCnn:
      return "minatar-cnn";
    case NetworkKind::kA3cCnn:
      return "a3c-cnn";
  }
  return "?";
}

}  // namespace ga3c::model
