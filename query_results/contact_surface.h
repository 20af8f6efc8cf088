#pragma once

/// @file
/// ContactSurface: the hydroelastic contact surface between two geometries
/// M and N, as a triangle or polygon mesh in the world frame W with the
/// pressure field sampled on it.

#include <optional>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "mesh/mesh_field_linear.h"
#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// How the faces of a ContactSurface are represented.
enum class HydroelasticContactRepresentation {
  /// Every face is a triangle. Each contact polygon is split into a fan of
  /// triangles around its centroid.
  kTriangle,
  /// Every face is one convex polygon (one per intersecting element pair).
  kPolygon,
};

/// "triangle" or "polygon".
const char* to_string(HydroelasticContactRepresentation representation);

/// @throws std::invalid_argument naming `caller` and the value unless
///         `representation` is kTriangle or kPolygon (a value cast from an
///         integer, e.g. through a binding, could be neither).
void RequireContactRepresentation(HydroelasticContactRepresentation representation,
                                  const char* caller);

/// A ContactSurface's storage as plain arrays, for the producer of a surface
/// that computes every face's normal, area, centroid and in-face pressure
/// gradient itself while it forms the faces (the contact-surface builder)
/// and writes them in place: ContactSurface::ReleaseArrays hands a surface's
/// storage out and ContactSurface::AdoptArrays takes it back, with nothing
/// copied or allocated. All positions and vectors are in W.
struct ContactSurfaceArrays {
  /// The triangle representation's mesh, and its pressure field e_MN (Pa per
  /// vertex; per face, the gradient of e_MN within the face's plane).
  TriangleSurfaceMesh::Arrays tri_mesh_W;
  TriangleSurfaceMeshFieldLinear::Arrays tri_e_MN;
  /// Likewise for the polygon representation.
  PolygonSurfaceMesh::Arrays poly_mesh_W;
  PolygonSurfaceMeshFieldLinear::Arrays poly_e_MN;
  /// Per face: ∇p_M / ∇p_N (Pa/m), when M / N is compliant.
  std::vector<Eigen::Vector3d> grad_eM_W;
  std::vector<Eigen::Vector3d> grad_eN_W;
};

/// The contact surface 𝕊ₘₙ between two intersecting geometries M and N of
/// the hydroelastic (pressure field) model: the surface where the two
/// pressure fields are equal (compliant–compliant), or the part of a rigid
/// boundary inside a compliant volume (rigid–compliant).
///
/// Invariants (the public behaviour of Drake's ContactSurface, which this
/// class matches):
///  - id_M() < id_N(). A constructor given the ids in the other order swaps
///    them, reverses the winding of every face (so the normals flip) and
///    swaps the two gradient arrays.
///  - Every face normal points *out of* N and *into* M.
///  - The mesh vertices are measured and expressed in the world frame W.
///  - The scalar field e_MN on the surface is the contact **pressure** (Pa),
///    continuous and linear on each face, as in Drake: p_M = p_N there.
///  - When present, EvaluateGradE_M_W(f) / EvaluateGradE_N_W(f) are the
///    gradients ∇p_M / ∇p_N (Pa/m) of M's / N's *pressure* fields on the
///    volume element that produced face f, expressed in W. They are absent
///    for a rigid geometry (whose gradient would be infinite). Since the
///    pressure rises into each body, ∇p_M·n̂ > 0 and ∇p_N·n̂ < 0 for a
///    well-oriented face.
///
/// Per-face areas, normals and centroids are computed once, on construction
/// (by the mesh types). The object is a plain value: copyable, movable,
/// immutable after construction. Unlike Drake, the constructors take the
/// mesh, field and gradients by value (moved in) rather than by unique_ptr.
class ContactSurface {
 public:
  /// Constructs a surface with the triangle representation.
  /// @param id_M, id_N  the two geometries (any order; see the class doc).
  /// @param mesh_W      the surface, vertices in W, face normals out of N
  ///                    into M (for the given order of ids).
  /// @param e_MN        the pressure (Pa) on mesh_W's vertices.
  /// @param grad_eM_W   optional ∇p_M (Pa/m, in W), one per face.
  /// @param grad_eN_W   optional ∇p_N (Pa/m, in W), one per face.
  /// @throws std::invalid_argument if id_M == id_N, e_MN does not have one
  ///         value per vertex and one gradient per face of mesh_W, or a
  ///         gradient array's size differs from the number of faces (naming
  ///         which one).
  ContactSurface(GeometryId id_M, GeometryId id_N, TriangleSurfaceMesh mesh_W,
                 TriangleSurfaceMeshFieldLinear e_MN,
                 std::optional<std::vector<Eigen::Vector3d>> grad_eM_W = std::nullopt,
                 std::optional<std::vector<Eigen::Vector3d>> grad_eN_W = std::nullopt);

  /// Constructs a surface with the polygon representation. Parameters and
  /// exceptions as for the triangle constructor.
  ContactSurface(GeometryId id_M, GeometryId id_N, PolygonSurfaceMesh mesh_W,
                 PolygonSurfaceMeshFieldLinear e_MN,
                 std::optional<std::vector<Eigen::Vector3d>> grad_eM_W = std::nullopt,
                 std::optional<std::vector<Eigen::Vector3d>> grad_eN_W = std::nullopt);

  /// An empty placeholder (no faces, invalid ids, triangle representation)
  /// for a caller that keeps surfaces from step to step and refills them with
  /// AssignTriangles / AssignPolygons; no query returns one.
  ContactSurface() : representation_(HydroelasticContactRepresentation::kTriangle) {}

  /// Replaces this surface by the triangle surface the triangle constructor
  /// would build from copies of the arguments (a gradient span given as
  /// nullopt means "absent"), reusing this surface's storage: when
  /// id_M < id_N and the capacity suffices, nothing is allocated. The
  /// storage of the other representation is kept for later reuse.
  /// @throws as the constructor (and as TriangleSurfaceMesh's for invalid
  ///         faces); the surface is then left empty.
  void AssignTriangles(GeometryId id_M, GeometryId id_N,
                       std::span<const TriangleSurfaceMesh::Element> triangles,
                       std::span<const Eigen::Vector3d> vertices_W, std::span<const double> e_MN,
                       std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                       std::optional<std::span<const Eigen::Vector3d>> grad_eN_W);

  /// Likewise for the polygon representation, from the flat polygon list
  /// `face_data` of PolygonSurfaceMesh.
  void AssignPolygons(GeometryId id_M, GeometryId id_N, std::span<const int> face_data,
                      std::span<const Eigen::Vector3d> vertices_W, std::span<const double> e_MN,
                      std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                      std::optional<std::span<const Eigen::Vector3d>> grad_eN_W);

  /// Moves this surface's storage (both representations' and the
  /// gradients'), with its capacity, out; the surface is left empty.
  ContactSurfaceArrays ReleaseArrays();

  /// Makes this the surface of `representation` whose mesh, field and
  /// gradients are `arrays` (moved in: nothing is copied or allocated). The
  /// other representation's arrays are emptied and kept for later reuse.
  /// The mesh and field are adopted as TriangleSurfaceMesh::AdoptArrays /
  /// PolygonSurfaceMesh::AdoptArrays and MeshFieldLinear::AdoptArrays do;
  /// ids given in the other order are swapped as by the constructors.
  /// @param has_grad_eM_W, has_grad_eN_W whether arrays.grad_eM_W /
  ///        arrays.grad_eN_W hold gradients (one per face) or are absent.
  /// @pre as for the meshes' and the field's AdoptArrays: the producer
  ///      guarantees well-formed faces, finite vertices and values, and
  ///      per-face data, offsets and totals that agree with them; none of
  ///      it is checked (this is the fast path for the contact-surface
  ///      builder; the constructors and Assign forms validate).
  /// @throws std::invalid_argument for id_M == id_N or arrays of
  ///         inconsistent lengths (as the constructors and the meshes' and
  ///         field's AdoptArrays); the surface is then left empty.
  void AdoptArrays(GeometryId id_M, GeometryId id_N,
                   HydroelasticContactRepresentation representation, bool has_grad_eM_W,
                   bool has_grad_eN_W, ContactSurfaceArrays&& arrays);

  /// Copies and moves are deep (the surface owns its mesh and fields).
  ContactSurface(const ContactSurface&) = default;
  ContactSurface& operator=(const ContactSurface&) = default;
  ContactSurface(ContactSurface&&) = default;
  ContactSurface& operator=(ContactSurface&&) = default;

  /// The geometry the normals point into (the smaller id).
  GeometryId id_M() const { return id_M_; }
  /// The geometry the normals point out of (the larger id).
  GeometryId id_N() const { return id_N_; }

  /// @name Representation-independent access
  /// Face indices must lie in [0, num_faces()); out of range throws
  /// std::out_of_range naming the index.
  ///@{
  int num_faces() const;
  int num_vertices() const;
  /// Area (m²) of face f.
  double area(int face_index) const;
  /// Total area (m²).
  double total_area() const;
  /// Unit normal of face f in W, out of N and into M.
  const Eigen::Vector3d& face_normal(int face_index) const;
  /// Area centroid of face f, measured and expressed in W.
  Eigen::Vector3d centroid(int face_index) const;
  /// Area-weighted centroid of the whole surface, in W.
  const Eigen::Vector3d& centroid() const;
  ///@}

  /// @name Representation-dependent access
  /// Calling the accessor of the other representation throws
  /// std::logic_error.
  ///@{
  HydroelasticContactRepresentation representation() const { return representation_; }
  bool is_triangle() const { return representation_ == HydroelasticContactRepresentation::kTriangle; }
  const TriangleSurfaceMesh& tri_mesh_W() const;
  const TriangleSurfaceMeshFieldLinear& tri_e_MN() const;
  const PolygonSurfaceMesh& poly_mesh_W() const;
  const PolygonSurfaceMeshFieldLinear& poly_e_MN() const;
  ///@}

  /// @name The constituent pressure gradients
  ///@{
  /// True when ∇p_M is stored (M is compliant).
  bool HasGradE_M() const { return has_grad_eM_W_; }
  /// True when ∇p_N is stored (N is compliant).
  bool HasGradE_N() const { return has_grad_eN_W_; }
  /// ∇p_M (Pa/m, in W) on face f.
  /// @throws std::logic_error if !HasGradE_M(); std::out_of_range for a bad f.
  const Eigen::Vector3d& EvaluateGradE_M_W(int face_index) const;
  /// ∇p_N (Pa/m, in W) on face f.
  /// @throws std::logic_error if !HasGradE_N(); std::out_of_range for a bad f.
  const Eigen::Vector3d& EvaluateGradE_N_W(int face_index) const;
  ///@}

  /// Deep exact comparison: ids, representation, mesh vertices and faces,
  /// field values and gradients, and the constituent gradients. NaN compares
  /// unequal (IEEE).
  bool Equal(const ContactSurface& other) const;

 private:
  void ValidateGradients(const char* which, bool present, const std::vector<Eigen::Vector3d>& g) const;
  void CheckFace(int face_index) const;
  void SwapIfNeeded();
  void SetGradients(std::optional<std::vector<Eigen::Vector3d>> grad_eM_W,
                    std::optional<std::vector<Eigen::Vector3d>> grad_eN_W);
  void AssignGradients(std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                       std::optional<std::span<const Eigen::Vector3d>> grad_eN_W);
  // The body of AssignTriangles and AssignPolygons: sets the ids and the
  // representation, calls `assign_mesh_and_field()` (which fills that
  // representation's mesh and field), then the gradients and the id order;
  // on any throw leaves the surface empty and rethrows.
  template <class AssignMeshAndField>
  void AssignWith(GeometryId id_M, GeometryId id_N, HydroelasticContactRepresentation representation,
                  AssignMeshAndField&& assign_mesh_and_field,
                  std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                  std::optional<std::span<const Eigen::Vector3d>> grad_eN_W);

  GeometryId id_M_;
  GeometryId id_N_;
  HydroelasticContactRepresentation representation_;
  // Exactly one of the two (mesh, field) pairs is in use, per representation_.
  TriangleSurfaceMesh tri_mesh_W_;
  TriangleSurfaceMeshFieldLinear tri_e_MN_;
  PolygonSurfaceMesh poly_mesh_W_;
  PolygonSurfaceMeshFieldLinear poly_e_MN_;
  // The gradients, when present; an absent array keeps its (empty) storage
  // so that a reused surface does not reallocate it.
  std::vector<Eigen::Vector3d> grad_eM_W_;
  std::vector<Eigen::Vector3d> grad_eN_W_;
  bool has_grad_eM_W_{false};
  bool has_grad_eN_W_{false};
};

}  // namespace hydrocontact
