#pragma once

/// @file
/// The one check that a triangle surface bounds a solid. Every path that
/// needs an inside (rigid hydroelastic meshes, signed-distance data, the
/// tetrahedral mesher behind a compliant surface mesh) calls it, so a
/// surface is accepted or refused the same way, with the same message,
/// whatever it is used for.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/bvh.h"

namespace hydrocontact {

/// What is wrong with a surface that should bound a solid. Empty lists and
/// a positive volume mean the surface is valid. Indices refer to the mesh
/// checked; edges are given by their two vertex indices, smaller first.
struct SurfaceDefects {
  /// Edges used by one triangle only (the rims of holes).
  std::vector<std::array<int, 2>> open_edges;
  /// Edges used by three or more triangles.
  std::vector<std::array<int, 2>> non_manifold_edges;
  /// Edges used twice in the same direction (neighbouring triangles with
  /// opposite windings).
  std::vector<std::array<int, 2>> misoriented_edges;
  /// Pairs of triangles (smaller index first) that cross each other: an
  /// edge of one passes strictly through the other at a point that is not
  /// a vertex they share.
  std::vector<std::array<int, 2>> crossing_triangles;
  /// A point where each pair of `crossing_triangles` crosses (same order).
  std::vector<Eigen::Vector3d> crossing_points;
  /// Pairs of triangles (smaller index first) that lie in one plane (every
  /// vertex of each within 1e-10 of the pair's longest edge of the other's
  /// plane) and overlap over more than 1e-9 of the smaller one's area: a
  /// sheet folded back onto itself, a duplicated sheet or duplicated
  /// triangles. Neighbours in a flat face (sharing an edge or a vertex) do
  /// not overlap.
  std::vector<std::array<int, 2>> overlapping_triangles;
  /// A point of the common area of each pair of `overlapping_triangles`
  /// (same order).
  std::vector<Eigen::Vector3d> overlap_points;
  /// A shell (a connected part of the surface) wound against its nesting.
  struct MisnestedShell {
    /// The shell's smallest triangle index, and how many triangles it has.
    int first_triangle{0};
    int num_triangles{0};
    /// The shell's own signed volume (m³): positive when it faces outward.
    double signed_volume{0};
    /// The winding number of the rest of the surface at the shell: how many
    /// outward shells enclose it minus how many inward ones do.
    int enclosing_winding{0};
  };
  /// Shells whose orientation contradicts their nesting, so that some region
  /// would lie inside the solid twice, or a negative number of times. The
  /// surface bounds a solid when the winding number of the whole surface is
  /// 0 or 1 off the surface: a shell enclosed by no other (winding 0 at
  /// it) must face outward, a shell inside a solid (winding 1) must face
  /// inward (a cavity), and so on alternately; two nested outward shells or
  /// an inward shell outside every solid are misnested. Checked only when
  /// the edges are manifold and oriented and nothing crosses or overlaps
  /// (otherwise nesting is undefined). In order of first_triangle.
  std::vector<MisnestedShell> misnested_shells;
  /// The signed enclosed volume (m³); meaningful only when the edges are all
  /// manifold and consistently oriented.
  double signed_volume{0};

  /// True when no defect was found and the signed volume is positive.
  bool ok() const {
    return open_edges.empty() && non_manifold_edges.empty() && misoriented_edges.empty() &&
           crossing_triangles.empty() && overlapping_triangles.empty() &&
           misnested_shells.empty() && signed_volume > 0;
  }
};

/// Finds every defect that keeps `mesh_G` (any frame G) from bounding a
/// solid: open, non-manifold or inconsistently oriented edges; pairs of
/// triangles that cross, and pairs that lie in one plane and overlap (both
/// found through a BVH of the triangles, O(F log F) for a surface without
/// near-coincident sheets); shells wound against their nesting (the
/// winding number of the other shells at a point of each, by a ray through
/// the BVH, O(S log F) for S shells, nothing for a surface of one shell); a
/// signed volume that is not positive (inward normals). Coplanar pairs (see `overlapping_triangles`) are judged in
/// their plane only: their overlap is measured as an area, so two sheets
/// closer than 1e-10 of the triangle size count as one folded sheet.
SurfaceDefects FindSurfaceDefects(const TriangleSurfaceMesh& mesh_G);

/// What keeps `mesh_G` from bounding a solid, in words (see
/// ValidateClosedSurface), or nullopt when it bounds one
/// (FindSurfaceDefects(mesh_G).ok()). A surface without triangles bounds
/// none.
std::optional<std::string> DescribeSurfaceDefects(const TriangleSurfaceMesh& mesh_G);

/// Throws unless `mesh_G` bounds a solid (FindSurfaceDefects(mesh_G).ok()).
/// @throws std::invalid_argument whose message starts with `what` (e.g.
///         "Mesh 'bunny.obj'") and names the defects: the count of open,
///         non-manifold and misoriented edges with the first few of each
///         (vertex indices and positions), the crossing triangle pairs with
///         a point where each crosses, the overlapping coplanar pairs with a
///         point of their common area, the misnested shells (a triangle of
///         each, its orientation and what encloses it), or the non-positive
///         volume; and says what to do (close the holes, remove the
///         crossing, reverse the winding): "<what>: " followed by
///         DescribeSurfaceDefects' text.
void ValidateClosedSurface(const TriangleSurfaceMesh& mesh_G, const std::string& what);

namespace internal {

/// The winding number at p_G of the triangles f of `mesh_G` with
/// shell_of_face[f] ≠ `own` (the rest of the surface, seen from a point on
/// shell `own`; own = −1 counts every triangle), by two independent methods
/// (FindSurfaceDefects uses the first, and the second when it gives up).
/// @pre no counted triangle passes through p_G; shell_of_face has one entry
///      per triangle; `bvh` is built over mesh_G's triangles.
///
/// By rays: walks a segment from p_G to beyond the mesh's box through
/// `bvh`, a triangle left through (p_G behind it) adding +1 and one entered
/// −1, O(log F). nullopt when, along each of six fixed directions, some
/// crossing is too near an edge, a vertex or p_G's own plane to count.
std::optional<int> WindingNumberByRays(const TriangleSurfaceMesh& mesh_G, const Bvh& bvh,
                                       const std::vector<int>& shell_of_face, int own,
                                       const Eigen::Vector3d& p_G);

/// By solid angles: the sum of the counted triangles' solid angles at p_G
/// (positive where p_G is behind a triangle) over 4π, rounded, O(F). Each
/// solid angle is computed in double-double arithmetic, so the answer
/// holds whatever the triangles' shapes, for p_G as near a triangle's edge
/// as 1e-15 of the edge's length (nearer, it is on the edge to within the
/// round-off of the coordinates).
int WindingNumberBySolidAngles(const TriangleSurfaceMesh& mesh_G,
                               const std::vector<int>& shell_of_face, int own,
                               const Eigen::Vector3d& p_G);

}  // namespace internal

}  // namespace hydrocontact
