#pragma once

/// @file
/// TetrahedralizeSurface: a tetrahedral mesh of the solid bounded by any
/// closed triangle surface (convex or not, of any genus), with the extent
/// field of a compliant hydroelastic geometry.
///
/// The method is isosurface stuffing (F. Labelle and J. R. Shewchuk,
/// "Isosurface stuffing: fast tetrahedral meshes with good dihedral angles",
/// SIGGRAPH 2007). A body-centred-cubic (BCC) lattice of spacing h covers
/// the surface: black points on the cube corners h·(i, j, k), red points at
/// the cube centres, every lattice tetrahedron two neighbouring red points
/// and an edge of the square face between them (edges of two lengths: h
/// between points of one colour, √3/2·h between colours). The signed
/// distance φ to the surface (proximity/mesh_distance.h) is sampled at
/// every lattice point. Where an edge has ends of strictly opposite sign,
/// its cut point is where the edge crosses the input surface (found exactly
/// through the surface's BVH), so every boundary vertex of the result lies
/// on the input surface. A lattice point closer to a cut point on one of
/// its edges than α times that edge's length is *warped* onto it (α = 0.24969
/// on the long edges, 0.41189 on the short ones, the paper's values), which
/// keeps the cut tetrahedra away from slivers. Each lattice tetrahedron
/// with a negative (inside) vertex then contributes its part with φ ≤ 0:
/// the whole tetrahedron, one tetrahedron, a pyramid (two) or a prism
/// (three). Pyramids and prisms are split by pulling from their vertex of
/// smallest global index, so a quadrilateral shared by two lattice
/// tetrahedra is split by the same diagonal on both sides and the mesh is
/// conforming. (The paper chooses these diagonals by a parity rule on the
/// lattice, under which it proves dihedral angles in [10.7°, 164.8°]; the
/// index rule used here carries no such proof, so the worst angles are
/// measured and returned instead.)
///
/// The extent is e = (distance to the input surface) / (largest such
/// distance) at the vertices: 0 on the boundary, 1 at the deepest vertex.
/// A tetrahedron whose four vertices all lie on the boundary (it happens in
/// parts about one lattice spacing thick) would carry no pressure; it is
/// split at its centroid, which gets its own distance.

#include <Eigen/Core>

#include "proximity/mesh_distance.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// The result of TetrahedralizeSurface: the mesh and what was measured on
/// it. Lengths in metres, angles in radians, everything in the surface's
/// frame G.
struct SurfaceTetrahedralization {
  /// The tetrahedra (positively oriented) and the extent at each vertex.
  VolumeMeshWithExtent mesh;
  /// The lattice spacing h used (the resolution hint).
  double lattice_spacing{0};
  /// The smallest and the largest dihedral angle over all tetrahedra.
  double min_dihedral_angle{0};
  double max_dihedral_angle{0};
  /// How far the mesh's boundary strays from the input surface: the largest
  /// distance from the input surface of a boundary triangle's centroid
  /// (boundary vertices are cut points, on the surface by construction; the
  /// centroids measure the chordal error of the flat boundary triangles).
  double max_boundary_deviation{0};
  /// How much of the input the mesh misses: the largest distance to the
  /// mesh's boundary from a point of the input surface, and the point
  /// attaining it. Measured at the input's vertices and at points spread
  /// over every input triangle half a lattice spacing apart (every surface
  /// point lies within h/3 of one), since a part can be lost far from any
  /// vertex (the middle of a thin plate whose only vertices are its
  /// corners). A value above the lattice spacing means a part thinner than
  /// the lattice (a fin, a thin shell, a small detached piece) lost its
  /// tetrahedra there. The samples cost about as much as the boundary
  /// deviation (O(A/h²) distance queries for a surface of area A).
  double max_surface_deviation{0};
  Eigen::Vector3d p_GMissed{Eigen::Vector3d::Zero()};
  /// The number of tetrahedra with all four vertices on the boundary that
  /// were split at their centroid.
  int num_split_tetrahedra{0};
};

/// The isosurface-stuffing tetrahedralization (see the file comment) of the
/// solid bounded by the surface of `surface_G` (built by
/// MakeMeshDistanceData, which has validated it), with lattice spacing
/// `resolution_hint`. Every tetrahedron is positively oriented.
/// @throws std::invalid_argument naming the hint: unless it is finite and
///         positive; when the lattice or the mesh would exceed
///         MaxMeshElements() (CheckMeshSize); or when no tetrahedron results
///         (the solid is everywhere thinner than the lattice), saying to
///         use a smaller hint.
SurfaceTetrahedralization TetrahedralizeSurface(const MeshDistanceData& surface_G,
                                                double resolution_hint);

/// The smallest and the largest of the six dihedral angles (radians) of
/// the tetrahedron (a, b, c, d). Precondition: not degenerate.
std::pair<double, double> CalcDihedralAngleRange(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                                 const Eigen::Vector3d& c,
                                                 const Eigen::Vector3d& d);

}  // namespace hydrocontact
