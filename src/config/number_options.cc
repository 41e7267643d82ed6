#include "config/number_options.h"

#include <stdexcept>
#include <string>

namespace ga3c::config {
namespace {

constexpr const char* kReading = "toml-number";

bool has_reading(CLI::Option& option) {
  try {
    option.get_validator(kReading);
    return true;
  } catch (const CLI::OptionNotFound&) {
    return false;
  }
}

}  // namespace

std::optional<NumberKind> number_kind_of(const CLI::Option& option) {
  if (option.get_expected_min() == 0) return std::nullopt;  // a switch
  const std::string full = option.get_type_name();
  const std::string type = full.substr(0, full.find(':'));  // validators append ":what"
  if (type == "INT") return NumberKind::kInteger;
  if (type == "UINT") return NumberKind::kUnsigned;
  if (type == "FLOAT") return NumberKind::kFloat;
  return std::nullopt;
}

void read_numbers_as_toml(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    const std::optional<NumberKind> kind = number_kind_of(*option);
    if (!kind || has_reading(*option)) continue;
    option->transform(CLI::Validator(
        [kind = *kind](std::string& value) {
          try {
            value = read_number(value, kind);
          } catch (const std::invalid_argument& e) {
            return std::string(e.what());
          }
          return std::string();
        },
        "", kReading));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    read_numbers_as_toml(*sub);
  }
}

}  // namespace ga3c::config
