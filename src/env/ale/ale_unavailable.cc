// make_atari in a build without ALE: every ALE/ id is refused with how to build it in.
#include "env/ale/atari_registry.h"

namespace ga3c::env::ale {

EnvPtr make_atari(const RomInfo& rom, const AtariOptions&) {
  throw AleUnavailableError(std::string("ALE/") + rom.name +
                            "-v5 needs the Arcade Learning Environment, which this ga3c was "
                            "built without; run scripts/install-ale.sh (GPL-2.0, see README) "
                            "and rebuild");
}

bool ale_available() { return false; }

}  // namespace ga3c::env::ale
