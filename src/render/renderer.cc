#include "render/renderer.h"

#include "render/atari_renderer.h"
#include "render/cartpole_renderer.h"
#include "render/minatar_renderer.h"

namespace ga3c::render {
namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string shape_string(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

}  // namespace

std::unique_ptr<Renderer> make_renderer(const std::string& env_id,
                                        const std::vector<int64_t>& shape, const env::Env* env) {
  if (const auto* screen = dynamic_cast<const env::HasScreen*>(env)) {
    return std::make_unique<AtariRenderer>(*screen, env->frames_per_step());
  }
  const auto in_range = [](int64_t n) { return n >= 1 && n <= 255; };
  if (starts_with(env_id, "MinAtar/") && shape.size() == 3 && in_range(shape[0]) &&
      in_range(shape[1]) && in_range(shape[2])) {
    return std::make_unique<MinAtarRenderer>(static_cast<int>(shape[0]), static_cast<int>(shape[1]),
                                             static_cast<int>(shape[2]));
  }
  if (starts_with(env_id, "CartPole-") && shape == std::vector<int64_t>{4}) {
    return std::make_unique<CartPoleRenderer>();
  }
  throw NotRenderableError("cannot draw " + env_id + " (observation " + shape_string(shape) +
                           "): pictures exist for MinAtar/*, CartPole-v1 and ALE/*");
}

}  // namespace ga3c::render
