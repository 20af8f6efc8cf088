#pragma once

/// @file
/// The one check that a triangle surface bounds a solid. Every path that
/// needs an inside (rigid hydroelastic meshes, signed-distance data, the
/// tetrahedral mesher behind a compliant surface mesh) calls it, so a
/// surface is accepted or refused the same way, with the same message,
/// whatever it is used for.

#include <array>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"

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
  /// The signed enclosed volume (m³); meaningful only when the edges are all
  /// manifold and consistently oriented.
  double signed_volume{0};

  /// True when no defect was found and the signed volume is positive.
  bool ok() const {
    return open_edges.empty() && non_manifold_edges.empty() && misoriented_edges.empty() &&
           crossing_triangles.empty() && signed_volume > 0;
  }
};

/// Finds every defect that keeps `mesh_G` (any frame G) from bounding a
/// solid: open, non-manifold or inconsistently oriented edges; pairs of
/// triangles that cross (found through a BVH of the triangles, O(F log F)
/// for a surface without near-coincident sheets); a signed volume that is
/// not positive (inward normals). Triangles lying in one plane and
/// overlapping without an edge piercing the other are not reported (a
/// coplanar overlap needs an exact in-plane test; the fold it usually comes
/// from makes the signed-distance pseudo-normals undefined, which
/// CalcMeshPseudoNormals refuses).
SurfaceDefects FindSurfaceDefects(const TriangleSurfaceMesh& mesh_G);

/// Throws unless `mesh_G` bounds a solid (FindSurfaceDefects(mesh_G).ok()).
/// @throws std::invalid_argument whose message starts with `what` (e.g.
///         "Mesh 'bunny.obj'") and names the defects: the count of open,
///         non-manifold and misoriented edges with the first few of each
///         (vertex indices and positions), the crossing triangle pairs with
///         a point where each crosses, or the non-positive volume; and says
///         what to do (close the holes, remove the crossing, reverse the
///         winding).
void ValidateClosedSurface(const TriangleSurfaceMesh& mesh_G, const std::string& what);

}  // namespace hydrocontact
