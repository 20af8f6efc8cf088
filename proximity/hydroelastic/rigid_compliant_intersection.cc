#include "proximity/hydroelastic/rigid_compliant_intersection.h"

#include <array>
#include <cstdint>
#include <exception>
#include <span>
#include <utility>

#include "proximity/hydroelastic/candidate_pairs.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/hydroelastic/split_pair.h"

namespace hydrocontact {
namespace {

// Per-thread storage reused from call to call: the rigid mesh's vertices
// and normals expressed in C, each computed at most once per call and only
// for the parts of the mesh near the compliant one.
struct Scratch {
  // The four face half-spaces of each tetrahedron met, computed once per
  // call (a tetrahedron usually meets several triangles).
  StampedCache<std::array<ClipHalfSpace, 4>> faces;
  StampedCache<Eigen::Vector3d> vertices_C;
  StampedCache<Eigen::Vector3d> normals_C;
  ClipPolygon buffers[2];
};

// Below this many rigid triangles near the compliant mesh, splitting the
// pair across threads costs more than it saves (see ShouldSplit).
constexpr int kMinTrianglesToSplit = 2048;

// The polygons of the (tetrahedron, triangle) pairs of the triangles
// `triangles` (a piece of the triangles near C, in query order), appended to
// *polygons_C. Uses this thread's scratch.
void IntersectTriangles(const CompliantMesh& compliant_C, const RigidMesh& rigid_R, const RigidTransform& X_CR,
                        bool normal_filter, std::span<const int> triangles, ContactPolygons* polygons_C) {
  thread_local Scratch scratch;
  const VolumeMesh& mesh_C = compliant_C.mesh;
  const VolumeMeshFieldLinear& pressure_C = compliant_C.pressure;
  const TriangleSurfaceMesh& mesh_R = rigid_R.mesh;
  const Eigen::Matrix3d& R_CR = X_CR.rotation();
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  scratch.vertices_C.Begin(mesh_R.num_vertices());
  scratch.normals_C.Begin(mesh_R.num_triangles());
  scratch.faces.Begin(mesh_C.num_elements());
  auto vertex_C = [&](int v) -> const Eigen::Vector3d& {
    return scratch.vertices_C.Get(v, [&](int k) { return Eigen::Vector3d(X_CR * mesh_R.vertex(k)); });
  };

  auto kernel = [&](int tet, int tri) {
    // Cheapest rejections first: orientation, then separating planes.
    const Eigen::Vector3d& grad_p_C = pressure_C.EvaluateGradient(tet);
    const Eigen::Vector3d& nhat_C = scratch.normals_C.Get(
        tri, [&](int k) { return Eigen::Vector3d(R_CR * mesh_R.face_normal(k)); });
    if (normal_filter && !IsAlongPressureGradientUnnormalized(nhat_C, 1.0, grad_p_C)) return;

    const VolumeMesh::Element& t = mesh_C.element(tet);
    const std::array<const Eigen::Vector3d*, 4> v{&mesh_C.vertex(t[0]), &mesh_C.vertex(t[1]),
                                                  &mesh_C.vertex(t[2]), &mesh_C.vertex(t[3])};
    const TriangleSurfaceMesh::Element& f = mesh_R.element(tri);
    const std::array<const Eigen::Vector3d*, 3> x{&vertex_C(f[0]), &vertex_C(f[1]),
                                                  &vertex_C(f[2])};

    // The triangle's plane separates the tetrahedron when all four vertices
    // lie strictly on one side.
    int above = 0, below = 0;
    for (int i = 0; i < 4; ++i) {
      const double s = nhat_C.dot(*v[i] - *x[0]);
      above += s > 0;
      below += s < 0;
    }
    if (above == 4 || below == 4) return;

    // The triangle, with the compliant pressure at its vertices, clipped by
    // the tetrahedron's faces (a triangle lying in a face belongs to only
    // one of the face's two tetrahedra).
    const std::array<ClipHalfSpace, 4>& faces = scratch.faces.Get(
        tet, [&](int) { return TetrahedronFaceHalfSpaces(t, v); });
    // Most candidates that get here miss the tetrahedron: a face plane has
    // the whole triangle outside. Find those from the three positions alone,
    // before the pressures are evaluated and the polygon is built
    // (ClipByTetrahedron makes the same decision again for the rest).
    for (const ClipHalfSpace& face : faces) {
      int outside = 0, on_plane = 0;
      for (int k = 0; k < 3; ++k) {
        const double d = face.Evaluate(*x[k]);
        outside += d > 0;
        on_plane += d == 0;
      }
      if (outside == 3 || (on_plane == 3 && !face.keeps_coplanar)) return;
    }
    ClipPolygon* in = &scratch.buffers[0];
    in->clear();
    for (int k = 0; k < 3; ++k) {
      Eigen::Vector4d vertex;
      vertex << *x[k], pressure_C.EvaluateCartesian(tet, *x[k]);
      in->push_back(vertex);
    }
    in = ClipByTetrahedron(faces, in, &scratch.buffers[1]);
    if (in == nullptr) return;
    polygons_C->Add(*in, nhat_C, grad_p_C, zero);
  };
  ForEachCandidatePairOf(
      compliant_C.bvh, triangles,
      [&](int tri) {
        const TriangleSurfaceMesh::Element& f = mesh_R.element(tri);
        Aabb box;
        for (int k = 0; k < 3; ++k) box.Include(vertex_C(f[k]));
        return box;
      },
      kernel);
}

}  // namespace

void IntersectRigidCompliant(const CompliantMesh& compliant_C, const RigidMesh& rigid_R,
                             const RigidTransform& X_CR, bool normal_filter,
                             ContactPolygons* polygons_C, const ParallelExecutor* executor) {
  // Kept per calling thread: the triangles near C.
  thread_local std::vector<int> triangles;
  CollectElementsNear(compliant_C.bvh, rigid_R.bvh, X_CR, &triangles);
  if (!ShouldSplit(executor, static_cast<int>(triangles.size()), kMinTrianglesToSplit)) {
    IntersectTriangles(compliant_C, rigid_R, X_CR, normal_filter, triangles, polygons_C);
    return;
  }
  // Pieces of consecutive triangles: the pairs, and so the polygons, come in
  // the order of the unsplit loop, for any thread count.
  IntersectInPieces(
      *executor, triangles,
      [&](std::span<const int> piece, ContactPolygons* out) {
        IntersectTriangles(compliant_C, rigid_R, X_CR, normal_filter, piece, out);
      },
      polygons_C);
}

}  // namespace hydrocontact
