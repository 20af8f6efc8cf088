#pragma once

/// @file
/// A perceptually ordered colour map for scalar fields (pressure): dark
/// blue-violet at the low end through teal and green to yellow at the high
/// end, with lightness rising steadily, so it reads in grey-scale prints and
/// for colour-blind viewers (the look of matplotlib's "viridis").

#include "render/image.h"

namespace hydrocontact::render {

/// The colour of t ∈ [0, 1] (clamped; NaN maps to 0), interpolated
/// linearly between eleven anchor colours spaced evenly in t.
Rgb Viridis(double t);

}  // namespace hydrocontact::render
