#include "env/ale/numpy_seeding.h"

#include <stdexcept>
#include <string>

namespace ga3c::env::ale {
namespace {

constexpr int kPoolSize = 4;
constexpr uint32_t kInitA = 0x43b0d7e5;
constexpr uint32_t kMultA = 0x931e8875;
constexpr uint32_t kInitB = 0x8b51f9dd;
constexpr uint32_t kMultB = 0x58f38ded;
constexpr uint32_t kMixMultL = 0xca01f9dd;
constexpr uint32_t kMixMultR = 0x4973f715;
constexpr int kXShift = 16;

uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  value ^= value >> kXShift;
  return value;
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t result = kMixMultL * x - kMixMultR * y;
  result ^= result >> kXShift;
  return result;
}

constexpr unsigned __int128 kPcgMultiplier =
    (static_cast<unsigned __int128>(0x2360ed051fc65da4ULL) << 64) | 0x4385df649fccf645ULL;

}  // namespace

std::vector<uint32_t> seed_sequence_state(uint64_t entropy, int n_words) {
  // A Python int becomes its 32-bit words, least significant first (0 is one word).
  std::vector<uint32_t> words{static_cast<uint32_t>(entropy)};
  if (entropy >> 32) words.push_back(static_cast<uint32_t>(entropy >> 32));

  uint32_t pool[kPoolSize];
  uint32_t hash_const = kInitA;
  for (int i = 0; i < kPoolSize; ++i) {
    pool[i] = hashmix(i < static_cast<int>(words.size()) ? words[i] : 0, hash_const);
  }
  for (int src = 0; src < kPoolSize; ++src) {
    for (int dst = 0; dst < kPoolSize; ++dst) {
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));
    }
  }
  for (int src = kPoolSize; src < static_cast<int>(words.size()); ++src) {
    for (int dst = 0; dst < kPoolSize; ++dst) {
      pool[dst] = mix(pool[dst], hashmix(words[src], hash_const));
    }
  }

  std::vector<uint32_t> state(static_cast<std::size_t>(n_words));
  uint32_t hash_b = kInitB;
  for (int i = 0; i < n_words; ++i) {
    uint32_t v = pool[i % kPoolSize];
    v ^= hash_b;
    hash_b *= kMultB;
    v *= hash_b;
    v ^= v >> kXShift;
    state[i] = v;
  }
  return state;
}

Pcg64::Pcg64(uint64_t seed) {
  // PCG64 takes generate_state(4, uint64): the 128-bit seed (words 0, 1) and increment
  // (words 2, 3), the first word of each pair the high half.
  const std::vector<uint32_t> s = seed_sequence_state(seed, 8);
  auto word64 = [&](int i) {
    return static_cast<uint64_t>(s[2 * i]) | (uint64_t{s[2 * i + 1]} << 32);
  };
  const unsigned __int128 initstate = (static_cast<unsigned __int128>(word64(0)) << 64) | word64(1);
  const unsigned __int128 initseq = (static_cast<unsigned __int128>(word64(2)) << 64) | word64(3);
  state_ = 0;
  inc_ = (initseq << 1) | 1;
  state_ = state_ * kPcgMultiplier + inc_;
  state_ += initstate;
  state_ = state_ * kPcgMultiplier + inc_;
}

uint64_t Pcg64::next64() {
  state_ = state_ * kPcgMultiplier + inc_;
  const uint64_t hi = static_cast<uint64_t>(state_ >> 64);
  const uint64_t lo = static_cast<uint64_t>(state_);
  const uint64_t x = hi ^ lo;
  const unsigned rot = static_cast<unsigned>(hi >> 58);
  return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64::next32() {
  if (has_uint32_) {
    has_uint32_ = false;
    return uinteger_;
  }
  const uint64_t next = next64();
  has_uint32_ = true;
  uinteger_ = static_cast<uint32_t>(next >> 32);
  return static_cast<uint32_t>(next);
}

int64_t Pcg64::integers(int64_t low, int64_t high) {
  const uint64_t rng = static_cast<uint64_t>(high - low - 1);  // NumPy's inclusive range
  if (high <= low || rng > 0xffffffffULL) {
    throw std::invalid_argument("Pcg64::integers(" + std::to_string(low) + ", " +
                                std::to_string(high) + "): the range must hold 1 to 2^32 values");
  }
  if (rng == 0) return low;
  if (rng == 0xffffffffULL) return low + next32();
  const uint32_t rng_excl = static_cast<uint32_t>(rng) + 1;
  uint64_t m = uint64_t{next32()} * rng_excl;
  uint32_t leftover = static_cast<uint32_t>(m);
  if (leftover < rng_excl) {
    const uint32_t threshold = (UINT32_MAX - static_cast<uint32_t>(rng)) % rng_excl;
    while (leftover < threshold) {
      m = uint64_t{next32()} * rng_excl;
      leftover = static_cast<uint32_t>(m);
    }
  }
  return low + static_cast<int64_t>(m >> 32);
}

}  // namespace ga3c::env::ale
