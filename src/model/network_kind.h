// The network kinds of `--network`, by name; no LibTorch, so the config checks build without it.
#pragma once

#include <string>

namespace ga3c::model {

enum class NetworkKind { kAuto, kMlp, kMinAtarCnn, kA3cCnn };

// "auto", "mlp", "minatar-cnn", "a3c-cnn"; throws std::invalid_argument naming the choices.
NetworkKind parse_network_kind(const std::string& name);
std::string to_string(NetworkKind kind);

}  // namespace ga3c::model
