/// @file
/// libFuzzer target of the check that a surface bounds a solid
/// (proximity/surface_validation.h), which every mesh used as a solid passes
/// through: the input is read as OBJ text, and whatever surface comes out
/// is checked (tools/fuzz.sh builds and runs it). Any input must give a
/// verdict or an exception derived from std::exception; the sanitizers catch
/// everything else (crashes, overflows, UB, leaks).
///
/// The verdict is held to what it implies (a failure aborts): on a closed
/// surface that neither crosses nor lies on itself, at points just off each
/// triangle, the winding numbers by rays (when they answer) and by solid
/// angles agree, and a surface found free of defects has a positive volume
/// and winding numbers of 0 or 1 only (its shells are nested as solids,
/// cavities and islands).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string_view>
#include <vector>

#include "mesh/obj_io.h"
#include "proximity/bvh.h"
#include "proximity/surface_validation.h"

namespace {

// Small enough to sum solid angles at two points per triangle per input.
constexpr int kMaxCheckedTriangles = 64;
// Coordinates beyond this could overflow the predicates' products.
constexpr double kMaxCheckedCoordinate = 1e6;

void CheckVerdict(const hydrocontact::TriangleSurfaceMesh& mesh,
                  const hydrocontact::SurfaceDefects& defects) {
  if (defects.ok() && !(defects.signed_volume > 0)) std::abort();
  const bool closed = defects.open_edges.empty() && defects.non_manifold_edges.empty() &&
                      defects.misoriented_edges.empty() && defects.crossing_triangles.empty() &&
                      defects.overlapping_triangles.empty();
  const int n = mesh.num_triangles();
  if (!closed || n == 0 || n > kMaxCheckedTriangles) return;
  for (const Eigen::Vector3d& v : mesh.vertices()) {
    if (!(v.cwiseAbs().maxCoeff() <= kMaxCheckedCoordinate)) return;
  }
  const hydrocontact::Bvh bvh(mesh);
  const std::vector<int> one_shell(n, 0);
  for (int f = 0; f < n; ++f) {
    const auto& t = mesh.element(f);
    const Eigen::Vector3d& a = mesh.vertex(t[0]);
    const Eigen::Vector3d& b = mesh.vertex(t[1]);
    const Eigen::Vector3d& c = mesh.vertex(t[2]);
    const Eigen::Vector3d normal = (b - a).cross(c - a);
    const double twice_area = normal.norm();
    if (!(twice_area > 1e-12)) continue;
    const Eigen::Vector3d centroid = (a + b + c) / 3;
    const Eigen::Vector3d offset = 1e-3 * std::sqrt(twice_area) * normal / twice_area;
    for (const Eigen::Vector3d& p : {Eigen::Vector3d(centroid + offset), Eigen::Vector3d(centroid - offset)}) {
      const int by_angles = hydrocontact::internal::WindingNumberBySolidAngles(mesh, one_shell, -1, p);
      const std::optional<int> by_rays =
          hydrocontact::internal::WindingNumberByRays(mesh, bvh, one_shell, -1, p);
      if (by_rays && *by_rays != by_angles) std::abort();
      if (defects.ok() && (by_angles < 0 || by_angles > 1)) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  hydrocontact::TriangleSurfaceMesh mesh;
  try {
    mesh = hydrocontact::ReadObjStringWithReport(text, 1.0, "fuzz.obj").mesh;
  } catch (const std::exception&) {
    return 0;  // Refused by the reader: obj_fuzz's business.
  }
  try {
    CheckVerdict(mesh, hydrocontact::FindSurfaceDefects(mesh));
    hydrocontact::ValidateClosedSurface(mesh, "fuzz.obj");
  } catch (const std::exception&) {
    // Refusing a surface with a message is the expected outcome.
  }
  return 0;
}
