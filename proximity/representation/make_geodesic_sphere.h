#pragma once

/// @file
/// The geodesic sphere: the icosahedron's faces cut into n² triangles each
/// and projected onto the unit sphere. The boundary triangulation of the
/// sphere and ellipsoid meshes (and the directions of their vertices).
///
/// Why the icosahedron: the error of a contact surface on a curved primitive
/// comes from the sag of the flat boundary triangles below the true surface,
/// which grows with a triangle's size; for a given number of triangles the
/// total sag is least when they are alike. The icosahedron's 20 faces are
/// the closest a regular polyhedron comes to the sphere (the central
/// projection stretches edges by at most 1/0.795 = 1.26 across a face, where
/// the octahedron's stretch by √3), so its subdivision keeps triangles within
/// a narrow range of sizes and near-equilateral.

#include <array>
#include <vector>

#include <Eigen/Core>

namespace hydrocontact::internal {

/// A closed triangulation of the unit sphere S² about the origin.
struct GeodesicSphere {
  /// Unit vectors (the vertices).
  std::vector<Eigen::Vector3d> directions;
  /// Vertex indices, counter-clockwise seen from outside (outward normals).
  std::vector<std::array<int, 3>> triangles;
};

/// The geodesic sphere of frequency n ≥ 1: 20n² triangles, 10n² + 2
/// vertices. Vertices on a shared icosahedron edge are computed once from
/// the edge's ordered endpoints, so neighbouring faces share them exactly.
/// The longest edge is below kGeodesicEdgeFactor / n (unit sphere).
/// @throws std::invalid_argument if n < 1.
GeodesicSphere MakeGeodesicSphere(int n);

/// An upper bound on n × (the longest edge of the frequency-n geodesic
/// sphere): the icosahedron's chord 1.0515 between adjacent vertices,
/// stretched by at most 1/0.7947 (the inverse distance of a face centre)
/// under the central projection, with a margin for round-off.
inline constexpr double kGeodesicEdgeFactor = 1.33;

}  // namespace hydrocontact::internal
