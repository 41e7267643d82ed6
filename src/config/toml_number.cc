#include "config/toml_number.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "config/printable.h"

namespace ga3c::config {
namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

bool is_decimal(char c) { return c >= '0' && c <= '9'; }

// Reads TOML's `digit *( digit / "_" digit )` in `base` from s[p], appending the digits to
// `digits`; an underscore must stand between two digits. Returns the problem, or "" when the
// run is well formed (it may be empty: the caller decides whether digits were needed).
std::string scan_digits(std::string_view s, std::size_t& p, int base, std::string& digits) {
  while (p < s.size()) {
    const char c = s[p];
    if (c == '_') {
      if (digits.empty() || p + 1 >= s.size() || digit_value(s[p + 1]) >= base || s[p - 1] == '_') {
        return "has an underscore that is not between two digits";
      }
      ++p;
      continue;
    }
    if (digit_value(c) >= base) break;
    digits += c;
    ++p;
  }
  return "";
}

// Adds `digits` in `base` to n's magnitude, marking overflow past 2^64 - 1.
void accumulate(TomlNumber& n, const std::string& digits, int base) {
  for (char c : digits) {
    const auto d = static_cast<uint64_t>(digit_value(c));
    const auto b = static_cast<uint64_t>(base);
    if (n.magnitude > (UINT64_MAX - d) / b) n.fits_64 = false;
    n.magnitude = n.magnitude * b + d;
  }
}

TomlNumber not_number(std::string problem) {
  TomlNumber n;
  n.problem = std::move(problem);
  return n;
}

TomlNumber based_integer(std::string_view s, bool signed_text) {
  if (s[1] == 'X' || s[1] == 'O' || s[1] == 'B') {
    return not_number("has an upper-case base prefix; TOML writes 0x, 0o and 0b in lower case");
  }
  if (signed_text) return not_number("has a sign before 0x, 0o or 0b, which TOML does not allow");
  const int base = s[1] == 'x' ? 16 : s[1] == 'o' ? 8 : 2;
  std::size_t p = 2;
  std::string digits;
  if (p < s.size() && s[p] == '_')
    return not_number("has an underscore that is not between two digits");
  if (std::string problem = scan_digits(s, p, base, digits); !problem.empty())
    return not_number(problem);
  if (p < s.size()) {
    return digit_value(s[p]) < 16 ? not_number("has a digit outside base " + std::to_string(base))
                                  : not_number("is not a number");
  }
  if (digits.empty()) return not_number("has no digits after its base prefix");
  TomlNumber n;
  n.type = TomlNumber::Type::kInteger;
  accumulate(n, digits, base);
  return n;
}

// The shortest text that reads back to `value`, in a TOML float's syntax ("0.0025", "1e-08",
// "150.0", "inf", "-nan"), so that one value is always written the same way.
std::string float_text_of(double value) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  std::string out(text, end);
  if (std::isfinite(value) && out.find_first_of(".e") == std::string::npos) out += ".0";
  return out;
}

}  // namespace

TomlNumber parse_toml_number(std::string_view text) {
  std::string_view s = text;
  const bool signed_text = !s.empty() && (s[0] == '+' || s[0] == '-');
  const bool negative = signed_text && s[0] == '-';
  if (signed_text) s.remove_prefix(1);
  if (s == "inf" || s == "nan") {
    TomlNumber n;
    n.type = TomlNumber::Type::kFloat;
    n.float_text = (negative ? "-" : "") + std::string(s);
    return n;
  }
  if (s.size() >= 2 && s[0] == '0' &&
      std::string_view("xXoObB").find(s[1]) != std::string_view::npos) {
    TomlNumber n = based_integer(s, signed_text);
    return n;
  }
  if (s.empty() || !is_decimal(s[0])) {
    if (!s.empty() && s[0] == '.')
      return not_number("needs digits on both sides of its decimal point");
    if (!s.empty() && s[0] == '_')
      return not_number("has an underscore that is not between two digits");
    return not_number("is not a number");
  }
  std::size_t p = 0;
  std::string int_digits;
  if (std::string problem = scan_digits(s, p, 10, int_digits); !problem.empty())
    return not_number(problem);
  if (int_digits.size() > 1 && int_digits[0] == '0') {
    return not_number("has a leading zero, which TOML does not allow");
  }
  std::string float_text = (negative ? "-" : "") + int_digits;
  bool is_float = false;
  if (p < s.size() && s[p] == '.') {
    ++p;
    if (p < s.size() && s[p] == '_')
      return not_number("has an underscore that is not between two digits");
    std::string frac;
    if (std::string problem = scan_digits(s, p, 10, frac); !problem.empty())
      return not_number(problem);
    if (frac.empty()) return not_number("needs digits on both sides of its decimal point");
    float_text += "." + frac;
    is_float = true;
  }
  if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
    ++p;
    float_text += 'e';
    if (p < s.size() && (s[p] == '+' || s[p] == '-')) float_text += s[p++];
    if (p < s.size() && s[p] == '_')
      return not_number("has an underscore that is not between two digits");
    std::string exp;
    if (std::string problem = scan_digits(s, p, 10, exp); !problem.empty())
      return not_number(problem);
    if (exp.empty()) return not_number("has no digits in its exponent");
    float_text += exp;
    is_float = true;
  }
  if (p < s.size()) return not_number("is not a number");
  TomlNumber n;
  if (is_float) {
    n.type = TomlNumber::Type::kFloat;
    n.float_text = std::move(float_text);
    return n;
  }
  n.type = TomlNumber::Type::kInteger;
  n.negative = negative;
  accumulate(n, int_digits, 10);
  return n;
}

std::string read_number(std::string_view text, NumberKind kind) {
  const std::string quoted = text.empty() ? "an empty value" : printable(text);
  const auto refuse = [&](const std::string& problem) -> std::string {
    throw std::invalid_argument(quoted + " " + problem);
  };
  const TomlNumber n = parse_toml_number(text);
  switch (n.type) {
    case TomlNumber::Type::kNotNumber:
      refuse(n.problem +
             "; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, "
             "3e-4, 1.5, inf" +
             (kind == NumberKind::kFloat ? "" : " (an integer here)"));
      break;
    case TomlNumber::Type::kFloat: {
      const double value = std::strtod(n.float_text.c_str(), nullptr);
      if (kind == NumberKind::kFloat) return float_text_of(value);
      std::string fix = kind == NumberKind::kUnsigned ? "a whole number >= 0" : "a whole number";
      if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e18 &&
          (kind == NumberKind::kInteger || value >= 0)) {
        char digits[32];
        std::snprintf(digits, sizeof digits, "%.0f", value == 0 ? 0.0 : value);
        fix = std::string(digits);
      }
      refuse("is not an integer (TOML reads it as a float); write " + fix);
      break;
    }
    case TomlNumber::Type::kInteger: {
      std::string magnitude = std::to_string(n.magnitude);
      if (kind == NumberKind::kUnsigned) {
        if (n.negative && n.magnitude > 0) refuse("is negative; give a whole number >= 0");
        if (!n.fits_64) refuse("is out of range; give a whole number up to 18446744073709551615");
        return magnitude;
      }
      const uint64_t most = n.negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
      if (!n.fits_64 || n.magnitude > most) {
        refuse(kind == NumberKind::kFloat
                   ? "is out of the range of 64-bit integers; write it as a float, e.g. 1e19"
                   : "is out of range; give an integer from -9223372036854775808 to "
                     "9223372036854775807");
      }
      const std::string integer = (n.negative && n.magnitude > 0 ? "-" : "") + magnitude;
      return kind == NumberKind::kFloat ? float_text_of(std::strtod(integer.c_str(), nullptr))
                                        : integer;
    }
  }
  return "";
}

}  // namespace ga3c::config
