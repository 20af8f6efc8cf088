#pragma once

/// @file
/// Signed distance to a closed, possibly non-convex, triangle mesh: the
/// per-mesh data built once (MeshDistanceData) and the point query.
/// Segment queries are in proximity/mesh_distance_segment.h, pair queries
/// (mesh–mesh, mesh–primitive) in proximity/mesh_distance_pair.h and
/// proximity/mesh_distance_shapes.h.
///
/// Sign convention: the signed distance φ is positive outside the solid the
/// mesh bounds, negative inside, zero on the surface.
///
/// Inside/outside is decided by the angle-weighted pseudo-normal of the
/// nearest feature (proximity/mesh_pseudo_normals.h), not by a generalized
/// winding number: it is exact whenever the nearest point is, costs nothing
/// beyond the nearest-point search, and needs a closed, consistently
/// oriented surface, which MakeMeshDistanceData enforces.

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/bvh.h"
#include "proximity/mesh_pseudo_normals.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {

/// Everything the distance queries need about one closed triangle mesh, in
/// the mesh's own frame G. Build it once (MakeMeshDistanceData) when the
/// geometry is registered; queries only read it, so one instance can serve
/// several threads.
struct MeshDistanceData {
  /// The surface, vertices measured and expressed in G, outward normals.
  TriangleSurfaceMesh mesh;
  /// A BVH over the triangles of `mesh`, in G.
  Bvh bvh;
  /// Edges and pseudo-normals of `mesh`, in G.
  MeshPseudoNormals normals;
  /// True when the solid is convex and equals the convex hull of the
  /// vertex list: every edge is convex, the surface is connected (a closed,
  /// connected, locally convex surface bounds a convex solid) and every
  /// vertex belongs to a triangle. Then a support mapping over the vertices
  /// describes the solid exactly.
  bool is_convex{false};
  /// The diagonal of the mesh's bounding box (m): the length scale of the
  /// round-off tolerances of the queries.
  double length_scale{0};
};

/// Builds the distance data of a closed triangle mesh given in frame G.
/// @throws std::invalid_argument when the mesh is not closed (empty, a
///         hole, a non-manifold or inconsistently oriented edge — the
///         message names the edge and triangles and says why a sign needs a
///         closed surface), when a pseudo-normal is undefined (faces folded
///         flat onto each other), or when the enclosed volume is not
///         positive (normals pointing inward; the message gives the volume).
MeshDistanceData MakeMeshDistanceData(TriangleSurfaceMesh mesh_G);

/// The signed distance from a point Q to a closed mesh, with the nearest
/// point N on the surface. Frame G is the mesh's frame.
struct MeshPointDistance {
  /// N, the point of the surface nearest to Q, in G.
  Eigen::Vector3d p_GN{Eigen::Vector3d::Zero()};
  /// φ(Q): +‖Q − N‖ outside, −‖Q − N‖ inside, 0 on the surface.
  double distance{0};
  /// ∇φ(Q), a unit vector in G: (Q − N)/‖Q − N‖ outside, (N − Q)/‖N − Q‖
  /// inside; for Q on the surface (within round-off of it), the
  /// pseudo-normal of the feature holding N (the outward normal where the
  /// surface is smooth).
  Eigen::Vector3d grad_G{Eigen::Vector3d::UnitZ()};
  /// False when φ has no unique gradient at Q: Q is (within round-off)
  /// equidistant from two or more distinct surface points (e.g. on the
  /// medial axis inside a box, or at the centre of a torus), or Q is on the
  /// surface at a sharp edge or vertex. `grad_G` is then one valid choice,
  /// made deterministically.
  bool is_grad_unique{true};
  /// The triangle holding N.
  int face{-1};
  /// The feature of that triangle holding N.
  TriangleFeature feature;
};

/// The signed distance from p_GQ (in G) to the mesh: a depth-first BVH
/// traversal that visits the nearer child first and prunes boxes farther
/// than the best distance found; allocation-free. Exact up to round-off.
/// @throws std::invalid_argument if p_GQ is not finite or `data` is empty
///         (default-constructed rather than built by MakeMeshDistanceData).
MeshPointDistance CalcMeshPointDistance(const MeshDistanceData& data,
                                        const Eigen::Vector3d& p_GQ);

/// A representative direction for ∇φ at a point Q where it is not unique:
/// the normalised mean of the candidate gradients ±(Q − Nᵢ)/‖Q − Nᵢ‖ over
/// the distinct nearest points Nᵢ (within kMeshDistanceEpsilon ·
/// length_scale of the nearest distance; at most 64 are gathered). Between
/// two faces of a wedge this is the wedge's bisector, which is the contact
/// normal a penetration query wants. Returns `at.grad_G` when the gradient
/// is unique, when Q is on the surface (the pseudo-normal is already an
/// angle-weighted mean), or when the candidates cancel (e.g. the centre of
/// a cube). `at` must be CalcMeshPointDistance(data, p_GQ).
Eigen::Vector3d CalcMeshMeanGradient(const MeshDistanceData& data, const Eigen::Vector3d& p_GQ,
                                     const MeshPointDistance& at);

/// True when p_GQ (in G) lies in the closed solid bounded by the mesh:
/// inside or on the surface (φ ≤ 0). Throws as CalcMeshPointDistance.
bool IsPointInsideMesh(const MeshDistanceData& data, const Eigen::Vector3d& p_GQ);

/// The distance (unsigned) from p_GQ to the nearest triangle of `mesh_G`,
/// through `bvh` (built over mesh_G's triangles): the same branch and bound
/// as CalcMeshPointDistance without the sign, so the triangles need not
/// bound a solid (an open patch, a volume mesh's boundary before it is
/// checked). Allocation-free. Returns +infinity for an empty mesh.
/// With `stop_below` > 0 the search stops at the first triangle nearer than
/// it and returns that triangle's distance: then the answer is only known
/// to be below stop_below, which is all a caller asking "is Q within this
/// distance of the surface?" needs, at a fraction of the cost. An answer
/// ≥ stop_below is exact.
/// Precondition: p_GQ is finite.
double CalcUnsignedDistanceToTriangles(const TriangleSurfaceMesh& mesh_G, const Bvh& bvh,
                                       const Eigen::Vector3d& p_GQ, double stop_below = 0);

namespace internal {

/// The relative round-off tolerance of the mesh queries: distances within
/// kMeshDistanceEpsilon · length_scale of each other are treated as equal,
/// and a point that close to the surface as on it.
inline constexpr double kMeshDistanceEpsilon = 1e-12;

/// @throws std::invalid_argument, naming `caller`, when `data` holds no
///         mesh, or its BVH, pseudo-normals and length scale do not fit its
///         mesh (it was not built by MakeMeshDistanceData).
void RequireMeshDistanceData(const MeshDistanceData& data, const char* caller);

}  // namespace internal

}  // namespace hydrocontact
