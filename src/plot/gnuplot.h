// Running the gnuplot program, which draws `ga3c plot`'s pictures.
#pragma once

#include <functional>
#include <string>

namespace ga3c::plot {

// The path of gnuplot on PATH. Throws PlotInputError saying how to install it when there is
// none.
std::string find_gnuplot();

// Runs `gnuplot script` with dir as its working directory and waits for it. Returns true once
// gnuplot has finished; false when stop_requested() turned true first (checked every 50 ms), in
// which case gnuplot was killed and whatever it had begun to write in dir is incomplete. Throws
// std::runtime_error with gnuplot's last message when it fails. Call while no other thread
// forks or changes file descriptors' inheritance.
bool run_gnuplot(const std::string& gnuplot, const std::string& dir, const std::string& script,
                 const std::function<bool()>& stop_requested = {});

}  // namespace ga3c::plot
