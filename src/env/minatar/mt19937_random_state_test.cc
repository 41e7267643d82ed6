// Expected values printed by NumPy 2.4.6: numpy.random.RandomState(seed) and its methods.
#include "env/minatar/mt19937_random_state.h"

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

TEST(Mt19937RandomState, RawOutputsMatchNumPy) {
  // RandomState(42).randint(0, 2**32, size=5, dtype=np.uint64) returns raw 32-bit outputs.
  Mt19937RandomState rng(42);
  const std::vector<uint32_t> expected{1608637542u, 3421126067u, 4083286876u, 787846414u,
                                       3143890026u};
  for (uint32_t want : expected) EXPECT_EQ(rng.next_uint32(), want);
}

TEST(Mt19937RandomState, RandMatchesNumPyBitForBit) {
  Mt19937RandomState rng(42);
  EXPECT_EQ(rng.rand(), 0x1.7f8771e5f51ecp-2);  // 0.37454011884736249
  EXPECT_EQ(rng.rand(), 0x1.e6c4068bbd654p-1);  // 0.95071430640991617
  EXPECT_EQ(rng.rand(), 0x1.76c7e8f1e6751p-1);  // 0.73199394181140509
  EXPECT_EQ(Mt19937RandomState(0).rand(), 0x1.18fe1565f12a8p-1);
  EXPECT_EQ(Mt19937RandomState(4294967295u).rand(), 0x1.8fe69a3924820p-4);
}

TEST(Mt19937RandomState, RandintMatchesNumPy) {
  Mt19937RandomState rng(7);
  for (int64_t want : {1, 0, 1, 0, 1, 1, 1, 1, 0, 1}) EXPECT_EQ(rng.randint(2), want);

  rng.seed(7);
  for (int64_t want : {8, 5, 2, 7, 4, 4, 8, 8, 5, 2}) EXPECT_EQ(rng.randint(1, 9), want);

  rng.seed(123);
  for (int64_t want : {510, 365, 382, 322, 988}) EXPECT_EQ(rng.randint(1000), want);
  for (int64_t want : {819844194, 220395238, 941243409}) {
    EXPECT_EQ(rng.randint(0, 2147483647), want);
  }
  EXPECT_EQ(rng.randint(-5, 5), -2);
}

TEST(Mt19937RandomState, RandintRejectsAboveTheRangeAndKeepsTheStreamInStep) {
  // randint(1, 6, 8) draws under mask 7 and rejects 5..7; rand() then continues the stream.
  Mt19937RandomState rng(7);
  for (int64_t want : {5, 2, 4, 4, 5, 2, 1, 2}) EXPECT_EQ(rng.randint(1, 6), want);
  EXPECT_EQ(rng.rand(), 0x1.271f16d6b7f40p-4);  // 0.072051133359761543

  rng.seed(7);
  for (int64_t want : {4, 1, 3, 3, 4, 1, 0, 1, 2, 2}) EXPECT_EQ(rng.randint(5), want);
  EXPECT_EQ(rng.rand(), 0x1.04ace3ffc2640p-6);  // 0.015910360961276959
}

TEST(Mt19937RandomState, RandintOfOneValueDrawsNothing) {
  Mt19937RandomState rng(7);
  EXPECT_EQ(rng.randint(1), 0);
  EXPECT_EQ(rng.randint(3, 4), 3);
  EXPECT_EQ(rng.rand(), 0x1.388f0a7465c98p-4);  // RandomState(7).rand(), the first draw
}

TEST(Mt19937RandomState, ReseedingRestartsTheStream) {
  Mt19937RandomState rng(5);
  const double first = rng.rand();
  rng.rand();
  rng.seed(5);
  EXPECT_EQ(rng.rand(), first);
}

TEST(Mt19937RandomState, SeedsOutsideNumPysRangeAreRejected) {
  Mt19937RandomState rng;
  EXPECT_THROW(rng.seed(uint64_t{1} << 32), std::out_of_range);
  EXPECT_THROW(Mt19937RandomState(uint64_t{1} << 40), std::out_of_range);
}

}  // namespace
}  // namespace ga3c::env::minatar
