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

}  // namespace internal
}  // namespace hydrocontact
