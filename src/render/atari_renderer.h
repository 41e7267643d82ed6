// An Atari game's colour screen (210x160, ALE's NTSC palette), read from the environment, not
// from its observation: the observation is four grey 84x84 frames, the screen what a person
// sees. One picture per agent step.
#pragma once

#include "env/screen.h"
#include "render/renderer.h"

namespace ga3c::render {

class AtariRenderer : public Renderer {
 public:
  // screen: must outlive the renderer; frames_per_step: emulator frames between pictures.
  AtariRenderer(const env::HasScreen& screen, int frames_per_step);

  int width() const override { return screen_.screen_width(); }
  int height() const override { return screen_.screen_height(); }
  const Palette& palette() const override { return palette_; }
  // The game's own pace: frames_per_step emulator frames at screen_fps().
  double frame_delay_cs() const override { return delay_cs_; }
  // Ignores observation: draws the screen as it is now.
  void render(const float* observation, IndexedImage& out) const override;

 private:
  const env::HasScreen& screen_;
  Palette palette_;
  double delay_cs_;
};

}  // namespace ga3c::render
