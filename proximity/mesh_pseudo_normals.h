#pragma once

/// @file
/// Edge topology and angle-weighted pseudo-normals of a closed triangle
/// mesh: what decides inside from outside in the mesh distance queries
/// (proximity/mesh_distance.h).
///
/// Bærentzen & Aanæs, "Signed distance computation using the angle weighted
/// pseudonormal" (IEEE TVCG 2005): if N is the point of a closed surface
/// nearest to Q, then Q is outside iff (Q − N)·n > 0, where n is the normal
/// of the *feature* holding N: the face normal for a face interior, the
/// normalised sum of the two face normals for an edge, and the normalised
/// sum of the incident face normals weighted by their angles at the vertex
/// for a vertex. Unlike a ray-parity or winding-number test it costs
/// nothing beyond the nearest-point search, and it is exact whenever the
/// nearest feature is.

#include <array>
#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {

/// The unique edges of a closed triangle mesh, the faces on either side of
/// each, and the pseudo-normals of every edge and vertex. Normals are unit
/// vectors expressed in the mesh's frame G. Built once per mesh.
struct MeshPseudoNormals {
  /// Per edge: its two vertex indices, smaller first.
  std::vector<std::array<int, 2>> edge_vertices;
  /// Per edge: the two faces sharing it; face [0] traverses it from
  /// edge_vertices[0] to edge_vertices[1] or the other way, face [1] in
  /// the opposite direction.
  std::vector<std::array<int, 2>> edge_faces;
  /// Per face f: the edge index of its local edge i (from vertex i to
  /// vertex (i + 1) mod 3 of mesh.element(f)).
  std::vector<std::array<int, 3>> face_edges;
  /// Per edge: the normalised sum of the two face normals.
  std::vector<Eigen::Vector3d> edge_normals;
  /// Per vertex: the normalised angle-weighted sum of incident face normals.
  std::vector<Eigen::Vector3d> vertex_normals;
  /// Per edge: 1 when its two faces are coplanar (normals agree to within
  /// kFlatTolerance), so the surface is smooth across it.
  std::vector<std::uint8_t> edge_is_flat;
  /// Per vertex: 1 when every incident face is coplanar with the vertex
  /// normal (within kFlatTolerance).
  std::vector<std::uint8_t> vertex_is_flat;
  /// Per vertex: the lowest-indexed face using it (−1 if none), so that a
  /// traversal over faces can visit each vertex exactly once.
  std::vector<int> vertex_face;
  /// Per vertex: 1 when at least one of its edges is not flat (a sharp
  /// edge ends there).
  std::vector<std::uint8_t> vertex_on_sharp_edge;
  /// Per edge: 1 when the solid is convex across it (the dihedral angle
  /// measured inside is at most π, within round-off).
  std::vector<std::uint8_t> edge_is_convex;

  /// Two unit normals n₁, n₂ count as the same direction when
  /// n₁·n₂ ≥ 1 − kFlatTolerance (about 1.4e-5 rad apart).
  static constexpr double kFlatTolerance = 1e-10;

  int num_edges() const { return static_cast<int>(edge_vertices.size()); }

  /// The pseudo-normal (in G) of `feature` of face `face`: the face normal,
  /// an edge normal or a vertex normal. Precondition: `face` is a valid
  /// face of the mesh these normals were computed for.
  const Eigen::Vector3d& FeatureNormal(const TriangleSurfaceMesh& mesh, int face,
                                       const TriangleFeature& feature) const {
    switch (feature.kind) {
      case TriangleFeature::kVertex:
        return vertex_normals[mesh.element(face)[feature.index]];
      case TriangleFeature::kEdge:
        return edge_normals[face_edges[face][feature.index]];
      case TriangleFeature::kFace:
        break;
    }
    return mesh.face_normal(face);
  }

  /// Whether the surface has a unique tangent plane at `feature` of `face`
  /// (a face interior, a flat edge or a flat vertex).
  bool IsFeatureFlat(const TriangleSurfaceMesh& mesh, int face,
                     const TriangleFeature& feature) const {
    switch (feature.kind) {
      case TriangleFeature::kVertex:
        return vertex_is_flat[mesh.element(face)[feature.index]] != 0;
      case TriangleFeature::kEdge:
        return edge_is_flat[face_edges[face][feature.index]] != 0;
      case TriangleFeature::kFace:
        break;
    }
    return true;
  }
};

/// Computes the edges and pseudo-normals of `mesh_G` (frame G).
/// @throws std::invalid_argument naming the edge (its vertex indices) and
///         the triangles involved when the mesh is empty or not closed: an
///         edge used by one triangle only (a hole), by more than two
///         (non-manifold), or twice in the same direction (inconsistent
///         orientation); or when a pseudo-normal vanishes (two faces folded
///         flat onto each other, so inside and outside are undefined there).
MeshPseudoNormals CalcMeshPseudoNormals(const TriangleSurfaceMesh& mesh_G);

}  // namespace hydrocontact
