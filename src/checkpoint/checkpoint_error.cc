#include "checkpoint/checkpoint_error.h"

#include <cstdio>

namespace ga3c::checkpoint {
namespace {

std::string one_line(std::string s) {
  for (char& c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) c = '?';
  }
  return s;
}

}  // namespace

CheckpointError::CheckpointError(const std::string& file, const std::string& problem,
                                 const std::string& fix)
    : std::runtime_error(one_line(file + ": " + problem + "; " + fix)) {}

std::string quoted(const std::string& text, std::size_t max_chars) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == max_chars) return out + "...'";
    const auto u = static_cast<unsigned char>(text[i]);
    if (u < 0x20 || u >= 0x7F || u == '\'' || u == '\\') {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    } else {
      out += text[i];
    }
  }
  return out + "'";
}

}  // namespace ga3c::checkpoint
