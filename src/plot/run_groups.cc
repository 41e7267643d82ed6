#include "plot/run_groups.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "plot/plot_error.h"

namespace ga3c::plot {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

}  // namespace

std::string training_settings(const std::string& config_toml) {
  static const std::set<std::string> ignored = {"seed", "run-dir", "status-interval", "log-level",
                                                "quiet"};
  std::stringstream in(config_toml);
  std::string kept;
  for (std::string line; std::getline(in, line);) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    const auto equals = line.find('=');
    if (equals != std::string::npos && ignored.count(trim(line.substr(0, equals))) > 0) continue;
    kept += line + "\n";
  }
  return kept;
}

std::vector<std::vector<std::size_t>> group_by_settings(const std::vector<std::string>& dirs) {
  std::vector<std::string> group_settings;
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    const fs::path path = fs::path(dirs[i]) / "config.toml";
    std::ifstream in(path);
    if (!in) {
      throw PlotInputError("'" + dirs[i] +
                           "' has no config.toml, which --group-seeds compares; leave that run "
                           "out or drop --group-seeds");
    }
    std::stringstream text;
    text << in.rdbuf();
    const std::string settings = training_settings(text.str());
    std::size_t g = 0;
    while (g < groups.size() && group_settings[g] != settings) ++g;
    if (g == groups.size()) {
      group_settings.push_back(settings);
      groups.emplace_back();
    }
    groups[g].push_back(i);
  }
  return groups;
}

}  // namespace ga3c::plot
