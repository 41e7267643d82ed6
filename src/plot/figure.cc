#include "plot/figure.h"

#include <algorithm>

#include <fmt/format.h>

namespace ga3c::plot {

namespace {

// A CSV field: quoted when it holds a comma or a quote (RFC 4180).
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// A gnuplot single-quoted string, in which only a doubled quote is special.
std::string gp_string(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') quoted += '\'';
    quoted += c;
  }
  return quoted + "'";
}

bool has_band(const Figure& figure) {
  return std::any_of(figure.series.begin(), figure.series.end(),
                     [](const Series& s) { return !s.low.empty(); });
}

std::string legend(const Series& s) {
  return s.worker == kAllWorkers ? s.run : fmt::format("{} worker {}", s.run, s.worker);
}

struct Scale {
  double divisor;
  std::string label;
};

Scale x_scale(const Figure& figure) {
  double max = 0;
  for (const Series& s : figure.series) {
    for (double v : s.x) max = std::max(max, v);
  }
  if (figure.x == Axis::frames) {
    // From half a million on, so that a 1M-frame run, whose last episode ends a little short
    // of 1M, reads 0 to 1.
    if (max >= 5e5) return {1e6, "environment frames (millions)"};
    if (max >= 1e3) return {1e3, "environment frames (thousands)"};
    return {1, "environment frames"};
  }
  if (max >= 7200) return {3600, "wall time (hours)"};
  if (max >= 600) return {60, "wall time (minutes)"};
  return {1, "wall time (seconds)"};
}

}  // namespace

std::string figure_csv(const Figure& figure) {
  const bool band = has_band(figure);
  const std::string x_column = figure.x == Axis::frames ? "frames" : "wall_s";
  std::string csv = fmt::format("series,run,worker,{},{}", x_column, figure.y_column);
  if (band) csv += fmt::format(",{0}_low,{0}_high", figure.y_column);
  csv += "\n";
  for (std::size_t k = 0; k < figure.series.size(); ++k) {
    const Series& s = figure.series[k];
    const std::string worker = s.worker == kAllWorkers ? "all" : std::to_string(s.worker);
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      csv += fmt::format("{},{},{},{},{}", k, csv_field(s.run), worker, s.x[i], s.y[i]);
      if (band) {
        // A line without a band in a figure with bands: its band is the line.
        const bool own = !s.low.empty();
        csv += fmt::format(",{},{}", own ? s.low[i] : s.y[i], own ? s.high[i] : s.y[i]);
      }
      csv += "\n";
    }
  }
  return csv;
}

std::string gnuplot_script(const Figure& figure) {
  const Scale scale = x_scale(figure);
  // The key below takes a row per line once the titles are long (a study's): the picture
  // grows with it, so that the plot keeps its height.
  const int rows = static_cast<int>(figure.series.size());
  const int height = kPngHeight + 20 * std::max(0, rows - 4);
  std::string gp = fmt::format(
      "# Written by `ga3c plot`: `gnuplot {0}.gp` in this directory draws {0}.png from {0}.csv.\n"
      "set terminal pngcairo size {1},{2} noenhanced font 'sans,11'\n"
      "set output '{0}.png'\n"
      "set datafile separator comma\n"
      "set title {3}\n"
      "set xlabel {4}\n"
      "set ylabel {5}\n"
      "set grid\n"
      "set xrange [0:*]\n"
      "set autoscale xfixmax\n"
      "set key below\n"
      "set style fill transparent solid 0.2 noborder\n",
      figure.name, kPngWidth, height, gp_string(figure.title), gp_string(scale.label),
      gp_string(figure.y_label));
  if (figure.y_from_zero) gp += "set yrange [0:*]\n";

  // Columns of NAME.csv: 1 series, 4 x, 5 y, 6 and 7 the band. Each line picks its rows by
  // series index; the others' rows are NaN, which gnuplot leaves out.
  const std::string x = fmt::format("($4/{})", scale.divisor);
  std::vector<std::string> items;
  for (std::size_t k = 0; k < figure.series.size(); ++k) {
    const Series& s = figure.series[k];
    if (s.x.empty()) continue;
    const std::size_t color = k + 1;
    if (!s.low.empty()) {
      items.push_back(fmt::format(
          "'{}.csv' skip 1 using {}:($1=={} ? $6 : NaN):7 with filledcurves fc lt {} notitle",
          figure.name, x, k, color));
    }
    // pngcairo has 8 line colours; lines past the 8th are dashed, so no two look the same.
    items.push_back(
        fmt::format("'{}.csv' skip 1 using {}:($1=={} ? $5 : NaN) with lines lt {} "
                    "dt {} lw 2 title {}",
                    figure.name, x, k, color, 1 + k / 8, gp_string(legend(s))));
  }
  if (items.empty()) {
    // gnuplot cannot draw an empty plot command; an empty frame with the reason says more.
    gp += fmt::format(
        "set label 1 {} at graph 0.5,0.5 center\nset xrange [0:1]\nset yrange [0:1]\n"
        "plot NaN notitle\n",
        gp_string(figure.no_data));
    return gp;
  }
  gp += "plot ";
  for (std::size_t i = 0; i < items.size(); ++i) {
    gp += (i == 0 ? "" : ", \\\n     ") + items[i];
  }
  return gp + "\n";
}

}  // namespace ga3c::plot
