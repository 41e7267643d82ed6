#include "env/ale/atari_env.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>

#include <ale/ale_interface.hpp>
#include <ale/common/ColourPalette.hpp>
#include <ale/common/Log.hpp>
#include <ale/emucore/MD5.hxx>
#include <ale/emucore/OSystem.hxx>
#include <ale/emucore/Random.hxx>
#include <ale/emucore/Serializer.hxx>
#include <ale/environment/stella_environment.hpp>

#include "env/ale/atari_registry.h"
#include "env/ale/float4.h"

namespace ga3c::env::ale {
namespace {

namespace fs = std::filesystem;

const char* const kFix =
    "point --rom-dir or ALE_ROMS_DIR at the ROMs of ale-py 0.12.1 (scripts/install-ale.sh "
    "installs them in " GA3C_ALE_ROM_DIR ")";

// ale_py.Action's member names, by ALE's action id (PLAYER_A_NOOP = 0 ... PLAYER_A_DOWNLEFTFIRE
// = 17), which Gymnasium's get_action_meanings() reports.
constexpr std::array<const char*, 18> kAleActionNames = {
    "NOOP",     "FIRE",     "UP",          "RIGHT",      "LEFT",          "DOWN",
    "UPRIGHT",  "UPLEFT",   "DOWNRIGHT",   "DOWNLEFT",   "UPFIRE",        "RIGHTFIRE",
    "LEFTFIRE", "DOWNFIRE", "UPRIGHTFIRE", "UPLEFTFIRE", "DOWNRIGHTFIRE", "DOWNLEFTFIRE"};

// Once per process: ALE's logger is global (every ALEInterface would print its banner).
void quiet_ale() {
  static std::once_flag once;
  std::call_once(once, [] { ::ale::Logger::setMode(::ale::Logger::Error); });
}

}  // namespace

RomDir resolve_rom_dir(const std::string& rom_dir) {
  if (!rom_dir.empty()) return {rom_dir, "--rom-dir"};
  const char* env = std::getenv("ALE_ROMS_DIR");
  if (env != nullptr && *env != '\0') return {env, "ALE_ROMS_DIR"};
  return {GA3C_ALE_ROM_DIR, "the built-in ROM folder"};
}

std::string checked_rom_path(const RomInfo& rom, const RomDir& dir) {
  const std::string id = std::string("ALE/") + rom.name + "-v5";
  if (rom.multiplayer_only) {
    throw RomError(id + ": " + rom.rom +
                   ".bin has no single-player game, which ALE needs "
                   "(ale-py registers no id for it either); choose another game");
  }
  std::error_code ec;
  if (!fs::is_directory(dir.path, ec)) {
    throw RomError("ROM folder " + dir.path + " (" + dir.origin + ") does not exist; " + kFix);
  }
  std::string path = (fs::path(dir.path) / (std::string(rom.rom) + ".bin")).string();
  std::ifstream in(path, std::ios::binary);
  if (!fs::is_regular_file(path, ec) || !in) {
    throw RomError(path + ": no such ROM file for " + id + " in " + dir.origin + "; " + kFix);
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  const std::string md5 = ::ale::stella::MD5(bytes.data(), static_cast<uint32_t>(bytes.size()));
  if (md5 != rom.md5) {
    throw RomError(path + " has MD5 " + md5 + ", not the " + rom.md5 + " of ale-py 0.12.1's " +
                   rom.rom + ".bin (another dump of the game, or damaged); " + kFix);
  }
  return path;
}

AtariEnv::AtariEnv(const RomInfo& rom, const AtariOptions& options) : rom_(rom), options_(options) {
  const std::string id = std::string("ALE/") + rom.name + "-v5";
  if (!(options.sticky_action_prob >= 0.0 && options.sticky_action_prob <= 1.0)) {
    throw std::invalid_argument(id + ": sticky action probability " +
                                std::to_string(options.sticky_action_prob) + " is not in [0, 1]");
  }
  if (options.frame_skip < 1 || options.noop_max < 0 || options.max_episode_frames < 0) {
    throw std::invalid_argument(id + ": frame skip " + std::to_string(options.frame_skip) +
                                ", no-op max " + std::to_string(options.noop_max) +
                                " or episode limit " + std::to_string(options.max_episode_frames) +
                                " out of range (>= 1, >= 0, >= 0)");
  }
  rom_path_ = checked_rom_path(rom, resolve_rom_dir(options.rom_dir));
  quiet_ale();
  ale_ = std::make_unique<::ale::ALEInterface>();
  ale_->setFloat("repeat_action_probability", static_cast<float>(options.sticky_action_prob));
  if (options.max_episode_frames > 0) {
    ale_->setInt("max_num_frames_per_episode", static_cast<int>(options.max_episode_frames));
  }
  // Loaded as seed(kDefaultSeed) would leave it, so an unseeded first reset needs no reload.
  seed(kDefaultSeed);
  load();
  seed_pending_ = false;
  const auto actions =
      options.full_action_space ? ale_->getLegalActionSet() : ale_->getMinimalActionSet();
  for (auto a : actions) action_set_.push_back(static_cast<int>(a));
  height_ = static_cast<int>(ale_->getScreen().height());
  width_ = static_cast<int>(ale_->getScreen().width());
  // ALE's getScreenGrayscale, one screen byte at a time: the same palette, looked up here.
  std::array<uint8_t, 256> bytes{};
  for (int i = 0; i < 256; ++i) bytes[i] = static_cast<uint8_t>(i);
  std::array<uint8_t, 256> grey{};
  ale_->theOSystem->colourPalette().applyPaletteGrayscale(grey.data(), bytes.data(), 256);
  std::copy(grey.begin(), grey.end(), grey_.begin());
  second_last_.assign(static_cast<std::size_t>(height_) * width_, 0);
  resize_.emplace(height_, width_, kSize, kSize);
  resized_.assign(kSize * kSize, 0);
  for (auto& s : stack_) s.assign(kSize * kSize, 0.0f);
  ::ale::ColourPalette palette;
  palette.setPalette("standard", "NTSC");
  for (int i = 0; i < 256; ++i) palette_[i] = palette.getRGB(i);
}

AtariEnv::~AtariEnv() = default;

void AtariEnv::seed(uint64_t seed) {
  const std::vector<uint32_t> words = seed_sequence_state(seed, 2);
  rng_ = Pcg64(words[0]);
  seed_ = seed;
  seed_pending_ = true;
}

void AtariEnv::load() {
  const uint32_t ale_seed = seed_sequence_state(seed_, 2)[1];
  ale_->setInt("random_seed", static_cast<int32_t>(ale_seed));
  ale_->loadROM(rom_path_);
  // loadROM seeds ALE's environment generator with random_seed and then resets the game,
  // which draws from it in only a few games (Adventure, to select a game mode): in all others
  // the emulator now is the same whatever the seed.
  ::ale::stella::Serializer now, fresh;
  ale_->environment->getEnvironmentRNG().saveState(now);
  ::ale::stella::Random seeded;
  seeded.seed(ale_seed);
  seeded.saveState(fresh);
  reseedable_ = now.get_str() == fresh.get_str();
}

void AtariEnv::reseed_loaded() {
  const uint32_t ale_seed = seed_sequence_state(seed_, 2)[1];
  ale_->setInt("random_seed", static_cast<int32_t>(ale_seed));
  ale_->environment->getEnvironmentRNG().seed(ale_seed);
}

int AtariEnv::lives() const { return ale_->lives(); }

std::vector<std::string> AtariEnv::action_meanings() const {
  std::vector<std::string> names;
  for (int id : action_set_) names.emplace_back(kAleActionNames.at(static_cast<std::size_t>(id)));
  return names;
}

void AtariEnv::reset(float* obs) {
  const bool seeded = seed_pending_;
  if (seeded && reseedable_) {
    reseed_loaded();  // as loading it again would leave it, without the 0.2 s of a load
  } else if (seeded) {
    load();
  }
  seed_pending_ = false;
  ale_->reset_game();
  const int64_t noops = options_.noop_max > 0 ? rng_.integers(1, options_.noop_max + 1) : 0;
  const auto noop = static_cast<::ale::Action>(action_set_[0]);
  for (int64_t i = 0; i < noops; ++i) {
    ale_->act(noop);
    if (ale_->game_over(false) || ale_->game_truncated()) {
      if (seeded) {  // the reference resets with this reset's seed: generator and ROM anew
        seed(seed_);
        load();
        seed_pending_ = false;
      }
      ale_->reset_game();
    }
  }
  reseedable_ = false;
  lives_ = ale_->lives();
  pool_screen(false);
  resize_->resize(resized_.data());
  to_unit_scale(resized_.data(), stack_[0].data());
  for (int i = 1; i < kStack; ++i) stack_[i] = stack_[0];
  head_ = 0;
  write_observation(obs);
}

StepResult AtariEnv::step(int action, float* obs) {
  if (action < 0 || action >= num_actions()) {
    throw std::out_of_range(std::string("ALE/") + rom_.name + "-v5: action " +
                            std::to_string(action) + " is not in [0, " +
                            std::to_string(num_actions()) + ")");
  }
  const auto a = static_cast<::ale::Action>(action_set_[action]);
  StepResult r;
  double reward = 0.0;
  const int skip = options_.frame_skip;
  bool second_last_seen = false, last_seen = false;
  for (int t = 0; t < skip; ++t) {
    reward += ale_->act(a);
    r.terminated = ale_->game_over(false);
    r.truncated = ale_->game_truncated();
    if (r.terminated || r.truncated) break;
    if (t == skip - 2) {
      const auto& screen = ale_->getScreen();
      std::copy(screen.getArray(), screen.getArray() + screen.arraySize(), second_last_.begin());
      second_last_seen = true;
    }
    last_seen = t == skip - 1;
  }
  r.reward = static_cast<float>(reward);
  r.lives = ale_->lives();
  r.life_lost = r.lives < lives_;
  lives_ = r.lives;
  // AtariPreprocessing's pooled frame is max(obs_buffer[0], obs_buffer[1]) after the frames
  // it grabbed. After every step and reset obs_buffer[0] >= obs_buffer[1] pixel by pixel
  // (obs_buffer[1] is zeroed on reset and never grabbed with frame skip 1), so a step that
  // ended before the second-last frame keeps the last step's frame as it is.
  if (last_seen) {
    pool_screen(skip > 1);
  } else if (second_last_seen) {
    pool_second_last();
  }
  resize_->resize(resized_.data());
  to_unit_scale(resized_.data(), stack_[head_].data());
  head_ = (head_ + 1) % kStack;
  write_observation(obs);
  return r;
}

namespace {

// The pooled frame (AtariPreprocessing's obs_buffer[0], grey) written straight into
// AreaResize's source, column by column and as float: level(i) is pixel i's grey level
// (row-major [height, width]). Four rows at a time, so that each column gets one 16-byte
// store instead of four scattered ones (twice as fast).
template <typename Level>
void pool_into(const Level& level, int height, int width, float* pooled, std::size_t stride) {
  const std::size_t w = static_cast<std::size_t>(width);
  int y = 0;
  for (; y + 4 <= height; y += 4) {
    const std::size_t row = y * w;
    for (std::size_t x = 0; x < w; ++x) {
      store4(pooled + x * stride + y, Float4{level(row + x), level(row + w + x),
                                             level(row + 2 * w + x), level(row + 3 * w + x)});
    }
  }
  for (; y < height; ++y) {
    for (std::size_t x = 0; x < w; ++x) pooled[x * stride + y] = level(y * w + x);
  }
}

}  // namespace

// Grey levels as ALE's getScreenGrayscale gives them, looked up in its palette.
void AtariEnv::pool_screen(bool with_second_last) {
  const float* grey = grey_.data();
  const uint8_t* pixels = ale_->getScreen().getArray();
  const uint8_t* second = second_last_.data();
  if (with_second_last) {
    pool_into([&](std::size_t i) { return std::max(grey[pixels[i]], grey[second[i]]); }, height_,
              width_, resize_->source(), resize_->stride());
  } else {
    pool_into([&](std::size_t i) { return grey[pixels[i]]; }, height_, width_, resize_->source(),
              resize_->stride());
  }
}

void AtariEnv::pool_second_last() {
  const float* grey = grey_.data();
  const uint8_t* second = second_last_.data();
  float* pooled = resize_->source();
  const std::size_t stride = resize_->stride(), w = static_cast<std::size_t>(width_);
  pool_into(
      [&](std::size_t i) { return std::max(pooled[(i % w) * stride + i / w], grey[second[i]]); },
      height_, width_, pooled, stride);
}

void AtariEnv::to_unit_scale(const uint8_t* __restrict frame, float* __restrict out) {
  // Grey level / 255 as float32, the same division NumPy does on a uint8 array.
  for (int p = 0; p < kSize * kSize; ++p) out[p] = static_cast<float>(frame[p]) / 255.0f;
}

namespace {

// obs[p * 4 + c] = planes c at p: a loop of constant length over restrict pointers, which the
// compiler turns into vector shuffles.
void interleave(const float* __restrict c0, const float* __restrict c1, const float* __restrict c2,
                const float* __restrict c3, float* __restrict obs) {
  constexpr int kPixels = AtariEnv::kSize * AtariEnv::kSize;
  static_assert(AtariEnv::kStack == 4);
  for (int p = 0; p < kPixels; ++p) {
    obs[4 * p] = c0[p];
    obs[4 * p + 1] = c1[p];
    obs[4 * p + 2] = c2[p];
    obs[4 * p + 3] = c3[p];
  }
}

}  // namespace

void AtariEnv::write_observation(float* obs) const {
  interleave(stack_[head_].data(), stack_[(head_ + 1) % kStack].data(),
             stack_[(head_ + 2) % kStack].data(), stack_[(head_ + 3) % kStack].data(), obs);
}

int AtariEnv::screen_width() const { return width_; }
int AtariEnv::screen_height() const { return height_; }

void AtariEnv::screen(uint8_t* out) const {
  const auto& s = ale_->getScreen();
  std::copy(s.getArray(), s.getArray() + s.arraySize(), out);
}

}  // namespace ga3c::env::ale

namespace ga3c::env::ale {

EnvPtr make_atari(const RomInfo& rom, const AtariOptions& options) {
  return std::make_unique<AtariEnv>(rom, options);
}

bool ale_available() { return true; }

}  // namespace ga3c::env::ale
