// Running the gnuplot program, which draws `ga3c plot`'s pictures.
#pragma once

#include <string>

namespace ga3c::plot {

// The path of gnuplot on PATH. Throws PlotInputError saying how to install it when there is
// none.
std::string find_gnuplot();

// Runs `gnuplot script` with dir as its working directory and waits for it. Throws
// std::runtime_error with gnuplot's last message when it fails. Call while no other thread
// forks or changes file descriptors' inheritance.
void run_gnuplot(const std::string& gnuplot, const std::string& dir, const std::string& script);

}  // namespace ga3c::plot
