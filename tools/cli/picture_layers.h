#pragma once

/// @file
/// The tool's pictures (--png FILE [--view V] [--size WxH]): the options,
/// and the layers the `surface` and `mesh` commands draw (render/).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "geometry/rigid_transform.h"
#include "proximity/representation/hydroelastic_representation.h"
#include "query_results/contact_surface.h"
#include "render/picture.h"
#include "tools/cli/geometry_spec.h"

namespace hydrocontact::cli {

/// The value options of a command that draws pictures.
inline const std::set<std::string> kPictureOptions = {"--png", "--view", "--size"};

/// Help text for the picture options.
std::string PictureOptionsHelp();

/// A picture to write: its file and how to draw it.
struct PictureRequest {
  std::string file;
  render::PictureOptions options;
};

/// A --view value: a named view (see render::NamedView) or "AZ,EL" in
/// degrees, each a number as ParseDouble reads it (decimal, finite).
/// @throws UsageError naming --view and the text otherwise, or for an
///         elevation outside [-90, 90].
render::ViewDirection ParseViewOption(const std::string& text);

/// A --size value "WxH": two whole numbers in [64, 8192] as ParseDouble
/// reads them (decimal, no blanks).
/// @throws UsageError naming --size and the text otherwise.
std::array<int, 2> ParseSizeOption(const std::string& text);

/// The --png request of `parsed`, if any.
/// @throws UsageError for --view or --size without --png, or a bad value.
std::optional<PictureRequest> ParsePictureRequest(const ParsedArgs& parsed);

/// The boundary surface of a hydroelastic representation posed by X_WG, in
/// W, without values (a compliant body's pressure is 0 on its boundary; see
/// CutAwayLayer); no triangles for a half-space or no representation.
render::PictureLayer RepresentationLayer(const HydroelasticRepresentation& representation,
                                         const RigidTransform& X_WG);

/// The tetrahedra of a compliant mesh (in G = W) whose centroid lies behind
/// the vertical plane through the centre of its bounding box facing the
/// horizontal direction 45° round (about z) from the `view`'s, as the
/// boundary of their union coloured by pressure: the pressure inside the
/// body shows on the cut, seen obliquely beside the outer surface.
render::PictureLayer CutAwayLayer(const CompliantMesh& compliant, const render::ViewDirection& view);

/// The contact surface, coloured by its pressure.
render::PictureLayer ContactLayer(const ContactSurface& surface);

/// A square patch of the half-space posed by X_WG (its boundary plane)
/// centred below the middle of `frame`, of side twice the frame's diagonal.
render::PictureLayer HalfSpaceLayer(const RigidTransform& X_WG, const Aabb& frame);

/// A body of a contact picture: its representation (not null) posed in W.
struct PosedRepresentation {
  const HydroelasticRepresentation* representation{nullptr};
  RigidTransform X_WG;
};

/// The contact picture `surface` and `simulate` draw, as PNG bytes for
/// `request.file`: the contact surfaces (opaque, coloured by pressure)
/// inside the bodies (translucent, tinted in turn; a half-space as a square
/// patch of its plane; a body without a hydroelastic representation is not
/// drawn), framed on the contact unless the bodies are of a comparable
/// size, so that a small contact on a large body is seen; without contact,
/// framed on the bodies. The caller writes it (with its other outputs, see
/// WriteOutputs).
std::string ContactPicturePng(const PictureRequest& request, const std::vector<PosedRepresentation>& bodies,
                              const std::vector<const ContactSurface*>& surfaces);

/// `layers` rendered per `request`, as PNG bytes.
std::string PicturePng(const PictureRequest& request, const std::vector<render::PictureLayer>& layers);

}  // namespace hydrocontact::cli
