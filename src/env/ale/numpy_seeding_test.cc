#include "env/ale/numpy_seeding.h"

#include <gtest/gtest.h>

namespace ga3c::env::ale {
namespace {

// Expected values printed by NumPy 2.4: SeedSequence(s).generate_state(2), and for
// Generator(PCG64(SeedSequence(s))) its random_raw() and integers(1, 31).
TEST(SeedSequenceTest, MatchesNumPy) {
  EXPECT_EQ(seed_sequence_state(0, 2), (std::vector<uint32_t>{2968811710u, 3677149159u}));
  EXPECT_EQ(seed_sequence_state(1, 2), (std::vector<uint32_t>{1835504127u, 1731038949u}));
  EXPECT_EQ(seed_sequence_state(7, 2), (std::vector<uint32_t>{2083679832u, 3939563265u}));
  EXPECT_EQ(seed_sequence_state((uint64_t{1} << 32) + 5, 2),
            (std::vector<uint32_t>{3796490668u, 4190198742u}));
  EXPECT_EQ(seed_sequence_state(UINT64_MAX, 2), (std::vector<uint32_t>{2458692877u, 2931597649u}));
}

TEST(Pcg64Test, RawOutputMatchesNumPy) {
  Pcg64 g(42);
  EXPECT_EQ(g.next64(), 14276969152011380360ULL);
  EXPECT_EQ(g.next64(), 8095878257575067585ULL);
  EXPECT_EQ(g.next64(), 15838336090824644132ULL);
}

// Gymnasium's AtariEnv seeds its Generator with the first word of SeedSequence(seed).
TEST(Pcg64Test, NoopCountsMatchGymnasium) {
  const std::vector<int64_t> want0 = {22, 1, 1, 30, 12, 24, 3, 3, 20, 9, 29, 13};
  const std::vector<int64_t> want12345 = {18, 2, 29, 24, 25, 10, 9, 19, 16, 14, 24, 15};
  for (const auto& [seed, want] :
       {std::pair{uint64_t{0}, want0}, std::pair{uint64_t{12345}, want12345}}) {
    Pcg64 g(seed_sequence_state(seed, 2)[0]);
    std::vector<int64_t> got;
    for (std::size_t i = 0; i < want.size(); ++i) got.push_back(g.integers(1, 31));
    EXPECT_EQ(got, want) << "seed " << seed;
  }
  EXPECT_EQ(static_cast<int32_t>(seed_sequence_state(0, 2)[1]), -617818137);
  EXPECT_EQ(static_cast<int32_t>(seed_sequence_state(12345, 2)[1]), -1246862206);
}

TEST(Pcg64Test, RefusesEmptyOrHugeRanges) {
  Pcg64 g(1);
  EXPECT_THROW(g.integers(3, 3), std::invalid_argument);
  EXPECT_THROW(g.integers(0, (int64_t{1} << 32) + 1), std::invalid_argument);
  EXPECT_EQ(g.integers(5, 6), 5);
}

}  // namespace
}  // namespace ga3c::env::ale
