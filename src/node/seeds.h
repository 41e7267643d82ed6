// Seeds derived from the run's base seed, so every agent of every worker draws its own
// stream and the same command reproduces each stream.
#pragma once

#include <cstdint>

namespace ga3c::node {

// SplitMix64 (Steele, Lea & Flood 2014): a well-mixed 64-bit output per input.
inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The seed of worker `worker`'s agent `agent`; distinct inputs give distinct streams.
inline uint64_t agent_seed(uint64_t base_seed, int worker, int agent) {
  return splitmix64(splitmix64(splitmix64(base_seed) ^ static_cast<uint64_t>(worker)) ^
                    static_cast<uint64_t>(agent));
}

// The base of the agent seeds of a stretch of a run: --seed itself from the run's start
// (resumed_at_frames 0); after a resume from a checkpoint at resumed_at_frames, a seed derived
// from both, so that a run pre-empted and resumed again and again does not replay its start's
// environment draws each time, while the same checkpoint resumed twice draws alike. A
// deterministic run restores its generators from the checkpoint instead and keeps --seed.
inline uint64_t stretch_seed(uint64_t base_seed, int64_t resumed_at_frames) {
  if (resumed_at_frames == 0) return base_seed;
  return splitmix64(splitmix64(base_seed) ^ splitmix64(static_cast<uint64_t>(resumed_at_frames)));
}

}  // namespace ga3c::node
