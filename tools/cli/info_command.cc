// `hydrocontact info FILE`: what a mesh file holds, as one JSON object.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_reader.h"
#include "proximity/representation/volume_mesh_field.h"
#include "proximity/surface_validation.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

constexpr const char* kHelp = R"(usage: hydrocontact info FILE [--scale S]

Reads a mesh file and prints what it holds as one JSON object.

  FILE        a triangle surface (.obj; .stl ASCII or binary; .ply ASCII or
              binary; .vtk POLYDATA; polygons are triangulated by ear
              clipping) or a tetrahedral volume (.vtk UNSTRUCTURED_GRID,
              ASCII or BINARY; VTK XML .vtu, ASCII, binary or
              appended, uncompressed; gmsh .msh 2.2 or 4.1, ASCII or binary). The
              extension decides, in any case.
  --scale S   multiply every position by S (finite, > 0; default 1).

Output members:
  file                 the FILE argument
  kind                 "triangle_surface" or "tetrahedral_volume"
  num_vertices         vertices of the mesh as read (after the clean-up below)
  num_elements         triangles or tetrahedra
  bounding_box         {"min": [x, y, z], "max": [x, y, z]}, metres
  surface_area         total triangle area; for a volume, its boundary's area
  volume               a volume mesh's total volume; a closed surface's
                       enclosed volume; null for an open surface
  closed               whether the surface (a volume's boundary) is closed:
                       every edge shared by exactly two triangles, oriented
                       consistently
  bounds_solid         whether the surface (a volume's boundary) bounds a
                       solid, as a rigid mesh or a compliant surface must:
                       closed, not crossing or lying on itself, its shells
                       facing outward or, for cavities, inward; for a
                       volume, also that its tetrahedra do not overlap
                       (their boundary encloses exactly their volume), as a
                       compliant mesh must
  solid_defects        why it does not (the message registering it as a
                       solid would give), or null
  point_fields         names of the per-vertex scalar fields (VTK point data) of
                       a volume file; [] for a surface file, whose point data
                       the surface readers do not keep
Surfaces only (clean-up of messy files):
  dropped_faces        degenerate triangles dropped (repeated vertex, zero area)
  welded_vertices      vertices merged into an earlier one at the same position
  unreferenced_vertices  vertices dropped because no triangle uses them
Volumes only:
  skipped_cells        lower-dimensional cells (points, lines, triangles) skipped
  unused_points        points dropped because no tetrahedron uses them
  orientation_flipped  true if every tetrahedron was inverted and all were flipped

On bad input (unreadable file, malformed contents, unknown extension) prints
one line on stderr naming the file and the line or element, and exits 2.
)";

double ParseScale(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw UsageError(fmt::format("--scale: '{}' is not a number", text));
  }
  if (!std::isfinite(value) || !(value > 0)) {
    throw UsageError(fmt::format("--scale: {} must be finite and positive", text));
  }
  return value;
}

Json BoxJson(const Aabb& box) {
  return Json::MakeObject().Set("min", Json(box.min)).Set("max", Json(box.max));
}

// "bounds_solid" and "solid_defects" (see the help): `defects`, or
// nullopt for a solid.
void SetSolidVerdict(const std::optional<std::string>& defects, Json* out) {
  out->Set("bounds_solid", !defects.has_value())
      .Set("solid_defects", defects ? Json(*defects) : Json(nullptr));
}

Json SurfaceInfo(const std::string& file, const SurfaceReadResult& r) {
  const TriangleSurfaceMesh& mesh = r.mesh;
  const std::optional<double> volume = mesh.EnclosedVolume();
  Json out = Json::MakeObject();
  out.Set("file", file)
      .Set("kind", "triangle_surface")
      .Set("num_vertices", mesh.num_vertices())
      .Set("num_elements", mesh.num_elements())
      .Set("bounding_box", BoxJson(mesh.CalcBoundingBox()))
      .Set("surface_area", mesh.total_area())
      .Set("volume", volume ? Json(*volume) : Json(nullptr))
      .Set("closed", volume.has_value());
  SetSolidVerdict(DescribeSurfaceDefects(mesh), &out);
  out.Set("point_fields", Json::MakeArray())
      .Set("dropped_faces", r.num_dropped_faces)
      .Set("welded_vertices", r.num_welded_vertices)
      .Set("unreferenced_vertices", r.num_unreferenced_vertices);
  return out;
}

Json VolumeInfo(const std::string& file, const VtkVolumeData& d) {
  const VolumeMeshBoundary boundary = ExtractBoundary(d.mesh);
  Json fields = Json::MakeArray();
  for (const auto& [name, values] : d.point_scalars) fields.Push(name);
  Json out = Json::MakeObject();
  out.Set("file", file)
      .Set("kind", "tetrahedral_volume")
      .Set("num_vertices", d.mesh.num_vertices())
      .Set("num_elements", d.mesh.num_elements())
      .Set("bounding_box", BoxJson(d.mesh.CalcBoundingBox()))
      .Set("surface_area", boundary.surface.total_area())
      .Set("volume", d.mesh.total_volume())
      .Set("closed", boundary.surface.IsClosed());
  // Overlapping tetrahedra come first: they are what registering the mesh
  // as compliant refuses, and they can leave a boundary that is a fine
  // surface (or none at all).
  std::optional<std::string> defects = DescribeTetrahedraOverlap(d.mesh, boundary.surface);
  if (!defects) defects = DescribeSurfaceDefects(boundary.surface);
  SetSolidVerdict(defects, &out);
  out.Set("point_fields", std::move(fields))
      .Set("skipped_cells", d.num_skipped_cells)
      .Set("unused_points", d.num_unused_points)
      .Set("orientation_flipped", d.orientation_flipped);
  return out;
}

int RunInfo(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  double scale = 1.0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--scale") {
      scale = ParseScale(TakeOptionValue(args, &i, "--scale"));
    } else if (args[i].rfind("--", 0) == 0) {
      throw UsageError(fmt::format("unknown option '{}' (see 'hydrocontact info --help')", args[i]));
    } else {
      files.push_back(args[i]);
    }
  }
  if (files.size() != 1) {
    throw UsageError(fmt::format("expected one FILE, got {} (see 'hydrocontact info --help')",
                                 files.size()));
  }
  const std::string& file = files[0];
  if (!IsSupportedMeshFile(file)) {
    throw UsageError(fmt::format("'{}': unknown file type '{}' (supported: {})", file,
                                 std::filesystem::path(file).extension().string(),
                                 SupportedMeshFileExtensions()));
  }
  const MeshFileData data = ReadMeshFile(file, scale);
  const Json out = data.surface ? SurfaceInfo(file, *data.surface) : VolumeInfo(file, *data.volume);
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("info", Command{"what a mesh file (.obj, .stl, .ply, .vtk, .vtu, .msh) holds", kHelp, RunInfo});

}  // namespace
}  // namespace hydrocontact::cli
