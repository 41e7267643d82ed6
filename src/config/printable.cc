#include "config/printable.h"

#include <cstdio>

namespace ga3c::config {

std::string one_line(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\x%02x", c);
      out += esc;
    } else {
      out += ch;
    }
  }
  return out;
}

std::string printable(std::string_view text) {
  constexpr std::size_t kShownBytes = 60;
  if (text.size() <= kShownBytes) return one_line(text);
  std::size_t shown = kShownBytes;
  while (shown > 0 && (static_cast<unsigned char>(text[shown]) & 0xC0) == 0x80) --shown;
  return one_line(text.substr(0, shown)) + "...";
}

}  // namespace ga3c::config
