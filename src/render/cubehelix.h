// The palette MinAtar's own display gives its channels: seaborn's
// color_palette("cubehelix", n), i.e. matplotlib's cubehelix colormap (Green 2011: gamma 1,
// start 0.5, rotations -1.5, hue 1) read through its 256-entry table at the n interior points
// of n + 2 equally spaced ones, so neither black nor white is among the colours.
#pragma once

#include "render/indexed_image.h"

namespace ga3c::render {

// n >= 1 colours, darkest first, each component rounded to 8 bits. Throws
// std::invalid_argument when n < 1.
Palette cubehelix_palette(int n);

}  // namespace ga3c::render
