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

TEST(NetworkLayout, NamesRoundTrip) {
  EXPECT_EQ(to_string(NetworkLayout{NetworkKind::kA3cCnn}), "a3c-cnn");
  EXPECT_EQ(to_string(NetworkLayout{NetworkKind::kA3cCnn, 256}), "a3c-cnn+lstm256");
  EXPECT_EQ(parse_network_layout("mlp+lstm64"), (NetworkLayout{NetworkKind::kMlp, 64}));
  EXPECT_EQ(parse_network_layout("minatar-cnn"), (NetworkLayout{NetworkKind::kMinAtarCnn, 0}));
}

TEST(NetworkLayout, MalformedNamesAreRefused) {
  for (const char* name : {"mlp+lstm", "mlp+lstm0", "mlp+lstm-3", "mlp+lstm12x", "cnn+lstm8"}) {
    EXPECT_THROW(parse_network_layout(name), std::invalid_argument) << name;
  }
}

}  // namespace
}  // namespace ga3c::model
