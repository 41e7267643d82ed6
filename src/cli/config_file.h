// The config file of `ga3c train --config FILE`: TOML with one [train] table of `key = value`
// lines, the keys being the long flag names without dashes (a run's config.toml is one). The
// reader takes the part of TOML that settings need (comments, bare keys, strings, numbers,
// booleans) and refuses the rest with a message naming the file, the line and the fix, so a
// slip is never read as something else.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ga3c::cli {

// One `key = value` line of the [train] table.
struct ConfigEntry {
  enum class Kind { kString, kNumber, kBoolean };
  std::string key;    // [A-Za-z0-9_-]+
  std::string value;  // a string's contents, escapes resolved; a number or boolean as written
  Kind kind = Kind::kString;
  int line = 0;       // 1-based
};

// Files larger than this are refused unread; a run's config.toml is about 1.2 kB.
inline constexpr std::size_t kMaxConfigBytes = 1 << 20;

// The bytes of the file at `path`. Throws std::invalid_argument, naming the path, when it does
// not exist, is a directory, cannot be read or holds more than kMaxConfigBytes.
std::string read_config_file(const std::string& path);

// The entries of a config file's text, in file order; `file` names it in messages. Keys are
// not checked against the settings here (TrainOptions does that). Throws std::invalid_argument
// "config file FILE, line N: problem; fix" for an empty file, bytes that are not UTF-8 text,
// a line that is not `key = value`, a comment or a [train] header, another table, a second
// [train], a key outside [train], a dotted key, an array, an inline table, a multi-line
// string, an unquoted word as a value, or a file without [train].
std::vector<ConfigEntry> parse_config(std::string_view text, const std::string& file);

// `text` as a TOML basic string: quoted, with backslash, quote and control characters escaped.
std::string toml_string(std::string_view text);

}  // namespace ga3c::cli
