#include "config/config_file.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "config/printable.h"
#include "config/toml_number.h"

namespace ga3c::config {
namespace {

namespace fs = std::filesystem;

std::string hex_byte(unsigned char c) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02x", c);
  return text;
}

[[noreturn]] void fail(const std::string& file, int line, const std::string& problem) {
  throw std::invalid_argument("config file " + one_line(file) + ", line " + std::to_string(line) +
                              ": " + problem);
}

[[noreturn]] void fail_file(const std::string& file, const std::string& problem) {
  throw std::invalid_argument("config file " + one_line(file) + " " + problem);
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '-';
}

void skip_space(std::string_view s, std::size_t& p) {
  while (p < s.size() && is_space(s[p])) ++p;
}

std::string_view trimmed(std::string_view s) {
  std::size_t b = 0;
  skip_space(s, b);
  std::size_t e = s.size();
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool is_scalar_value(uint32_t cp) { return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF); }

// TOML files are UTF-8 without control characters other than tab and line ends. Checking the
// whole text first means a binary file is named as such, not as a strange first line.
void check_text(std::string_view t, const std::string& file) {
  int line = 1;
  const auto not_utf8 = [&] {
    fail(file, line, "bytes that are not UTF-8 text; is it a TOML file? (save it as UTF-8)");
  };
  for (std::size_t i = 0; i < t.size();) {
    const auto c = static_cast<unsigned char>(t[i]);
    if (c == '\n') ++line;
    const bool line_end = c == '\n' || (c == '\r' && i + 1 < t.size() && t[i + 1] == '\n');
    if ((c < 0x20 && c != '\t' && !line_end) || c == 0x7f) {
      fail(file, line, "byte " + hex_byte(c) + " is not text; is it a TOML file?");
    }
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t extra = 0;
    uint32_t cp = 0, least = 0;
    if ((c & 0xE0) == 0xC0) {
      extra = 1, cp = c & 0x1F, least = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2, cp = c & 0x0F, least = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3, cp = c & 0x07, least = 0x10000;
    } else {
      not_utf8();
    }
    if (t.size() - i <= extra) not_utf8();
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto b = static_cast<unsigned char>(t[i + k]);
      if ((b & 0xC0) != 0x80) not_utf8();
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < least || !is_scalar_value(cp)) not_utf8();
    i += extra + 1;
  }
}

// True for a bare value that was meant as a number (a sign, a digit or a point first), so that
// a malformed one is named as a number rather than as an unquoted string.
bool meant_as_number(std::string_view v) {
  if (!v.empty() && (v[0] == '+' || v[0] == '-')) return true;
  return !v.empty() && (is_digit(v[0]) || v[0] == '.');
}

class LineParser {
 public:
  LineParser(std::string_view s, int line, const std::string& file)
      : s_(s), line_(line), file_(file) {}

  // The contents of the string starting at p_ (at its opening quote): basic "..." with
  // escapes, literal '...', and their multi-line forms """...""" and '''...''' when they
  // close on the same line (a setting holds no line end). `what` names it in messages, e.g.
  // "the value of lr".
  std::string quoted(const std::string& what) {
    const char quote = s_[p_];
    const bool multi = s_.substr(p_, 3) == std::string(3, quote);
    p_ += multi ? 3 : 1;
    std::string out;
    while (true) {
      if (p_ == s_.size()) {
        if (multi) {
          fail(file_, line_,
               what +
                   " is a multi-line string that does not close on its line; "
                   "a setting is one line: write it as \"...\"");
        }
        fail(file_, line_,
             what + " is a string that is not closed; end it with " + std::string(1, quote) +
                 " on the same line");
      }
      const char c = s_[p_];
      if (c == quote) {
        std::size_t run = 0;
        while (p_ + run < s_.size() && s_[p_ + run] == quote) ++run;
        if (!multi) {
          ++p_;
          return out;
        }
        if (run >= 3) {
          // Up to two quotes may stand just inside the closing delimiter (TOML 1.0).
          if (run > 5) {
            fail(file_, line_,
                 what + " has " + std::to_string(run) +
                     " quotes in a row; TOML "
                     "allows at most two inside a multi-line string");
          }
          out.append(run - 3, quote);
          p_ += run;
          return out;
        }
        out.append(run, quote);
        p_ += run;
        continue;
      }
      ++p_;
      if (c != '\\' || quote == '\'') {
        out += c;
        continue;
      }
      if (p_ == s_.size()) {
        fail(file_, line_,
             what +
                 " ends its line with a backslash; a setting is one line: "
                 "write \\\\ for a backslash");
      }
      const char e = s_[p_++];
      switch (e) {
        case 'b':
          out += '\b';
          break;
        case 't':
          out += '\t';
          break;
        case 'n':
          out += '\n';
          break;
        case 'f':
          out += '\f';
          break;
        case 'r':
          out += '\r';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case 'u':
          append_utf8(out, code_point(4));
          break;
        case 'U':
          append_utf8(out, code_point(8));
          break;
        default: {
          // The whole character after the backslash (check_text made it valid UTF-8).
          const auto lead = static_cast<unsigned char>(e);
          const std::size_t size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
          fail(file_, line_,
               "unknown escape \\" + printable(s_.substr(p_ - 1, size)) + " in " + what +
                   "; write \\\\ for a backslash");
        }
      }
    }
  }

  // True for a blank line or a comment.
  bool blank() {
    skip_space(s_, p_);
    return p_ == s_.size() || s_[p_] == '#';
  }

  bool at_header() const { return s_[p_] == '['; }

  // The name of the table this header line opens.
  std::string_view header() {
    if (s_.substr(p_, 2) == "[[") {
      fail(file_, line_,
           "[[...]] is an array of tables; write the settings under one [train] line");
    }
    const std::size_t close = s_.find(']', p_);
    if (close == std::string_view::npos) {
      fail(file_, line_, "the section header is not closed; write [train]");
    }
    std::string_view name = trimmed(s_.substr(p_ + 1, close - p_ - 1));
    if (name.size() >= 2 && (name[0] == '"' || name[0] == '\'') && name.back() == name[0]) {
      name = name.substr(1, name.size() - 2);  // ["train"] is [train]
    }
    p_ = close + 1;
    skip_space(s_, p_);
    if (p_ < s_.size() && s_[p_] != '#') {
      fail(file_, line_, "unexpected '" + printable(s_.substr(p_)) + "' after the section header");
    }
    return name;
  }

  ConfigEntry entry(bool in_train) {
    ConfigEntry e;
    e.line = line_;
    const std::size_t key_start = p_;
    if (s_[p_] == '"' || s_[p_] == '\'') {
      if (s_.substr(p_, 3) == std::string(3, s_[p_])) {
        fail(file_, line_, "a key cannot be a multi-line string; write the setting's name");
      }
      e.key = quoted("the key");
    } else {
      while (p_ < s_.size() && is_key_char(s_[p_])) ++p_;
      e.key = std::string(s_.substr(key_start, p_ - key_start));
      if (e.key.empty()) {
        fail(file_, line_,
             "expected `key = value`, a comment or [train], got '" + printable(trimmed(s_)) + "'");
      }
    }
    skip_space(s_, p_);
    if (p_ < s_.size() && s_[p_] == '.') {
      fail(file_, line_,
           "dotted key '" + printable(trimmed(s_.substr(key_start, s_.find('=') - key_start))) +
               "'; write each setting by its name alone under [train]");
    }
    if (p_ == s_.size() || s_[p_] != '=') {
      fail(file_, line_,
           "expected `key = value`, a comment or [train], got '" + printable(trimmed(s_)) + "'");
    }
    const std::string key = printable(e.key);
    if (!in_train) {
      fail(file_, line_,
           key +
               " is outside the [train] section; put the settings under a "
               "[train] line");
    }
    ++p_;
    skip_space(s_, p_);
    if (p_ == s_.size() || s_[p_] == '#') {
      fail(file_, line_, key + " has no value; write " + key + " = VALUE");
    }
    const char c = s_[p_];
    if (c == '"' || c == '\'') {
      e.value = quoted("the value of " + key);
    } else if (c == '[' || c == '{') {
      fail(file_, line_,
           key + " is " + (c == '[' ? "an array" : "an inline table") +
               "; each setting takes one value");
    } else {
      const std::size_t start = p_;
      while (p_ < s_.size() && !is_space(s_[p_]) && s_[p_] != '#') ++p_;
      e.value = std::string(s_.substr(start, p_ - start));
      const TomlNumber number = parse_toml_number(e.value);
      if (e.value == "true" || e.value == "false") {
        e.kind = ConfigEntry::Kind::kBoolean;
      } else if (number.type != TomlNumber::Type::kNotNumber) {
        e.kind = ConfigEntry::Kind::kNumber;
      } else if (meant_as_number(e.value)) {
        fail(file_, line_,
             key + " = " + printable(e.value) + " " + number.problem +
                 "; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, "
                 "0b101, 3e-4, 1.5, inf");
      } else {
        fail(file_, line_,
             "the value '" + printable(e.value) + "' of " + key +
                 " is not a number, true, false or a quoted string; quote a "
                 "string: " +
                 key + " = \"" + printable(e.value) + "\"");
      }
    }
    skip_space(s_, p_);
    if (p_ < s_.size() && s_[p_] != '#') {
      fail(file_, line_,
           "unexpected '" + printable(s_.substr(p_)) + "' after the value of " + key +
               "; one setting a line, a comment after #");
    }
    return e;
  }

 private:
  uint32_t code_point(std::size_t digits) {
    uint32_t cp = 0;
    for (std::size_t k = 0; k < digits; ++k, ++p_) {
      const char h = p_ < s_.size() ? s_[p_] : '\0';
      int v = -1;
      if (is_digit(h)) v = h - '0';
      if (h >= 'a' && h <= 'f') v = h - 'a' + 10;
      if (h >= 'A' && h <= 'F') v = h - 'A' + 10;
      if (v < 0) bad_code_point(digits);
      cp = cp * 16 + static_cast<uint32_t>(v);
    }
    if (!is_scalar_value(cp)) bad_code_point(digits);
    if (cp == 0) fail(file_, line_, "\\u0000 (NUL) would cut a name or path short; remove it");
    return cp;
  }

  [[noreturn]] void bad_code_point(std::size_t digits) {
    fail(file_, line_,
         std::string(digits == 4 ? "\\u takes 4" : "\\U takes 8") +
             " hex digits of a Unicode scalar value");
  }

  std::string_view s_;
  std::size_t p_ = 0;
  int line_;
  const std::string& file_;
};

}  // namespace

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char esc[8];
          std::snprintf(esc, sizeof esc, "\\u%04X", c);
          out += esc;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

std::string read_config_file(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) {
    fail_file(path, "does not exist; check the path (a run's settings are in RUN_DIR/config.toml)");
  }
  if (ec) fail_file(path, "cannot be read: " + ec.message());
  if (status.type() == fs::file_type::directory) {
    fail_file(path, "is a directory; give the path of a TOML file, such as RUN_DIR/config.toml");
  }
  const std::string too_large =
      "is larger than 1 MiB; is it a config file? (a run's "
      "config.toml is about 1 kB)";
  if (status.type() == fs::file_type::regular && fs::file_size(path, ec) > kMaxConfigBytes) {
    fail_file(path, too_large);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail_file(path, std::string("cannot be read: ") + std::strerror(errno));
  std::string bytes(kMaxConfigBytes + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (in.bad()) fail_file(path, std::string("cannot be read: ") + std::strerror(errno));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (bytes.size() > kMaxConfigBytes) fail_file(path, too_large);
  return bytes;
}

std::vector<ConfigEntry> parse_config(std::string_view text, const std::string& file) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    fail_file(file,
              "is empty; write the settings under a [train] line, as in a run's "
              "config.toml");
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  check_text(text, file);
  std::vector<ConfigEntry> entries;
  int train_line = 0;
  int line = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view s = text.substr(start, end - start);
    start = end + 1;
    ++line;
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    LineParser parser(s, line, file);
    if (parser.blank()) continue;
    if (!parser.at_header()) {
      entries.push_back(parser.entry(train_line > 0));
      continue;
    }
    const std::string_view name = parser.header();
    if (name != "train") {
      fail(file, line,
           "unknown section [" + printable(name) +
               "]; ga3c train reads the "
               "settings of one [train] section");
    }
    if (train_line > 0) {
      fail(file, line,
           "a second [train] section (the first is on line " + std::to_string(train_line) +
               "); keep one");
    }
    train_line = line;
  }
  if (train_line == 0) {
    fail_file(file,
              "has no [train] section; write the settings under a [train] line, as in a "
              "run's config.toml");
  }
  return entries;
}

}  // namespace ga3c::config
