#include "proximity/representation/make_mesh_shape.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "proximity/representation/make_inflated_mesh.h"
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

std::string LowerCaseExtension(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return extension;
}

TriangleSurfaceMesh MakeMeshSurfaceMesh(const Mesh& mesh, double margin) {
  internal::RequireMargin("Mesh", margin);
  if (!IsSupportedMeshFile(mesh.file())) UnknownExtension(mesh);
  MeshFileData data = ReadMeshFile(mesh.file(), mesh.scale());
  if (data.volume) {
    return NamingFile(mesh, [&] {
      return InflateSurfaceMesh(ExtractBoundary(data.volume->mesh).surface, margin);
    });
  }
  const TriangleSurfaceMesh surface = std::move(data.surface->mesh);
  if (!surface.IsClosed()) {
    throw std::invalid_argument(fmt::format(
        "Mesh '{}': the surface is not closed (some edge is not shared by exactly two "
        "consistently oriented triangles), so it has no inside and cannot be a rigid "
        "hydroelastic geometry; use Convex for its hull or close the mesh",
        mesh.file().string()));
  }
  const double volume = surface.CalcSignedVolume();
  if (!(volume > 0)) {
    throw std::invalid_argument(fmt::format(
        "Mesh '{}': the closed surface encloses a volume of {:g} m³: its normals point inward; "
        "reverse the winding of its triangles",
        mesh.file().string(), volume));
  }
  if (margin == 0) return surface;
  return NamingFile(mesh, [&] { return InflateSurfaceMesh(surface, margin); });
}

VolumeMeshWithExtent MakeMeshVolumeMesh(const Mesh& mesh, double margin) {
  internal::RequireMargin("Mesh", margin);
  if (!IsSupportedMeshFile(mesh.file())) UnknownExtension(mesh);
  if (!MeshFileHoldsVolume(mesh.file())) {
    throw std::invalid_argument(fmt::format(
        "Mesh '{}': a compliant Mesh needs a tetrahedral .vtk file (or gmsh .msh); this file is a "
        "triangle surface: use Convex for its hull or tetrahedralize it (e.g. gmsh -3)",
        mesh.file().string()));
  }
  VtkVolumeData data = std::move(*ReadMeshFile(mesh.file(), mesh.scale()).volume);
  return NamingFile(mesh, [&] {
    VolumeMesh inflated = InflateVolumeMesh(data.mesh, margin);
    std::vector<double> extent = ComputeDistanceToBoundaryExtent(inflated);
    return VolumeMeshWithExtent{std::move(inflated), std::move(extent)};
  });
}

}  // namespace hydrocontact
