#include "mesh/mesh_file.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/msh_reader.h"
#include "mesh/obj_io.h"
#include "mesh/ply_io.h"
#include "mesh/stl_io.h"
#include "mesh/vtk_reader.h"
#include "mesh/vtu_reader.h"

namespace hydrocontact {
namespace {

[[noreturn]] void Unsupported(const std::filesystem::path& file) {
  throw std::invalid_argument(fmt::format("'{}': unsupported mesh file extension '{}' (supported: {})",
                                          file.string(), file.extension().string(),
                                          SupportedMeshFileExtensions()));
}

}  // namespace

std::string LowercaseExtension(const std::filesystem::path& file) {
  std::string e = file.extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return e;
}

std::string SupportedMeshFileExtensions() { return ".obj, .stl, .ply, .vtk, .vtu, .msh"; }

bool IsSupportedMeshFile(const std::filesystem::path& file) {
  const std::string e = LowercaseExtension(file);
  return e == ".obj" || e == ".stl" || e == ".ply" || e == ".vtk" || e == ".vtu" || e == ".msh";
}

bool MeshFileHoldsVolume(const std::filesystem::path& file) {
  const std::string e = LowercaseExtension(file);
  if (!IsSupportedMeshFile(file)) Unsupported(file);
  if (e == ".msh" || e == ".vtu") return true;
  if (e != ".vtk") return false;
  // The DATASET line is among the first few lines.
  std::ifstream in(file, std::ios::binary);
  std::string start(4096, '\0');
  in.read(start.data(), std::streamsize(start.size()));
  start.resize(size_t(in.gcount()));
  return !VtkStringHoldsPolyData(start);
}

MeshFileData ReadMeshFile(const std::filesystem::path& file, double scale) {
  const std::string e = LowercaseExtension(file);
  MeshFileData data;
  if (e == ".obj") {
    data.surface = ReadObjFileWithReport(file, scale);
  } else if (e == ".stl") {
    data.surface = ReadStlFile(file, scale);
  } else if (e == ".ply") {
    data.surface = ReadPlyFile(file, scale);
  } else if (e == ".msh") {
    data.volume = ReadMshFile(file, scale);
  } else if (e == ".vtu") {
    data.volume = ReadVtuFile(file, scale);
  } else if (e == ".vtk") {
    if (MeshFileHoldsVolume(file)) {
      data.volume = ReadVtkVolumeFile(file, scale);
    } else {
      data.surface = ReadVtkSurfaceFile(file, scale);
    }
  } else {
    Unsupported(file);
  }
  return data;
}

TriangleSurfaceMesh ReadMeshFileSurface(const std::filesystem::path& file, double scale) {
  return MeshFileSurface(ReadMeshFile(file, scale));
}

TriangleSurfaceMesh MeshFileSurface(const MeshFileData& data) {
  if (data.surface) return data.surface->mesh;
  return ExtractBoundary(data.volume->mesh).surface;
}

TriangleSurfaceMesh MeshFileSurface(MeshFileData&& data) {
  if (data.surface) return std::move(data.surface->mesh);
  return MeshFileSurface(data);
}

TriangleSurfaceMesh MeshFileSurface(const std::filesystem::path& file, double scale,
                                    const MeshFileData* read) {
  return read ? MeshFileSurface(*read) : ReadMeshFileSurface(file, scale);
}

}  // namespace hydrocontact
