// Float4: 4 floats in one vector register, through GCC's and Clang's vector extensions
// (SSE2 on x86-64, NEON on aarch64), for the Atari frame loops the compiler does not vectorize
// well by itself at -O2 (AreaResize's passes, the pooling's column stores).
#pragma once

#include <cstring>

namespace ga3c::env::ale {

using Float4 = float __attribute__((vector_size(16)));

inline Float4 load4(const float* p) {
  Float4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store4(float* p, Float4 v) { std::memcpy(p, &v, sizeof v); }

inline Float4 splat(float w) { return Float4{w, w, w, w}; }

}  // namespace ga3c::env::ale
