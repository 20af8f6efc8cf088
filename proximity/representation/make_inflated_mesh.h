#pragma once

/// @file
/// Inflating user-supplied meshes (OBJ surfaces, VTK volumes) outward by a
/// margin δ: the primitives inflate analytically; a mesh can only move its
/// boundary vertices.

#include <optional>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// The shortest vector m with n̂·m ≥ 1 for every unit normal n̂ in
/// `normals`: a vertex moved by δ·m pushes every face with one of these
/// normals out by at least δ, and the faces that bind by exactly δ. It is
/// p/|p|² for p the point of the normals' convex hull nearest the origin
/// (every n̂·p ≥ |p|², so n̂·m ≥ 1; and any feasible m has p·m ≥ 1, so
/// |m| ≥ 1/|p|), found by Wolfe's minimum-norm-point algorithm. Examples:
/// one normal gives itself; the three faces of a box corner, concave or
/// convex, give their sum (|m| = √3).
/// @returns nullopt for no normals, or when the hull reaches the origin
///          (to 1e-9): then no such m exists, as at a fin whose two sides
///          face opposite ways.
std::optional<Eigen::Vector3d> CalcLeastPushVector(std::span<const Eigen::Vector3d> normals);

/// The longest a vertex moves, in margins: a vertex whose CalcLeastPushVector
/// is longer (a needle tip, a narrow crevice) moves this far along it, so
/// that inflation does not grow spikes; its faces then move out by less
/// than δ (by δ·kMaxInflationPush/|m| at least).
inline constexpr double kMaxInflationPush = 2.0;

/// For each vertex of `surface`, the distinct unit normals of the triangles
/// around it (normals within 1e-12 of one another count once, so a flat
/// region's many triangles give one): what CalcLeastPushVector takes.
std::vector<std::vector<Eigen::Vector3d>> CalcDistinctNormalsAroundVertices(
    const TriangleSurfaceMesh& surface);

/// The displacement of each vertex of the outward surface `surface` (frame
/// G) for a margin δ: δ·m, m the CalcLeastPushVector of the normals of the
/// faces around the vertex, so every incident face's plane moves out by at
/// least δ and the binding ones by exactly δ (a flat vertex moves δ; a box
/// corner, convex or concave, moves to the sharp offset corner, every face
/// exactly δ out), shortened to kMaxInflationPush·δ. A vertex no face
/// uses, or whose incident normals admit no such m (a zero-thickness fin),
/// stays put.
/// @throws std::invalid_argument for a negative or non-finite margin.
std::vector<Eigen::Vector3d> CalcInflationDisplacements(const TriangleSurfaceMesh& surface,
                                                        double margin);

/// `surface` with every vertex moved by CalcInflationDisplacements (a
/// margin of 0 returns it unchanged). Precondition: `surface` bounds a
/// solid (ValidateClosedSurface).
/// @throws std::invalid_argument for a bad margin, or if the margin folds
///         the surface, so that it would no longer bound a solid: a
///         triangle turns over (naming it), or parts of the surface closer
///         than about twice the margin grow into each other and it crosses
///         or lies on itself (FindSurfaceDefects of the result; naming a
///         pair of triangles and where they meet). The message says to use
///         a smaller margin and names one that does not fold it (the
///         largest margin/2^k, k ≤ 20, that passes the same test).
TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin);

/// `mesh` with its boundary vertices moved by CalcInflationDisplacements of
/// its boundary surface (interior vertices stay).
/// @throws std::invalid_argument for a bad margin, or if a tetrahedron would
///         invert (naming it) or the inflated boundary folds as for
///         InflateSurfaceMesh (two parts of the volume grown into each
///         other invert no tetrahedron), saying to use a smaller margin and
///         naming one that does not fold it.
VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin);

}  // namespace hydrocontact
