#pragma once

/// @file
/// Bounding boxes of primitive shapes in their own frame G.

#include <optional>

#include "geometry/shape.h"
#include "mesh/aabb.h"

namespace hydrocontact {

/// The tightest axis-aligned box in G around a primitive shape. A half-space
/// (z ≤ 0) gets min (−∞, −∞, −∞) and max (+∞, +∞, 0). A HeightField gets
/// its rectangle, from its bottom plane up to the highest value of its
/// patches' Bernstein control nets (a bound on the surface, tight when it
/// does not overshoot its samples).  Mesh and Convex
/// shapes return nullopt: their box comes from their vertices once read.
std::optional<Aabb> CalcPrimitiveBoundingBox(const Shape& shape);

}  // namespace hydrocontact
