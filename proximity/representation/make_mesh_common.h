#pragma once

/// @file
/// What the mesh generators share: the compliant mesh-with-extent type, the
/// pressure field built from it, the argument checks and the element-count
/// limit that keeps a too-small resolution hint from exhausting memory.

#include <stdexcept>
#include <string_view>
#include <vector>

#include "mesh/mesh_field_linear.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A compliant geometry's tetrahedral mesh, vertices measured and expressed
/// in the geometry's frame G, with the extent e ∈ [0, 1] at every vertex:
/// exactly 0 on the boundary and exactly 1 at the deepest vertices. The
/// generators compute e from the mesh's construction (lattice levels, the
/// medial decomposition), not from the rounded vertex positions, so the
/// boundary and deepest values are exact.
struct VolumeMeshWithExtent {
  VolumeMesh mesh;
  /// e at each vertex of `mesh`, same indexing.
  std::vector<double> extent;
};

/// The pressure field p = E·e on `m.mesh` (Pa), linear on each tetrahedron.
/// @throws std::invalid_argument unless E is finite and positive, or if the
///         extent has the wrong size or a non-finite entry.
VolumeMeshFieldLinear MakePressureField(const VolumeMeshWithExtent& m, double hydroelastic_modulus);

/// The smallest dihedral angle (radians) over all tetrahedra of `mesh`: the
/// usual measure of element shape (a sliver or needle with a flat wedge has a
/// dihedral angle near 0; a regular tetrahedron's are all acos(1/3) ≈ 70.5°).
/// Returns π for an empty mesh.
double CalcMinDihedralAngle(const VolumeMesh& mesh);

/// The default of the most tetrahedra (compliant) or triangles (rigid) a
/// generator builds (MaxMeshElements). A request estimated to exceed the
/// limit throws before any memory is allocated.
inline constexpr double kMaxMeshElements = 2e6;

/// The element limit in force for the whole process (kMaxMeshElements
/// unless SetMaxMeshElements changed it). It guards memory, not accuracy:
/// about 2e6 tetrahedra take a few hundred MB with their hierarchy.
double MaxMeshElements();

/// Sets the element limit for every mesh built afterwards, on any thread.
/// @throws std::invalid_argument naming the value unless it is a finite
///         number >= 1.
void SetMaxMeshElements(double limit);

/// What a generator throws when a mesh would exceed MaxMeshElements(), so
/// that a caller (the tool) can say how to raise the limit.
class MeshSizeLimitError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

namespace internal {

/// @returns h.
/// @throws std::invalid_argument naming `shape` and the value unless the
///         resolution hint h is finite and positive.
double RequireResolutionHint(std::string_view shape, double h);

/// @returns margin.
/// @throws std::invalid_argument naming `shape` and the value unless the
///         margin is finite and ≥ 0.
double RequireMargin(std::string_view shape, double margin);

/// Throws MeshSizeLimitError when `estimated_count` elements (of kind
/// `element_kind`, e.g. "tetrahedra") exceed MaxMeshElements(). The message
/// names the shape, the hint, the estimate and a hint large enough: the
/// count scales as h^-`exponent` (3 for volumes, 2 for surfaces).
void CheckMeshSize(std::string_view shape, std::string_view element_kind, double estimated_count,
                   double resolution_hint, int exponent);

/// The number of segments of length ≤ h that cover `length` (≥ 1), as a
/// double so that absurd requests do not overflow before CheckMeshSize
/// rejects them.
double SegmentCount(double length, double h);

/// A meshed primitive's thinnest part must be at least this fraction of the
/// widest spacing of its vertices. Thinner, its elements approach
/// VolumeMesh's volume test (6V > 1e-12·ℓ³): an element as thin as t
/// across one spacing s has 6V/ℓ³ ~ t/s (a foil) or (t/s)² (a thread), so
/// 1e-5 keeps both at 1e-10 or more.
inline constexpr double kMinThicknessRatio = 1e-5;

/// Refuses a primitive whose elements would be numerically flat: its
/// thinnest part, `thickness` (m, called `thickness_name`), below
/// kMinThicknessRatio times `spacing`, the widest spacing of its vertices
/// (m) at resolution hint `h`. Every spacing is at most the hint, so the
/// message names a hint that passes: thickness / kMinThicknessRatio.
/// `sizes` describes the primitive (e.g. "radius 1e-09 m and length 1 m
/// (margin 0 m)").
/// @throws std::invalid_argument naming `shape`, its sizes, the hint, the
///         thickness, the spacing and a hint that would do.
void CheckThickness(std::string_view shape, std::string_view sizes, std::string_view thickness_name,
                    double thickness, double spacing, double h);

/// VolumeMesh(tetrahedra, vertices) for a primitive's mesher. The meshers
/// make positive, well-shaped elements for reasonable proportions, but a
/// primitive far thinner in one or two directions than in the others (a
/// foil, a needle) can still flatten some elements below VolumeMesh's
/// volume test where no resolution hint helps (a box's mesh does not
/// depend on one; an ellipsoid's cones run from its centre to its tips).
/// The refusal then names the primitive, `description` (e.g. "Box 1e-06 ×
/// 1 × 1 m (margin 0 m)"), not just an element it was never told about.
/// @throws std::invalid_argument "<description> is too thin to mesh into
///         non-degenerate tetrahedra (<VolumeMesh's reason>)" for a
///         DegenerateTetrahedronError; VolumeMesh's other refusals (a
///         mesher's bug, not the primitive's proportions) pass unchanged.
VolumeMesh MakePrimitiveVolumeMesh(std::string_view description,
                                   std::vector<VolumeMesh::Element> tetrahedra,
                                   std::vector<Eigen::Vector3d> vertices);

/// TriangleSurfaceMesh(triangles, vertices) for a primitive's mesher (a
/// rigid primitive's surface), as MakePrimitiveVolumeMesh: a primitive far
/// thinner in one direction than it is long in another (a box 1e-9 by
/// 1e6 m) has sliver triangles below TriangleSurfaceMesh's area test.
/// @throws std::invalid_argument "<description> is too thin for its extent
///         to mesh into non-degenerate triangles (<the mesh's reason>)" for
///         a DegenerateTriangleError; the mesh's other refusals pass
///         unchanged.
TriangleSurfaceMesh MakePrimitiveSurfaceMesh(std::string_view description,
                                             std::vector<TriangleSurfaceMesh::Element> triangles,
                                             std::vector<Eigen::Vector3d> vertices);

}  // namespace internal
}  // namespace hydrocontact
