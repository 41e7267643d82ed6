// What `ga3c plot` reads from a run directory (README "The run directory"): episodes.csv,
// sync.csv and an MPI run's sync-w<k>.csv, and system.csv, each sorted by frames.
#pragma once

#include <string>
#include <vector>

namespace ga3c::plot {

struct Episode {
  double wall_s = 0;
  double frames = 0;  // environment frames of the whole job when the episode ended
  int worker = 0;
  double episode_return = 0;
};

struct Sync {
  double wall_s = 0;
  double frames = 0;
  int worker = 0;
  double ms = 0;  // push + pull
};

struct SystemSample {
  double wall_s = 0;
  double frames = 0;
  double fps = 0;
};

struct RunData {
  std::string name;  // legend name
  std::vector<Episode> episodes;
  std::vector<Sync> syncs;
  std::vector<SystemSample> system;
};

// Reads dir's episodes.csv, every sync file (sync.csv of the stretches run in one process,
// sync-w<k>.csv of each MPI worker rank's: a run resumed under another layout has both) and
// system.csv. Rows are sorted by frames, keeping file
// order among equal frames: writers on several threads may append a row with a slightly older
// frame count after a newer one. Throws PlotInputError naming the directory and the fix when a
// file is missing or malformed.
RunData load_run(const std::string& dir, const std::string& name);

// The legend names of dirs: each one's last path component, or the path as given where two
// runs share that component.
std::vector<std::string> run_names(const std::vector<std::string>& dirs);

}  // namespace ga3c::plot
