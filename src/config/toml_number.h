// The one reading of a number that a user types, in a config file or on the command line: a
// TOML 1.0 integer or float (https://toml.io/en/v1.0.0#integer, #float), e.g. 8, +8, -3,
// 1_000_000, 0x1f, 0o17, 0b101, 3e-4, 1.5E+3, 6.02_214e23, inf, -inf, nan. Anything TOML
// refuses (010, 1__0, 1_, _1, 0X1F, +0x1f, .5, 5., 1e, 0x, 1.5f, a space, ...) is refused, so
// one text means the same thing everywhere and a slip is never read as something else (C's
// strtoull reads -1 as 2^64-1 and 010 as 8).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ga3c::config {

// A TOML number as written.
struct TomlNumber {
  enum class Type { kNotNumber, kInteger, kFloat };
  Type type = Type::kNotNumber;
  // kInteger: the value is -magnitude when negative, else magnitude; fits_64 is false for a
  // magnitude of 2^64 or more (TOML asks readers to refuse what they cannot hold exactly).
  bool negative = false;
  uint64_t magnitude = 0;
  bool fits_64 = true;
  // kFloat: the text without underscores or a leading '+', which strtod reads (correctly
  // rounded, as TOML's reference readers do): "1000.5", "-3e-4", "inf", "nan", "-nan".
  std::string float_text;
  // kNotNumber: why, e.g. "has a leading zero"; empty otherwise.
  std::string problem;
};

// `text` read as a whole TOML integer or float, without surrounding space.
TomlNumber parse_toml_number(std::string_view text);

// What a setting's number must be.
enum class NumberKind {
  kInteger,   // signed, 64-bit at most: -2^63 .. 2^63-1
  kUnsigned,  // 0 .. 2^64-1 (seeds)
  kFloat,     // a TOML float, or an integer from -2^63 to 2^63-1
};

// `text` read as a number of `kind`, written in one canonical TOML form that strtoll /
// strtoull / strtold read exactly: an integer in plain decimal ("16" for 0x10, "1000" for
// 1_000, "5" for +5, "0" for -0); a float setting's value, integer or float, as the shortest
// text of its double (std::to_chars) in a float's syntax ("0.0025" for 25e-4 and 2.5e-3,
// "150.0" for 15e1 and 150, "3e-04", "inf", "-nan"), so that a run's config.toml says each
// value one way. A setting's own range (--agents up to 65536, lr > 0, finite values) is checked
// later by its owner; inf and nan pass here as TOML has them.
// Throws std::invalid_argument whose message starts with the text and says the fix, e.g.
// "-1 is negative; give a whole number >= 0", "1e3 is not an integer (TOML reads it as a
// float); write 1000", "010 has a leading zero, which TOML does not allow; numbers are read as
// in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, 1.5, inf (an integer here)".
std::string read_number(std::string_view text, NumberKind kind);

}  // namespace ga3c::config
