// The parts of NumPy's legacy `numpy.random.RandomState` (MT19937) that MinAtar draws from,
// reproduced bit for bit so our games follow the reference's trajectories.
//
// Contract, as NumPy implements it (numpy/random/mtrand.pyx and distributions.c):
//  - RandomState(seed) with an integer seed runs Matsumoto & Nishimura's init_genrand(seed);
//    seeds outside [0, 2^32) are rejected, as NumPy rejects them.
//  - rand() combines two 32-bit outputs a, b into a double in [0, 1) with 53 random bits:
//    ((a >> 5) * 2^26 + (b >> 6)) / 2^53.
//  - randint(low, high) (default int64 dtype, legacy masked path): with r = high - low - 1,
//    r == 0 returns low without consuming any output; otherwise it draws 32-bit outputs, keeps
//    the bits of the smallest all-ones mask >= r, and rejects values above r.
// Arrays (rand(8), randint(1, 6, 8)) are these scalar draws in order, so no array form is needed.
#pragma once

#include <cstdint>
#include <random>

namespace ga3c::env::minatar {

class Mt19937RandomState {
 public:
  // Throws std::out_of_range unless seed < 2^32.
  explicit Mt19937RandomState(uint64_t seed = 0) { this->seed(seed); }

  // Throws std::out_of_range unless seed < 2^32.
  void seed(uint64_t seed);

  // One raw 32-bit MT19937 output (genrand_int32).
  uint32_t next_uint32() { return static_cast<uint32_t>(engine_()); }

  // Uniform double in [0, 1), NumPy's random_sample().
  double rand() {
    const uint32_t a = next_uint32() >> 5;
    const uint32_t b = next_uint32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  // Uniform integer in [low, high); requires low < high and high - low <= 2^32 - 1.
  int64_t randint(int64_t low, int64_t high) {
    const uint32_t range = static_cast<uint32_t>(high - low - 1);
    if (range == 0) return low;
    uint32_t mask = range;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    uint32_t value;
    do {
      value = next_uint32() & mask;
    } while (value > range);
    return low + value;
  }

  // randint(0, high).
  int64_t randint(int64_t high) { return randint(0, high); }

 private:
  // std::mt19937 is specified to be MT19937 with init_genrand seeding, NumPy's generator.
  std::mt19937 engine_;
};

}  // namespace ga3c::env::minatar
