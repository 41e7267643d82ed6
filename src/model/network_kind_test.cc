#include "model/network_kind.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace ga3c::model {
namespace {

TEST(NetworkKind, NamesRoundTrip) {
  for (NetworkKind kind :
       {NetworkKind::kAuto, NetworkKind::kMlp, NetworkKind::kMinAtarCnn, NetworkKind::kA3cCnn}) {
    EXPECT_EQ(parse_network_kind(to_string(kind)), kind);
  }
  EXPECT_EQ(to_string(NetworkKind::kMinAtarCnn), "minatar-cnn");
}

TEST(NetworkKind, UnknownNameListsTheChoices) {
  try {
    parse_network_kind("resnet");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown network 'resnet'; use auto, mlp, minatar-cnn or a3c-cnn");
  }
}

}  // namespace
}  // namespace ga3c::model
