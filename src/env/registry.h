// Built-in environments by Gymnasium-style id ("CartPole-v1", "MinAtar/Breakout-v0").
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "env/ale/atari_options.h"
#include "env/env.h"

namespace ga3c::env {

// Options an id may honour; the defaults are each reference's own.
struct EnvOptions {
  double sticky_action_prob = 0.1;  // MinAtar: chance of repeating the previous action
  bool difficulty_ramping = true;   // MinAtar: games speed up as in the reference
  ale::AtariOptions atari;          // ALE/<Game>-v5 (its own sticky actions, 0.25)
};

// Raised for an id that is not registered; what() names the id and lists the known ones.
class UnknownEnvError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Creates a fresh, unseeded environment. Throws UnknownEnvError, and for ALE/ ids what
// ale::make_atari_env throws (env/ale/atari_registry.h).
EnvPtr make_env(const std::string& id, const EnvOptions& options = {});

// Every registered id, sorted (ALE/ ids only in a build with ALE).
std::vector<std::string> registered_env_ids();

}  // namespace ga3c::env
