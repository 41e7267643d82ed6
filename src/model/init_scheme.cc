#include "model/init_scheme.h"

#include <stdexcept>

namespace ga3c::model {

InitScheme parse_init_scheme(const std::string& name) {
  if (name == "torch") return InitScheme::kTorch;
  if (name == "orthogonal") return InitScheme::kOrthogonal;
  throw std::invalid_argument("unknown init '" + name + "'; use torch or orthogonal");
}

std::string to_string(InitScheme scheme) {
  switch (scheme) {
    case InitScheme::kTorch:
      return "torch";
    case InitScheme::kOrthogonal:
      return "orthogonal";
  }
  return "?";
}

}  // namespace ga3c::model
