# The Arcade Learning Environment (GPL-2.0; README, "Atari and the GPL"): built from the
# ale-py 0.12.1 source distribution by scripts/install-ale.sh, which installs its CMake config
# and the ROMs. GA3C_WITH_ALE: AUTO builds the ALE/<Game>-v5 environments when they are found,
# ON requires them, OFF leaves them out (ALE/ ids are then refused, saying how to build them
# in).
set(GA3C_WITH_ALE AUTO CACHE STRING "Atari through ALE (GPL-2.0): AUTO, ON or OFF")
set(GA3C_ALE_FOUND OFF)
if(NOT GA3C_WITH_ALE STREQUAL "OFF")
  find_package(ale 0.12.1 EXACT CONFIG QUIET)
  if(ale_FOUND)
    get_filename_component(GA3C_ALE_PREFIX "${ale_DIR}/../../.." ABSOLUTE)
    find_path(GA3C_ALE_ROM_DIR breakout.bin PATHS "${GA3C_ALE_PREFIX}/share/ale/roms"
              NO_DEFAULT_PATH)
  endif()
  if(ale_FOUND AND GA3C_ALE_ROM_DIR)
    set(GA3C_ALE_FOUND ON)
    message(STATUS "ALE ${ale_VERSION}: ALE/<Game>-v5 built in (GPL-2.0), ROMs in ${GA3C_ALE_ROM_DIR}")
  elseif(GA3C_WITH_ALE STREQUAL "ON")
    message(FATAL_ERROR "GA3C_WITH_ALE=ON, but ALE 0.12.1 or its ROMs were not found: run "
                        "scripts/install-ale.sh")
  else()
    message(STATUS "ALE not found: ALE/<Game>-v5 left out (scripts/install-ale.sh builds it)")
  endif()
endif()
