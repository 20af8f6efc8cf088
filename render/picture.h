#pragma once

/// @file
/// Off-screen pictures of contact scenes: triangle layers in the world
/// frame W seen by an orthographic camera, flat (Lambert) shaded, the
/// layers with a scalar (pressure) coloured by the Viridis map with a
/// labelled colour bar. Used by the tool's --png options.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/aabb.h"
#include "render/image.h"

namespace hydrocontact::render {

/// One thing to draw: triangles over vertices in W.
struct PictureLayer {
  std::vector<Eigen::Vector3d> vertices;
  /// Counter-clockwise seen from outside (for translucent layers, whose
  /// faces turned away from the camera are not drawn).
  std::vector<std::array<int, 3>> triangles;
  /// Empty: the layer has `color`; otherwise one value per vertex, coloured
  /// by the map over the range of all layers' values.
  std::vector<double> values;
  Rgb color{190, 190, 190};
  /// 1: opaque; in (0, 1): translucent, drawn over the opaque layers.
  double opacity{1.0};
  /// Draw the triangles' edges (to show a mesh's resolution).
  bool draw_edges{false};
};

/// The direction the camera looks from: azimuth about W's z axis from +x
/// and elevation above the xy plane, in radians.
struct ViewDirection {
  double azimuth{0};
  double elevation{0};
};

/// Parses a --view value: "iso" (azimuth -60°, elevation 30°), "top"
/// (looking down -z), "front" (looking along +y), "side" (looking along
/// -x), or "AZ,EL" in degrees.
/// @throws std::invalid_argument naming the text otherwise, or for an
///         elevation outside [-90, 90].
ViewDirection ParseViewDirection(const std::string& text);

struct PictureOptions {
  int width{800};
  int height{600};
  ViewDirection view{ParseViewDirection("iso")};
  /// The box (in W) the camera frames; empty: all layers.
  Aabb frame;
  /// The colour bar's title (its values are printed in the bar's units).
  std::string scalar_label{"p (Pa)"};
};

/// Renders the layers: opaque ones first (z-buffered), then translucent
/// ones blended over them, then the colour bar when a layer has values.
/// @throws std::invalid_argument if the size is out of [64, 8192], a layer
///         has an index out of range, a value count that is not its vertex
///         count, a non-finite vertex or value, an opacity outside (0, 1],
///         or there is nothing to frame.
Image RenderPicture(const std::vector<PictureLayer>& layers, const PictureOptions& options);

/// The width and height of a --size value "WxH" (each in [64, 8192]).
/// @throws std::invalid_argument naming the text otherwise.
std::array<int, 2> ParseImageSize(const std::string& text);

}  // namespace hydrocontact::render
