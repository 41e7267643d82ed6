// NumPy's seeding, reproduced so that a seed means in ga3c what it means in Gymnasium's
// AtariEnv (ale_py/env.py): seed(S) splits S with SeedSequence(S).generate_state(2) into the
// seed of the environment's NumPy Generator (PCG64) and ALE's random_seed, and
// AtariPreprocessing draws each episode's no-op count from that Generator with
// integers(1, noop_max + 1). References: numpy/random/bit_generator.pyx (SeedSequence, after
// M. O'Neill's seed_seq), numpy/random/src/pcg64/pcg64.h (PCG64, XSL-RR 128/64) and
// numpy/random/src/distributions/distributions.c (bounded integers, Lemire's method).
#pragma once

#include <cstdint>
#include <vector>

namespace ga3c::env::ale {

// SeedSequence(entropy).generate_state(n_words) with NumPy's defaults (pool size 4, no spawn
// key), as uint32 words. Entropy is NumPy's for a non-negative Python int below 2^64.
std::vector<uint32_t> seed_sequence_state(uint64_t entropy, int n_words);

// NumPy's PCG64 bit generator, seeded as np.random.PCG64(SeedSequence(seed)) is, together
// with Generator.integers for small ranges. Copyable; a copy continues the same stream.
class Pcg64 {
 public:
  explicit Pcg64(uint64_t seed);

  uint64_t next64();
  // NumPy's next_uint32: the low half of a 64-bit output, the high half on the next call.
  uint32_t next32();
  // Generator.integers(low, high) (int64, high exclusive) for 1 <= high - low <= 2^32.
  int64_t integers(int64_t low, int64_t high);

 private:
  unsigned __int128 state_ = 0;
  unsigned __int128 inc_ = 0;
  bool has_uint32_ = false;
  uint32_t uinteger_ = 0;
};

}  // namespace ga3c::env::ale
