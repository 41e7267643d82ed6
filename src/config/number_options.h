// Every number option of a command line read the one way config/toml_number.h defines, instead of
// CLI11 2.1.2's strtoll / strtoull / strtold (which read -1 for an unsigned seed as 2^64-1, 010
// as 8 and 0x1p3 as 8.0).
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

#include "config/toml_number.h"

namespace ga3c::config {

// For a command's --help: how its numbers are read.
inline constexpr const char* kNumbersHelp =
    "Numbers are read as TOML 1.0 integers and floats, as in a config file: 8, -3, "
    "1_000_000, 0x1f, 0o17, 0b101, 3e-4, 1.5E3, inf; a float is no integer (write 1000000, "
    "not 1e6), a seed is not negative, and 010 is refused rather than read as octal.\n";

// What a value of `option` must be, by CLI11's type name of its variable (INT, UINT, FLOAT);
// nullopt for switches, names and paths. A number option must keep that type name (no
// ->type_name override) for read_numbers_as_toml to find it.
std::optional<NumberKind> number_kind_of(const CLI::Option& option);

// Puts read_number in front of the conversion of every number option of `app` and of its
// subcommands, recursively; options that have it already are left as they are. Call it after
// the last option is added. A value read_number refuses fails the parse with a
// CLI::ValidationError "--seed: -1 is negative; give a whole number >= 0"; the value CLI11
// converts (and keeps in results(), which config.toml is written from) is read_number's plain
// decimal text. CLI11 then refuses, as before, a value beyond a narrower variable's range.
void read_numbers_as_toml(CLI::App& app);

}  // namespace ga3c::config
