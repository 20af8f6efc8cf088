#include "proximity/representation/make_mesh_shape.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/obj_io.h"
#include "mesh/vtk_reader.h"
#include "proximity/mesh_distance.h"
#include "proximity/surface_validation.h"
#include "proximity/representation/make_inflated_mesh.h"
#include "proximity/representation/tetrahedralize_surface.h"
#include "proximity/representation/volume_mesh_field.h"

namespace hydrocontact {
namespace {

[[noreturn]] void UnknownExtension(const Mesh& mesh) {
  throw std::invalid_argument(fmt::format(
      "Mesh '{}': unsupported file type '{}'; a Mesh is an .obj triangle surface or a .vtk "
      "tetrahedral volume",
      mesh.file().string(), mesh.file().extension().string()));
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

std::string LowerCaseExtension(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return extension;
}

TriangleSurfaceMesh MakeMeshSurfaceMesh(const Mesh& mesh, double margin) {
  internal::RequireMargin("Mesh", margin);
  const std::string extension = LowerCaseExtension(mesh.file());
  if (extension != ".vtk" && extension != ".obj") UnknownExtension(mesh);
  const TriangleSurfaceMesh surface =
      extension == ".vtk" ? ExtractBoundary(ReadVtkVolumeFile(mesh.file(), mesh.scale()).mesh).surface
                          : ReadObjFile(mesh.file(), mesh.scale());
  ValidateClosedSurface(surface, fmt::format("Mesh '{}'", mesh.file().string()));
  if (margin == 0) return surface;
  return NamingFile(mesh, [&] { return InflateSurfaceMesh(surface, margin); });
}

double DefaultSurfaceResolutionHint(const TriangleSurfaceMesh& surface_G) {
  const Aabb box = surface_G.CalcBoundingBox();
  return (box.max - box.min).minCoeff() / 5;
}

VolumeMeshWithExtent MakeMeshVolumeMesh(const Mesh& mesh, double margin,
                                        std::optional<double> resolution_hint) {
  internal::RequireMargin("Mesh", margin);
  const std::string extension = LowerCaseExtension(mesh.file());
  if (extension == ".obj") {
    const TriangleSurfaceMesh surface = ReadObjFile(mesh.file(), mesh.scale());
    ValidateClosedSurface(surface, fmt::format("Mesh '{}'", mesh.file().string()));
    return NamingFile(mesh, [&] {
      TriangleSurfaceMesh inflated = margin == 0 ? surface : InflateSurfaceMesh(surface, margin);
      const double h = resolution_hint.value_or(DefaultSurfaceResolutionHint(inflated));
      // The inflated surface is validated again: a margin may fold it.
      const MeshDistanceData data = MakeMeshDistanceData(std::move(inflated));
      SurfaceTetrahedralization t = TetrahedralizeSurface(data, h);
      // Stuffing keeps a part only if a lattice point falls inside it; a
      // surface vertex farther than one lattice spacing from the mesh marks
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
  if (extension != ".vtk") UnknownExtension(mesh);
  VtkVolumeData data = ReadVtkVolumeFile(mesh.file(), mesh.scale());
  return NamingFile(mesh, [&] {
    VolumeMesh inflated = InflateVolumeMesh(data.mesh, margin);
    std::vector<double> extent = ComputeDistanceToBoundaryExtent(inflated);
    return VolumeMeshWithExtent{std::move(inflated), std::move(extent)};
  });
}

}  // namespace hydrocontact
