#pragma once

/// @file
/// Off-screen pictures of contact scenes: triangle layers in the world
/// frame W seen by an orthographic camera, flat (Lambert) shaded, the
/// layers with a scalar (pressure) coloured by the Viridis map with a
/// labelled colour bar. Used by the tool's --png options.

#include <array>
#include <optional>
#include <string>
#include <utility>
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

/// The named views: "iso" (azimuth -60°, elevation 30°), "top" (looking
/// down -z), "front" (looking along +y) and "side" (looking along -x);
/// nothing for another name.
std::optional<ViewDirection> NamedView(const std::string& name);

/// The view from an azimuth and an elevation in degrees.
/// @throws std::invalid_argument for a non-finite angle or an elevation
///         outside [-90, 90].
ViewDirection ViewFromDegrees(double azimuth, double elevation);

/// The sides a picture may have, in pixels.
inline constexpr int kMinPictureSide = 64;
inline constexpr int kMaxPictureSide = 8192;

struct PictureOptions {
  int width{800};
  int height{600};
  ViewDirection view{ViewFromDegrees(-60, 30)};  // "iso"
  /// The box (in W) the camera frames; empty: all layers.
  Aabb frame;
  /// The colour bar's title (its values are printed in the bar's units).
  std::string scalar_label{"p (Pa)"};
};

/// The colour bar's ticks for values from `lo` to `hi` (lo <= hi), top to
/// bottom, with their labels: hi, the middle and lo (the middle left out
/// where it rounds to an end), or the one value when lo = hi; labelled
/// "1.23e+06" style with the fewest significant digits (at least 3) that
/// tell every two apart.
std::vector<std::pair<double, std::string>> ColourBarTicks(double lo, double hi);

/// Renders the layers: opaque ones first (z-buffered), then translucent
/// ones blended over them (an opaque surface wins a depth tie with a film:
/// a film lying on it leaves it untinted), then the colour bar when a layer
/// has values. The bar's labels have the fewest significant digits (at
/// least 3) that tell them apart; a constant field takes the map's middle
/// colour and one label, its value. The bar is drawn at half size on
/// pictures less than 400 px tall, and left out when even that would leave
/// the scene less than half the width or not fit the height: the scene
/// is framed within the plot area at every accepted size, and no text runs
/// off the picture.
/// @throws std::invalid_argument if the size is out of [64, 8192], a layer
///         has an index out of range, a value count that is not its vertex
///         count, a non-finite vertex or value, an opacity outside (0, 1],
///         or there is nothing to frame.
Image RenderPicture(const std::vector<PictureLayer>& layers, const PictureOptions& options);

}  // namespace hydrocontact::render
