// The config file of `ga3c train --config FILE`: TOML 1.0 with one [train] table of
// `key = value` lines, the keys being the long flag names without dashes (a run's config.toml
// is one). The reader takes, exactly as TOML 1.0 defines them, the parts that settings need:
// comments, bare and quoted keys, basic and literal strings (and their multi-line forms when
// they close on their line), integers and floats in every TOML form (config/toml_number.h),
// booleans. It refuses what TOML refuses, and valid TOML that holds no setting, with a message
// naming the file, the line and the fix, so a slip is never read as something else.
// tests/cli/check_config_tomllib.py checks it against Python's tomllib.
//
// Why our own reader: Debian 12's toml++ 3.3.0 has undefined behaviour that our fuzzer finds
// (marzer/tomlplusplus#295, fixed upstream after 3.3.0); toml11 3.7.1 would parse arrays,
// tables and dates that we would then refuse again, and its messages span several lines.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ga3c::config {

// One `key = value` line of the [train] table.
struct ConfigEntry {
  enum class Kind { kString, kNumber, kBoolean };
  std::string key;    // a bare key ([A-Za-z0-9_-]+) or a quoted one, unquoted
  std::string value;  // a string's contents, escapes resolved; a number or boolean as written
                      // (a number is a valid TOML integer or float: parse_toml_number)
  Kind kind = Kind::kString;
  int line = 0;  // 1-based
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
// [train], a key outside [train], a dotted key, an array, an inline table, a string that does
// not close on its line or holds \u0000, a malformed number (its TOML rule named), an unquoted
// word as a value, or a file without [train].
std::vector<ConfigEntry> parse_config(std::string_view text, const std::string& file);

// `text` as a TOML basic string: quoted, with backslash, quote and control characters escaped.
std::string toml_string(std::string_view text);

}  // namespace ga3c::config
