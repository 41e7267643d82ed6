// The error `ga3c plot` reports as bad input (exit code 2): what() is one line that names the
// problem and how to fix it.
#pragma once

#include <stdexcept>

namespace ga3c::plot {

class PlotInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ga3c::plot
