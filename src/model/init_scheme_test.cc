#include "model/init_scheme.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace ga3c::model {
namespace {

TEST(InitScheme, NamesRoundTrip) {
  for (InitScheme scheme : {InitScheme::kTorch, InitScheme::kOrthogonal}) {
    EXPECT_EQ(parse_init_scheme(to_string(scheme)), scheme);
  }
  EXPECT_EQ(to_string(InitScheme::kOrthogonal), "orthogonal");
}

TEST(InitScheme, UnknownNameListsTheChoices) {
  try {
    parse_init_scheme("xavier");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown init 'xavier'; use torch or orthogonal");
  }
}

}  // namespace
}  // namespace ga3c::model
