// The ids ALE/<Game>-v5, one for each single-player ROM of ale-py 0.12.1 (104 games), as
// Gymnasium registers them (ale_py/registration.py).
#pragma once

#include <string>
#include <vector>

#include "env/ale/atari_options.h"
#include "env/ale/rom_table.h"
#include "env/env.h"

namespace ga3c::env::ale {

// Whether this build has ALE (cmake found it: scripts/install-ale.sh installs it).
bool ale_available();

// Whether id is in the ALE/ namespace (known or not).
bool is_atari_id(const std::string& id);

// Creates the environment of an ALE/ id, unseeded. Throws UnknownEnvError (env/registry.h) for
// a game or version that does not exist, naming up to three close ids; AleUnavailableError
// when this build has no ALE; RomError for a multiplayer-only game or a ROM folder or file that
// cannot be used; std::invalid_argument for options out of range.
EnvPtr make_atari_env(const std::string& id, const AtariOptions& options);

// The factory behind make_atari_env for a ROM of the table: atari_env.cc, or
// ale_unavailable.cc in a build without ALE (which throws AleUnavailableError).
EnvPtr make_atari(const RomInfo& rom, const AtariOptions& options);

// The 104 ids, sorted by game name.
std::vector<std::string> atari_env_ids();

}  // namespace ga3c::env::ale
