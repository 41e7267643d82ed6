// A picture of `ga3c plot`: its lines and labels, the CSV file of its points and the gnuplot
// script that draws it from that CSV file.
#pragma once

#include <string>
#include <vector>

#include "plot/series.h"

namespace ga3c::plot {

inline constexpr int kPngWidth = 1000;  // pixels
inline constexpr int kPngHeight = 600;

struct Figure {
  std::string name;  // files NAME.png, NAME.csv and NAME.gp
  std::string title;
  Axis x = Axis::frames;
  std::string y_column;      // the y values' CSV column name, e.g. "return_100"
  std::string y_label;       // with its unit
  bool y_from_zero = false;  // for rates and durations, whose size matters, not only their shape
  std::string no_data;       // said on the picture when no line has a point
  std::vector<Series> series;
};

// NAME.csv: header series,run,worker,<frames|wall_s>,<y_column>[,<y_column>_low,<y_column>_high]
// (the band columns when a line has a band), then one row per point of each line in order.
// series: the line's index in figure.series; worker: its id, or "all" for the whole job.
std::string figure_csv(const Figure& figure);

// NAME.gp: draws NAME.png (kPngWidth x kPngHeight) from NAME.csv, both named relative to the
// directory it is run in. The x axis spans the data, scaled to a readable unit (thousands or
// millions of frames; seconds, minutes or hours) that its label names.
std::string gnuplot_script(const Figure& figure);

}  // namespace ga3c::plot
