#include "model/device_name.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace ga3c::model {
namespace {

TEST(DeviceName, ParsesTheThreeForms) {
  EXPECT_FALSE(parse_device_name("cpu").cuda);
  const DeviceName any = parse_device_name("cuda");
  EXPECT_TRUE(any.cuda);
  EXPECT_EQ(any.index, -1);
  const DeviceName third = parse_device_name("cuda:2");
  EXPECT_TRUE(third.cuda);
  EXPECT_EQ(third.index, 2);
  for (const char* name : {"cpu", "cuda", "cuda:0", "cuda:15"}) {
    EXPECT_EQ(to_string(parse_device_name(name)), name);
  }
}

TEST(DeviceName, RefusesOtherNamesListingTheForms) {
  for (const char* name :
       {"gpu", "CUDA", "cuda:", "cuda:-1", "cuda:1x", "cuda0", "cpu:0", "", "cuda:99999"}) {
    try {
      parse_device_name(name);
      FAIL() << name;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()),
                "unknown --device '" + std::string(name) + "'; use cpu, cuda or cuda:N");
    }
  }
}

}  // namespace
}  // namespace ga3c::model
