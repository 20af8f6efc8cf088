// `hydrocontact mesh A [--out file.vtk]`: builds the hydroelastic
// representation of one geometry and summarises it as one JSON object.

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "mesh/text_file.h"
#include "mesh/vtk_writer.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"
#include "tools/cli/output_options.h"
#include "tools/cli/picture_layers.h"
#include "tools/cli/progress.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact mesh A [options] [--out FILE.vtk [--binary]]
                         [--png FILE.png [--view V] [--size WxH]] [--max-elements N]

Builds the hydroelastic representation of geometry A, as a contact query
would, and prints a summary as one JSON object. Everything is in A's own
frame G (the pose option is accepted but does not move the mesh).

  --out FILE.vtk   also write the representation as legacy VTK: the
                   tetrahedra with the point scalar "pressure" (compliant), or
                   the triangle surface (rigid). A half-space has no mesh.
  --binary         write --out as BINARY legacy VTK (big-endian, exact
                   doubles; smaller and faster to load) instead of ASCII.
  --png FILE.png   also draw the mesh: a compliant one cut in half across
                   the view, the cut coloured by pressure (colour bar in Pa),
                   element edges drawn; a rigid one as its shaded triangles.
  --view V         the picture's view: iso (default), top, front, side, or
                   AZ,EL in degrees (azimuth about z from +x, elevation)
  --size WxH       the picture's size in pixels (default 800x600)

Output members:
  geometry           the spec A as given
  shape              Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh
                     or Convex
  compliance         "compliant" or "rigid"
  kind               "volume_mesh", "surface_mesh" or "half_space"
  resolution_hint    the hint used (m), given or default; for a compliant
                     surface file the lattice spacing of its tetrahedra; null
                     when the shape needs none (box, half-space, convex,
                     rigid files, volume files)
  margin             the margin (m)
  num_vertices, num_elements   vertices and tetrahedra (or triangles)
  volume             total volume of the tetrahedra (compliant, m^3)
  surface_area       total area of the triangles (rigid, m^2)
  bounding_box       {"min": [x, y, z], "max": [x, y, z]} of the vertices, in G
  pressure           {"min", "max"} over the vertices (compliant, Pa)
  hydroelastic_modulus   E (compliant, Pa)
  slab_thickness, pressure_gradient   compliant half-space: p = E(margin - z)/t
  normal             half-space outward normal in G, [0, 0, 1]
  build_time_ms      wall time to build the representation, BVH included
  out                the file written, when --out is given
  png                the picture written, when --png is given
)") + MaxElementsHelp() +
         "\nWhile meshing takes over a second, progress is shown on stderr when it is a\nterminal.\n" +
         GeometryArgumentsHelp(1) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed =
      ParseArgs(args, 1, 0, {"--out", "--png", "--view", "--size", "--max-elements"}, {"--binary"});
  ApplyMaxElements(parsed);
  const std::optional<PictureRequest> picture = ParsePictureRequest(parsed);
  const std::optional<VtkOutput> vtk_output = ParseVtkOutput(parsed);
  const GeometryArg& g = parsed.geometries.front();
  const auto start = std::chrono::steady_clock::now();
  const HydroelasticRepresentation representation = [&] {
    const Progress progress(fmt::format("meshing {}", g.spec));
    return MakeHydroelasticRepresentation(g.shape, g.properties);
  }();
  const double build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  Json out = Json::MakeObject();
  out.Set("geometry", g.spec)
      .Set("shape", ShapeName(g.shape))
      .Set("compliance", to_string(g.properties.compliance()));
  const std::optional<double> hint = ResolutionHintUsed(g.shape, g.properties);
  // The mesh file and the picture are made first and written together, all
  // or nothing (a picture that cannot be written leaves no mesh file).
  std::string vtk, png;
  if (const auto* c = std::get_if<CompliantMesh>(&representation)) {
    const auto& values = c->pressure.values();
    out.Set("kind", "volume_mesh")
        .Set("resolution_hint", hint ? Json(*hint) : Json())
        .Set("margin", g.properties.margin())
        .Set("num_vertices", c->mesh.num_vertices())
        .Set("num_elements", c->mesh.num_elements())
        .Set("volume", c->mesh.total_volume())
        .Set("bounding_box", BoundingBoxJson(c->mesh.CalcBoundingBox()))
        .Set("pressure", Json::MakeObject()
                             .Set("min", *std::min_element(values.begin(), values.end()))
                             .Set("max", *std::max_element(values.begin(), values.end())))
        .Set("hydroelastic_modulus", c->hydroelastic_modulus);
    if (vtk_output) vtk = WriteVtkVolumeString(c->mesh, {{"pressure", &values}}, vtk_output->encoding);
    if (picture) png = PicturePng(*picture, {CutAwayLayer(*c, picture->options.view)});
  } else if (const auto* r = std::get_if<RigidMesh>(&representation)) {
    out.Set("kind", "surface_mesh")
        .Set("resolution_hint", hint ? Json(*hint) : Json())
        .Set("margin", g.properties.margin())
        .Set("num_vertices", r->mesh.num_vertices())
        .Set("num_elements", r->mesh.num_triangles())
        .Set("surface_area", r->mesh.total_area())
        .Set("bounding_box", BoundingBoxJson(r->mesh.CalcBoundingBox()));
    if (vtk_output) vtk = WriteVtkSurfaceString(r->mesh, {}, {}, vtk_output->encoding);
    if (picture) {
      render::PictureLayer layer = RepresentationLayer(representation, RigidTransform());
      layer.draw_edges = true;
      png = PicturePng(*picture, {layer});
    }
  } else {
    if (vtk_output) {
      throw UsageError(fmt::format(
          "--out: the half-space '{}' is analytic and has no mesh to write; drop --out", g.spec));
    }
    if (picture) {
      throw UsageError(fmt::format(
          "--png: the half-space '{}' is analytic and has no mesh to draw; drop --png", g.spec));
    }
    out.Set("kind", "half_space").Set("normal", Json(Eigen::Vector3d(0, 0, 1)));
    if (const auto* h = std::get_if<CompliantHalfSpace>(&representation)) {
      out.Set("margin", h->margin)
          .Set("hydroelastic_modulus", h->hydroelastic_modulus)
          .Set("slab_thickness", h->slab_thickness)
          .Set("pressure_gradient", Json(h->PressureGradient()));
    }
  }
  out.Set("build_time_ms", build_ms);
  std::vector<internal::FileContents> files;
  if (vtk_output) {
    files.push_back({vtk_output->file, vtk, "VTK file"});
    out.Set("out", vtk_output->file);
  }
  if (picture) {
    files.push_back({picture->file, png, "PNG file"});
    out.Set("png", picture->file);
  }
  internal::WriteFilesAtomically(files);
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("mesh", Command{"the hydroelastic representation of one geometry",
                                               Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
