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

namespace {
constexpr char kLstm[] = "+lstm";
}  // namespace

std::string to_string(const NetworkLayout& layout) {
  const std::string kind = to_string(layout.kind);
  return layout.lstm_size > 0 ? kind + kLstm + std::to_string(layout.lstm_size) : kind;
}

NetworkLayout parse_network_layout(const std::string& name) {
  const auto plus = name.find(kLstm);
  if (plus == std::string::npos) return {parse_network_kind(name), 0};
  const std::string units = name.substr(plus + sizeof(kLstm) - 1);
  const bool digits = !units.empty() && units.size() <= 9 &&
                      units.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || std::stoll(units) < 1) {
    throw std::invalid_argument("unknown network '" + name + "'");
  }
  return {parse_network_kind(name.substr(0, plus)), std::stoll(units)};
}

}  // namespace ga3c::model
