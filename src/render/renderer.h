// Draws an environment's observation as a picture a person can watch (ga3c eval --record).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/env.h"
#include "render/indexed_image.h"

namespace ga3c::render {

class Renderer {
 public:
  virtual ~Renderer() = default;

  virtual int width() const = 0;   // pixels
  virtual int height() const = 0;  // pixels
  virtual const Palette& palette() const = 0;
  // How long each frame shows on average, in centiseconds (a GIF's unit, which GifEncoder
  // reaches on average where it is not whole): slow enough to follow.
  virtual double frame_delay_cs() const = 0;

  // observation: one observation as the environment writes it (float32, row-major over its
  // shape). out becomes a width() x height() picture of palette() indices.
  virtual void render(const float* observation, IndexedImage& out) const = 0;
};

// Raised when an environment has no picture; what() is one line naming it and the ones that do.
class NotRenderableError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// MinAtar/* ids with [H, W, C] observations draw as MinAtar's grid, CartPole-* ids with [4]
// observations as the cart and pole, an environment with a screen (env/screen.h: Atari) as
// that screen, read from env, which must then outlive the renderer. Throws
// NotRenderableError for anything else.
std::unique_ptr<Renderer> make_renderer(const std::string& env_id,
                                        const std::vector<int64_t>& observation_shape,
                                        const env::Env* env = nullptr);

}  // namespace ga3c::render
