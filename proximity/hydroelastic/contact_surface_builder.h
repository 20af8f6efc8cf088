#pragma once

/// @file
/// ContactPolygons, the per-pair scratch into which the intersection kernels
/// write contact polygons in their working frame F, and BuildContactSurface,
/// which turns them into a ContactSurface in W in either representation.

#include <optional>
#include <vector>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/parallel_executor.h"
#include "query_results/contact_surface.h"

namespace hydrocontact {

/// Contact polygons of one geometry pair, in the kernel's working frame F.
/// The kernel names its two geometries "first" and "second"; every polygon
/// is ordered counter-clockwise about its normal, which points out of the
/// second geometry and into the first (so first = M and second = N before
/// any reordering by id).
///
/// Meant to be reused: Clear() keeps the capacity, so after warm-up adding
/// polygons does not allocate.
struct ContactPolygons {
  /// Vertex (x, y, z in F, pressure in Pa) of all polygons, back to back.
  std::vector<Eigen::Vector4d> vertices;
  /// Polygon k owns vertices [end(k−1), end(k)), with end(−1) = 0.
  std::vector<int> ends;
  /// Per polygon: the unit normal of the plane the polygon lies in (in F,
  /// out of the second geometry into the first), e.g. the rigid triangle's
  /// normal or the equilibrium plane's normal. The builder gives the face
  /// (and its fan triangles) this normal and measures areas along it,
  /// keeping only pieces of positive area along it, so round-off can never
  /// flip a face. @pre the polygon lies in that plane up to round-off.
  std::vector<Eigen::Vector3d> normals;
  /// Per polygon: ∇p of the first / second geometry's element (Pa/m, in F);
  /// zero (and unused) for a rigid geometry.
  std::vector<Eigen::Vector3d> grad_first;
  std::vector<Eigen::Vector3d> grad_second;

  void Clear() {
    vertices.clear();
    ends.clear();
    normals.clear();
    grad_first.clear();
    grad_second.clear();
  }
  int num_polygons() const { return static_cast<int>(ends.size()); }

  int begin(int k) const { return k == 0 ? 0 : ends[k - 1]; }

  /// Appends `polygon` (≥ 3 vertices, positions in F, ordered
  /// counter-clockwise about nhat_F) with its intended normal and gradients.
  /// Forced inline: the kernels call it once per polygon, and out of line
  /// the call's register saves and restores cost a fifth of its time.
  EIGEN_ALWAYS_INLINE void Add(const ClipPolygon& polygon, const Eigen::Vector3d& nhat_F,
           const Eigen::Vector3d& grad_first_F, const Eigen::Vector3d& grad_second_F) {
    vertices.insert(vertices.end(), polygon.vertices.begin(),
                    polygon.vertices.begin() + polygon.size);
    ends.push_back(static_cast<int>(vertices.size()));
    normals.push_back(nhat_F);
    grad_first.push_back(grad_first_F);
    grad_second.push_back(grad_second_F);
  }
};

/// For the kernels, which append to a ContactPolygons they are handed:
/// @throws std::invalid_argument naming `caller` if `polygons` is null.
void RequireOutputPolygons(const ContactPolygons* polygons, const char* caller);

/// A polygon (after transformation to W) is dropped as degenerate when the
/// component of its area vector along its intended normal (twice its signed
/// area) is at most this fraction of its longest edge squared: such a sliver
/// has no reliable normal or centroid and carries no measurable force. In
/// the triangle representation a fan triangle is dropped by the same test
/// with kDegenerateFanTriangleRatio (its area is below 1e-13 ℓ², so the two
/// representations still agree in area and force far below 1e-12 relative).
inline constexpr double kDegeneratePolygonRatio = 1e-12;
/// See kDegeneratePolygonRatio.
inline constexpr double kDegenerateFanTriangleRatio = 1e-13;
/// A polygon whose longest edge is below this fraction of the contact
/// patch's bounding-box diagonal is dropped too: the ratio test above is
/// scale-free, so it cannot catch pieces that clipping pinched to a point
/// (edges of 1e-17 m, area 1e-34 m²) whose normals are pure round-off.
/// What is dropped is at most 1e-20 of the patch's area per polygon.
inline constexpr double kNegligibleEdgeRatio = 1e-10;

/// A polygon whose area is at most this fraction of the square of the
/// contact patch's bounding-box diagonal is dropped as well (issue 10, defect
/// 6): such pieces (1e-17 m² and below on a 1 m patch) come from clipping
/// at shared faces, edges and vertices; their vertex-derived normals are
/// dominated by round-off and whether they appear at all depends on which
/// geometry the kernel works in, so they would break the orientation
/// filter's invariant and make the surface depend on the id order. The rule
/// is scale-free, and all that can be lost is 1e-14 of the patch's area per
/// polygon.
inline constexpr double kNegligibleAreaRatio = 1e-14;

/// Builds the ContactSurface of the polygons, transforming them to W with
/// X_WF once.
///
/// @param polygons        the polygons in frame F (see ContactPolygons).
/// @param X_WF            the pose of the working frame in W.
/// @param id_first        the geometry the normals point into.
/// @param first_compliant whether the first geometry has a pressure gradient
///                        (its ∇p is then stored per face).
/// @param id_second       the geometry the normals point out of.
/// @param second_compliant likewise for the second geometry.
/// @param representation  triangle (each polygon fanned around its area
///                        centroid, whose pressure is the polygon's mean
///                        pressure, exact for a linear field) or polygon.
///
/// The result has id_M < id_N: when id_first > id_second the roles swap, the
/// vertex order of every face is reversed and the gradients trade places.
/// Vertices are not shared between faces. Pressures are clamped at 0 (the
/// model's pressure is non-negative; interpolation round-off can leave
/// −1e-16·E on the rim). Degenerate pieces are dropped (see
/// kDegeneratePolygonRatio, kNegligibleEdgeRatio and kNegligibleAreaRatio).
/// @returns nullopt when no face remains.
/// @throws std::invalid_argument if id_first == id_second, neither geometry
///         is compliant, or `polygons` breaks its layout (see below).
///
/// The layout is checked before anything else is done: `normals`,
/// `grad_first` and `grad_second` hold one entry per polygon (`ends`),
/// the ends never decrease and the last is vertices.size(), and no polygon
/// has more than ClipPolygon::kCapacity vertices. The message names the
/// polygon at fault. (A polygon of fewer than 3 vertices is degenerate and
/// dropped, not an error.)
std::optional<ContactSurface> BuildContactSurface(const ContactPolygons& polygons,
                                                  const RigidTransform& X_WF,
                                                  GeometryId id_first, bool first_compliant,
                                                  GeometryId id_second, bool second_compliant,
                                                  HydroelasticContactRepresentation representation);

/// Like the above, but writes the surface into `*surface`, building it in
/// that surface's own storage (ContactSurface::ReleaseArrays / AdoptArrays),
/// so a caller that refills the same surfaces step after step allocates
/// nothing once they have grown.
///
/// With an `executor` of two or more threads and a few thousand polygons,
/// the polygons are built in chunks on its threads. Every polygon is built
/// alone into slots of its own, so the surface is the same, byte for byte,
/// for any executor. The executor is not owned; the call must not be made
/// from within its work items.
/// @returns false, leaving `*surface` empty (its storage kept), when no face
///          remains.
/// @throws std::invalid_argument if id_first == id_second, neither geometry
///         is compliant, surface is null, or `polygons` breaks its layout
///         (see above); `*surface` is then left as it was.
bool BuildContactSurface(const ContactPolygons& polygons, const RigidTransform& X_WF,
                         GeometryId id_first, bool first_compliant, GeometryId id_second,
                         bool second_compliant, HydroelasticContactRepresentation representation,
                         ContactSurface* surface, const ParallelExecutor* executor = nullptr);

}  // namespace hydrocontact
