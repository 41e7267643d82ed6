// The environment interface every built-in environment implements (Gymnasium semantics).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "env/observation_spec.h"

namespace ga3c::env {

// What one step returned. The observation itself is written into the caller's buffer.
struct StepResult {
  float reward = 0.0f;      // raw reward, never clipped here
  bool terminated = false;  // the MDP reached a terminal state: do not bootstrap
  bool truncated = false;   // cut by a time limit: bootstrap from the observation just written
  int lives = 0;            // remaining lives for games that have them, else 0
  // This step cost a life and the game goes on (Atari): a learner may treat it as terminal
  // (--terminal-on-life-loss) while the episode, and its logged return, runs to game over.
  bool life_lost = false;
};

// A single environment instance. Not thread-safe: one thread steps it at a time.
// Observations are written as float32 in row-major order of observation_spec().shape
// (booleans as 0.0f / 1.0f) into a caller-owned buffer of observation_spec().size() floats,
// so agents can point the env straight at their slot of a preallocated batch.
// The caller resets after terminated or truncated; step() after either is undefined.
class Env {
 public:
  virtual ~Env() = default;

  virtual const ObservationSpec& observation_spec() const = 0;
  virtual int num_actions() const = 0;
  // The name of each action in [0, num_actions()) as the reference environment names it
  // (ALE's: "NOOP", "FIRE", ..., as Gymnasium's get_action_meanings()), for users of an
  // exported policy (export/).
  virtual std::vector<std::string> action_meanings() const = 0;
  // Environment frames one step() advances (Atari's frame skip; 1 elsewhere): DESIGN.md
  // counts frames, not steps.
  virtual int frames_per_step() const { return 1; }

  // Reseeds the environment's own random generator (Gymnasium's reset(seed=...), MinAtar's
  // Environment.seed()): later resets continue that stream. MinAtar takes seeds below 2^32
  // and throws std::out_of_range for larger ones, as NumPy's RandomState does.
  virtual void seed(uint64_t seed) = 0;

  // Starts an episode and writes its first observation into obs.
  virtual void reset(float* obs) = 0;

  // Applies action in [0, num_actions()) and writes the next observation into obs.
  // Throws std::out_of_range for an action outside that range.
  virtual StepResult step(int action, float* obs) = 0;
};

using EnvPtr = std::unique_ptr<Env>;

}  // namespace ga3c::env
