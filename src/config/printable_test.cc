#include "config/printable.h"

#include <string>

#include <gtest/gtest.h>

namespace ga3c::config {
namespace {

TEST(Printable, ControlCharactersAreEscaped) {
  EXPECT_EQ(one_line("a\nb\x1b[31m\x7f"), "a\\x0ab\\x1b[31m\\x7f");
  EXPECT_EQ(one_line(std::string("\0z", 2)), "\\x00z");
  EXPECT_EQ(one_line(std::string(100, 'x')), std::string(100, 'x'));
}

TEST(Printable, LongTextIsCutAtACharacterBoundary) {
  EXPECT_EQ(printable(std::string(60, 'x')), std::string(60, 'x'));
  EXPECT_EQ(printable(std::string(59, 'x') + "\xC3\xA9z"), std::string(59, 'x') + "...");
  EXPECT_EQ(printable(std::string(58, 'x') + "\xC3\xA9z"), std::string(58, 'x') + "\xC3\xA9...");
}

}  // namespace
}  // namespace ga3c::config
