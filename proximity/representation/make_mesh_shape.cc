#include "proximity/representation/make_mesh_shape.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "proximity/mesh_distance.h"
#include "proximity/surface_validation.h"
#include "proximity/representation/make_inflated_mesh.h"
#include "proximity/representation/tetrahedralize_surface.h"
#include "proximity/representation/volume_mesh_field.h"

namespace hydrocontact {
namespace {

[[noreturn]] void UnknownExtension(const Mesh& mesh) {
  throw std::invalid_argument(fmt::format(
      "Mesh '{}': unsupported file type '{}'; a Mesh is a triangle surface or a tetrahedral "
      "volume file ({})",
      mesh.file().string(), mesh.file().extension().string(), SupportedMeshFileExtensions()));
}

// Runs `make`, prefixing any std::invalid_argument with the file's name.
template <class F>
auto NamingFile(const Mesh& mesh, F&& make) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("Mesh '{}': {}", mesh.file().string(), e.what()));
  }
}

}  // namespace

TriangleSurfaceMesh MakeMeshSurfaceMesh(const Mesh& mesh, double margin,
                                        const MeshFileData* file_data) {
  internal::RequireMargin("Mesh", margin);
  if (!IsSupportedMeshFile(mesh.file())) UnknownExtension(mesh);
  const TriangleSurfaceMesh surface = MeshFileSurface(mesh.file(), mesh.scale(), file_data);
  ValidateClosedSurface(surface, fmt::format("Mesh '{}'", mesh.file().string()));
  if (margin == 0) return surface;
  return NamingFile(mesh, [&] { return InflateSurfaceMesh(surface, margin); });
}

double DefaultSurfaceResolutionHint(const TriangleSurfaceMesh& surface_G, double margin) {
  const Aabb box = surface_G.CalcBoundingBox();
  const double extent = (box.max - box.min).minCoeff() + 2 * margin;
  const double h = extent / 5;
  // Refused here, where the hint is made, rather than by the mesher as a
  // "resolution hint" the user never gave.
  if (!(h >= kMinLength)) {
    throw std::invalid_argument(fmt::format(
        "the surface's smallest extent is {:g} m (margin included), so its default resolution "
        "hint, a fifth of that, is {:g} m, below the smallest supported length {:g} m; give a "
        "resolution hint of at least {:g} m (if the solid is at least three times as thick) or "
        "scale the mesh up",
        extent, h, kMinLength, kMinLength));
  }
  return h;
}

std::optional<double> MeshResolutionHintUsed(const Mesh& mesh, double margin,
                                             std::optional<double> resolution_hint,
                                             const MeshFileData* file_data) {
  if (!IsSupportedMeshFile(mesh.file())) UnknownExtension(mesh);
  if (file_data ? file_data->volume.has_value() : MeshFileHoldsVolume(mesh.file())) {
    return std::nullopt;
  }
  if (resolution_hint) return resolution_hint;
  const TriangleSurfaceMesh surface = MeshFileSurface(mesh.file(), mesh.scale(), file_data);
  return NamingFile(mesh, [&] { return DefaultSurfaceResolutionHint(surface, margin); });
}

VolumeMeshWithExtent MakeMeshVolumeMesh(const Mesh& mesh, double margin,
                                        std::optional<double> resolution_hint,
                                        const MeshFileData* file_data) {
  internal::RequireMargin("Mesh", margin);
  if (!IsSupportedMeshFile(mesh.file())) UnknownExtension(mesh);
  // The caller's contents, or the file read here.
  std::optional<MeshFileData> storage;
  const MeshFileData& contents =
      file_data ? *file_data : storage.emplace(ReadMeshFile(mesh.file(), mesh.scale()));
  if (!contents.volume) {
    const TriangleSurfaceMesh& surface = contents.surface->mesh;
    ValidateClosedSurface(surface, fmt::format("Mesh '{}'", mesh.file().string()));
    return NamingFile(mesh, [&] {
      const double h = resolution_hint.value_or(DefaultSurfaceResolutionHint(surface, margin));
      // InflateSurfaceMesh refuses a margin that folds the surface, with the
      // same test as the rigid path (MakeMeshSurfaceMesh).
      const MeshDistanceData data =
          MakeMeshDistanceData(margin == 0 ? surface : InflateSurfaceMesh(surface, margin));
      SurfaceTetrahedralization t = TetrahedralizeSurface(data, h);
      // Stuffing keeps a part only if a lattice point falls inside it; a
      // point of the surface (a vertex, or one of the samples spread over
      // its triangles) farther than one lattice spacing from the mesh marks
      // a part the lattice missed.
      if (t.max_surface_deviation > h) {
        throw std::invalid_argument(fmt::format(
            "at resolution hint {:g} m a part of the solid thinner than the hint is lost: the "
            "surface point ({:g}, {:g}, {:g}) is {:g} m from the tetrahedral mesh; use a smaller "
            "resolution hint (about a third of that part's thickness)",
            h, t.p_GMissed.x(), t.p_GMissed.y(), t.p_GMissed.z(), t.max_surface_deviation));
      }
      return std::move(t.mesh);
    });
  }
  return NamingFile(mesh, [&] {
    VolumeMesh inflated = InflateVolumeMesh(contents.volume->mesh, margin);
    std::vector<double> extent = ComputeDistanceToBoundaryExtent(inflated);
    return VolumeMeshWithExtent{std::move(inflated), std::move(extent)};
  });
}

}  // namespace hydrocontact
