// Text from users (values, file names, messages that quote them) made safe for the one line an
// error gets on a terminal.
#pragma once

#include <string>
#include <string_view>

namespace ga3c::config {

// `text` with control characters (newlines, escapes, NUL) written as \xNN.
std::string one_line(std::string_view text);

// one_line(text) cut after 60 bytes, at a character boundary, with "..." after.
std::string printable(std::string_view text);

}  // namespace ga3c::config
