// The network kinds of `--network` and the recurrent core of `--recurrent`, by name; no
// LibTorch, so the config checks build without it.
#pragma once

#include <cstdint>
#include <string>

namespace ga3c::model {

enum class NetworkKind { kAuto, kMlp, kMinAtarCnn, kA3cCnn };

// "auto", "mlp", "minatar-cnn", "a3c-cnn"; throws std::invalid_argument naming the choices.
NetworkKind parse_network_kind(const std::string& name);
std::string to_string(NetworkKind kind);

// A network kind and the LSTM between its trunk and its heads (model/actor_critic.h).
struct NetworkLayout {
  NetworkLayout(NetworkKind kind = NetworkKind::kAuto, int64_t lstm_size = 0)  // NOLINT
      : kind(kind), lstm_size(lstm_size) {}
  NetworkKind kind;
  int64_t lstm_size;  // LSTM units (h and c are each this wide); 0: feed-forward
  bool operator==(const NetworkLayout& o) const {
    return kind == o.kind && lstm_size == o.lstm_size;
  }
};

// As checkpoints name a resolved layout: "a3c-cnn", or "a3c-cnn+lstm256" with an LSTM.
std::string to_string(const NetworkLayout& layout);
// The inverse of to_string; throws std::invalid_argument for any other text.
NetworkLayout parse_network_layout(const std::string& name);

}  // namespace ga3c::model
