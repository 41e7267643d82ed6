// AtariEnv: one Atari 2600 game through the Arcade Learning Environment (ALE) C++ library,
// as Gymnasium plays it with
//   FrameStackObservation(AtariPreprocessing(gym.make("ALE/<Game>-v5", frameskip=1),
//       noop_max=30, frame_skip=4, screen_size=84, grayscale_obs=True), 4)
// (ale-py 0.12.1, gymnasium 1.4), the preprocessing of the A3C and GA3C papers. Exact: with
// the same ROM, seed and actions it gives the same observations, rewards, terminations and
// truncations (tests/reference/compare_env_trace.py checks it).
//
// - Observation: [84, 84, 4] float32 in [0, 1] (grey level / 255), channels-last, channel 3
//   the newest frame. A frame is the pixel-wise max of the last two emulator frames of a step
//   (greyscale by ALE's palette), resized to 84x84 as OpenCV's INTER_AREA does (AreaResize,
//   bit-exact). reset() fills all
//   four channels with the first frame.
// - step(a): the action (index into the game's minimal action set, or ALE's 18 with
//   full_action_space) is applied for frame_skip emulator frames, stopping early at game over
//   or truncation; rewards are summed, raw. Sticky actions happen inside ALE
//   (repeat_action_probability, drawn from ALE's generator every frame).
// - terminated: game over. truncated: the episode reached max_episode_frames emulator frames
//   (v5: 108,000, 30 minutes at 60 Hz; the no-op frames of reset() count). lives: ALE's.
//   life_lost: lives fell during the step (the learner's terminal, --terminal-on-life-loss;
//   the reference wrapper's terminal_on_life_loss=False stays what the episode does).
// - reset(): a new game, then n no-op frames (frame skip 1), n = integers(1, noop_max + 1) from
//   the environment's NumPy Generator (none when noop_max is 0); a game that ends during
//   them starts again (its generator and ROM reseeded when this reset is the first after
//   seed(), as the reference resets again with the reset's seed).
// - seed(S): as AtariEnv.reset(seed=S): SeedSequence(S).generate_state(2) gives the
//   Generator's seed (PCG64) and ALE's random_seed (as int32); the ROM is loaded again at the
//   next reset(), or, when that is the first reset since the constructor loaded it (0.15-0.25 s
//   each: ALE builds its phosphor palette), only ALE's generator is seeded anew, which leaves
//   the same state in every game whose reset does not draw from it (all but Adventure, which
//   is loaded again). An environment never seeded behaves as one seeded with kDefaultSeed.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "env/ale/area_resize.h"
#include "env/ale/atari_options.h"
#include "env/ale/numpy_seeding.h"
#include "env/ale/rom_table.h"
#include "env/env.h"
#include "env/screen.h"

namespace ale {
class ALEInterface;
}

namespace ga3c::env::ale {

// The ROM folder options.rom_dir selects and where that choice came from ("--rom-dir",
// "ALE_ROMS_DIR", "the built-in ROM folder").
struct RomDir {
  std::string path;
  std::string origin;
};
RomDir resolve_rom_dir(const std::string& rom_dir);

// The path of rom's file in dir, checked: throws RomError when dir is no folder, the file is
// missing or unreadable, its MD5 differs from rom.md5, or the game is multiplayer-only.
std::string checked_rom_path(const RomInfo& rom, const RomDir& dir);

class AtariEnv final : public Env, public HasScreen {
 public:
  static constexpr uint64_t kDefaultSeed = 0;
  static constexpr int kSize = 84;  // observation height and width
  static constexpr int kStack = 4;  // frames stacked

  // Throws RomError (see checked_rom_path) and std::invalid_argument for options out of
  // range (sticky_action_prob outside [0, 1], frame_skip < 1, noop_max < 0,
  // max_episode_frames < 0).
  AtariEnv(const RomInfo& rom, const AtariOptions& options);
  ~AtariEnv() override;
  AtariEnv(const AtariEnv&) = delete;
  AtariEnv& operator=(const AtariEnv&) = delete;

  const ObservationSpec& observation_spec() const override { return spec_; }
  int num_actions() const override { return static_cast<int>(action_set_.size()); }
  int frames_per_step() const override { return options_.frame_skip; }
  // ale_py's names of the actions in the set played (ale_py.Action's members).
  std::vector<std::string> action_meanings() const override;
  void seed(uint64_t seed) override;
  void reset(float* obs) override;
  // Throws std::out_of_range for an action outside [0, num_actions()).
  StepResult step(int action, float* obs) override;

  int screen_width() const override;
  int screen_height() const override;
  void screen(uint8_t* out) const override;
  const std::array<uint32_t, 256>& screen_palette() const override { return palette_; }
  double screen_fps() const override { return 60.0; }

  // ALE's action ids behind each action index (ale::Action values).
  const std::vector<int>& action_set() const { return action_set_; }
  // ALE's own lives() now.
  int lives() const;

 private:
  void load();  // random_seed from the pending seed, then loadROM
  // Leaves ALE, loaded and not moved since, as load() with the pending seed would: its
  // environment generator seeded anew.
  void reseed_loaded();
  // The pooled frame, into resize_'s source: the screen now in grey, or (with_second_last)
  // its max with second_last_.
  void pool_screen(bool with_second_last);
  // For a step cut short after its second-last frame: the last pooled frame's max with
  // second_last_.
  void pool_second_last();
  static void to_unit_scale(const uint8_t* frame, float* out);  // [84, 84] -> / 255
  void write_observation(float* obs) const;  // the stack, oldest to newest channel

  const RomInfo& rom_;
  AtariOptions options_;
  std::string rom_path_;
  std::unique_ptr<::ale::ALEInterface> ale_;
  std::vector<int> action_set_;
  int height_ = 0, width_ = 0;

  uint64_t seed_ = kDefaultSeed;
  bool seed_pending_ = true;  // load() before the next reset
  // The game has not moved since load(), and no draw from ALE's environment generator went
  // into loading it: reseed_loaded() can stand in for load().
  bool reseedable_ = false;
  Pcg64 rng_{0};
  int lives_ = 0;

  std::array<float, 256> grey_{};  // grey level of each screen byte (ALE's palette)
  // AtariPreprocessing's two screen buffers: obs_buffer[1], here the second-last frame of the
  // step as ALE's screen bytes (palette indices, [height, width]), and obs_buffer[0], the
  // pooled frame in grey, which is resize_'s source.
  std::vector<uint8_t> second_last_;
  std::optional<AreaResize> resize_;
  std::vector<uint8_t> resized_;                  // [84, 84]
  std::array<std::vector<float>, kStack> stack_;  // [84, 84] each, a ring, stack_[head_] the oldest
  int head_ = 0;
  std::array<uint32_t, 256> palette_{};
  ObservationSpec spec_{{kSize, kSize, kStack}, DType::kFloat32};
};

}  // namespace ga3c::env::ale
