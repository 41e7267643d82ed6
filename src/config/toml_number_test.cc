#include "config/toml_number.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace ga3c::config {
namespace {

std::string read(const std::string& text, NumberKind kind) {
  try {
    return read_number(text, kind);
  } catch (const std::invalid_argument& e) {
    return std::string("error: ") + e.what();
  }
}

std::string integer(const std::string& text) { return read(text, NumberKind::kInteger); }
std::string whole(const std::string& text) { return read(text, NumberKind::kUnsigned); }
std::string real(const std::string& text) { return read(text, NumberKind::kFloat); }

TEST(TomlNumber, IntegersInEveryTomlForm) {
  EXPECT_EQ(integer("0"), "0");
  EXPECT_EQ(integer("+0"), "0");
  EXPECT_EQ(integer("-0"), "0");
  EXPECT_EQ(integer("+99"), "99");
  EXPECT_EQ(integer("-17"), "-17");
  EXPECT_EQ(integer("2_000"), "2000");
  EXPECT_EQ(integer("1_2_3"), "123");
  EXPECT_EQ(integer("0x10"), "16");
  EXPECT_EQ(integer("0xdead_BEEF"), "3735928559");
  EXPECT_EQ(integer("0o755"), "493");
  EXPECT_EQ(integer("0b1000"), "8");
  EXPECT_EQ(integer("0b1_0"), "2");
  EXPECT_EQ(integer("0x0"), "0");
  EXPECT_EQ(integer("9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(integer("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(whole("18446744073709551615"), "18446744073709551615");
  EXPECT_EQ(whole("0xffff_ffff_ffff_ffff"), "18446744073709551615");
  EXPECT_EQ(whole("-0"), "0");
}

TEST(TomlNumber, FloatsInEveryTomlFormInOneCanonicalText) {
  EXPECT_EQ(real("3e-4"), "3e-04");  // shorter than 0.0003, as std::to_chars chooses
  EXPECT_EQ(real("+1.5"), "1.5");
  EXPECT_EQ(real("-0.0"), "-0.0");
  EXPECT_EQ(real("1E+3"), "1000.0");
  EXPECT_EQ(real("6.022_140e2_3"), "6.02214e+23");
  EXPECT_EQ(real("1e007"), "1e+07");  // an exponent may have leading zeros
  EXPECT_EQ(real("25e-4"), "0.0025");
  EXPECT_EQ(real("2.5e-3"), "0.0025");
  EXPECT_EQ(real("0.1"), "0.1");
  EXPECT_EQ(real("0.1000000000000000055511151231257827"), "0.1");  // the same double
  EXPECT_EQ(real("1e-08"), "1e-08");
  EXPECT_EQ(real("1e400"), "inf");  // TOML's readers make it infinite too; settings refuse it
  EXPECT_EQ(real("1e-400"), "0.0");
  EXPECT_EQ(real("inf"), "inf");
  EXPECT_EQ(real("+inf"), "inf");
  EXPECT_EQ(real("-inf"), "-inf");
  EXPECT_EQ(real("nan"), "nan");
  EXPECT_EQ(real("-nan"), "-nan");
  EXPECT_EQ(real("1_000"), "1000.0");  // an integer is a number
  EXPECT_EQ(real("0x10"), "16.0");
  EXPECT_EQ(real("-0"), "0.0");
  EXPECT_EQ(real("-9223372036854775808"), "-9223372036854775808.0");
}

TEST(TomlNumber, WhatTomlRefusesIsRefusedWithTheReason) {
  const std::string hint =
      "; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, 1.5, inf";
  EXPECT_EQ(integer("010"), "error: 010 has a leading zero, which TOML does not allow" + hint +
                                " (an integer here)");
  EXPECT_EQ(real("00.5"), "error: 00.5 has a leading zero, which TOML does not allow" + hint);
  EXPECT_EQ(real("0_0"), "error: 0_0 has a leading zero, which TOML does not allow" + hint);
  const std::string underscore = " has an underscore that is not between two digits" + hint;
  for (const char* text :
       {"1__0", "1_", "_1", "1_.5", "1._5", "1e_5", "1e5_", "0x_10", "0x10_", "+_1", "1.5_e3"}) {
    EXPECT_EQ(real(text), std::string("error: ") + text + underscore) << text;
  }
  EXPECT_EQ(real("0X10"),
            "error: 0X10 has an upper-case base prefix; TOML writes 0x, 0o and 0b "
            "in lower case" +
                hint);
  EXPECT_EQ(real("+0x10"),
            "error: +0x10 has a sign before 0x, 0o or 0b, which TOML does not "
            "allow" +
                hint);
  EXPECT_EQ(real("-0b1"),
            "error: -0b1 has a sign before 0x, 0o or 0b, which TOML does not "
            "allow" +
                hint);
  EXPECT_EQ(real("0x"), "error: 0x has no digits after its base prefix" + hint);
  EXPECT_EQ(real("0o8"), "error: 0o8 has a digit outside base 8" + hint);
  EXPECT_EQ(real("0b102"), "error: 0b102 has a digit outside base 2" + hint);
  EXPECT_EQ(real(".5"), "error: .5 needs digits on both sides of its decimal point" + hint);
  EXPECT_EQ(real("5."), "error: 5. needs digits on both sides of its decimal point" + hint);
  EXPECT_EQ(real("5.e3"), "error: 5.e3 needs digits on both sides of its decimal point" + hint);
  EXPECT_EQ(real("1e"), "error: 1e has no digits in its exponent" + hint);
  EXPECT_EQ(real("1e+"), "error: 1e+ has no digits in its exponent" + hint);
  for (const char* text : {"1.5f", "12abc", "1 2", " 1", "1 ", "++1", "+-1", "Inf", "NaN",
                           "infinity", "0x1p3", "1,000", "1e3.5", "1.2.3", "-", "+", "true"}) {
    EXPECT_EQ(real(text), std::string("error: ") + text + " is not a number" + hint) << text;
  }
  EXPECT_EQ(real(""), "error: an empty value is not a number" + hint);
}

TEST(TomlNumber, EachSettingKindTakesItsOwnRange) {
  EXPECT_EQ(whole("-1"), "error: -1 is negative; give a whole number >= 0");
  EXPECT_EQ(whole("18446744073709551616"),
            "error: 18446744073709551616 is out of range; give a whole number up to "
            "18446744073709551615");
  EXPECT_EQ(integer("9223372036854775808"),
            "error: 9223372036854775808 is out of range; give an integer from "
            "-9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(integer("-9223372036854775809"),
            "error: -9223372036854775809 is out of range; give an integer from "
            "-9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(integer("0x1_0000_0000_0000_0000"),
            "error: 0x1_0000_0000_0000_0000 is out of range; give an integer from "
            "-9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(real("99999999999999999999"),
            "error: 99999999999999999999 is out of the range of 64-bit integers; write it as a "
            "float, e.g. 1e19");
  EXPECT_EQ(integer("1e3"), "error: 1e3 is not an integer (TOML reads it as a float); write 1000");
  EXPECT_EQ(integer("-2.0"), "error: -2.0 is not an integer (TOML reads it as a float); write -2");
  EXPECT_EQ(whole("-2.0"),
            "error: -2.0 is not an integer (TOML reads it as a float); write a whole number >= 0");
  EXPECT_EQ(integer("1.5"),
            "error: 1.5 is not an integer (TOML reads it as a float); write a whole number");
  EXPECT_EQ(integer("inf"),
            "error: inf is not an integer (TOML reads it as a float); write a whole number");
  EXPECT_EQ(integer("1e30"),
            "error: 1e30 is not an integer (TOML reads it as a float); write a whole number");
}

TEST(TomlNumber, ParseKeepsTheValue) {
  const TomlNumber n = parse_toml_number("-0x1");
  EXPECT_EQ(n.type, TomlNumber::Type::kNotNumber);
  const TomlNumber big = parse_toml_number("-18446744073709551615");
  EXPECT_EQ(big.type, TomlNumber::Type::kInteger);
  EXPECT_TRUE(big.negative);
  EXPECT_EQ(big.magnitude, 18446744073709551615u);
  EXPECT_TRUE(big.fits_64);
  EXPECT_FALSE(parse_toml_number("18446744073709551616").fits_64);
  EXPECT_EQ(parse_toml_number("1_0.2_5e-1_0").float_text, "10.25e-10");
}

}  // namespace
}  // namespace ga3c::config
