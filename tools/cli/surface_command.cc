// `hydrocontact surface A B`: the hydroelastic contact surface of two
// geometries, summarised as one JSON object, optionally written as VTK.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "geometry/thread_pool.h"
#include "mesh/text_file.h"
#include "mesh/vtk_writer.h"
#include "query_results/contact_surface_vtk.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/representation/make_mesh_common.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"
#include "tools/cli/output_options.h"
#include "tools/cli/picture_layers.h"
#include "tools/cli/progress.h"

namespace hydrocontact::cli {
namespace {

constexpr const char* kHelpHead =
    R"(usage: hydrocontact surface A B [--representation triangle|polygon]
                            [--out surface.vtk [--binary]] [--no-normal-filter]
                            [--repeat N] [--png FILE.png [--view V] [--size WxH]]
                            [--max-elements N] [--threads N]

Computes the hydroelastic contact surface of geometries A and B at their
poses and prints a summary as one JSON object. At least one of A and B must
be compliant, and they cannot both be half-spaces.

Options:
  --representation R   "triangle" (default; every contact polygon split into a
                       fan of triangles around its centroid) or "polygon" (one
                       polygon per intersecting element pair)
  --out FILE.vtk       also write the surface (vertices in the world frame) as
                       legacy VTK polydata with the point scalar "pressure"
                       (Pa) and the cell vectors "normal", and "grad_eM" /
                       "grad_eN" (pressure gradients, Pa/m) for the compliant
                       side(s). With no contact, an empty polydata is written.
  --binary             write --out as BINARY legacy VTK (big-endian, exact
                       doubles) instead of ASCII
  --repeat N           after the one computation, time N more (1 <= N <= 1e6)
                       and report their median as time_us; without it the
                       surface is computed once and that one run is timed
  --png FILE.png       also draw the surface coloured by pressure (colour bar
                       in Pa) inside A and B (translucent; a half-space as a
                       square patch of its plane), framed on the surface
  --view V             the picture's view: iso (default), top, front, side,
                       or AZ,EL in degrees (azimuth about z from +x,
                       elevation above the xy plane)
  --size WxH           the picture's size in pixels (default 800x600)
@MAX@  --threads N          threads for the one pair (1 <= N <= 256, default 1):
                       a pair with a large candidate set (thousands of one
                       mesh's elements near the other geometry, a half-space
                       included) splits its elements among them; the surface
                       is the same, face for face, for any N
  --no-normal-filter   keep every piece of the intersection, also those whose
                       normal disagrees with the pressure gradients (by more
                       than 5*pi/8), such as the far side of a thin rigid body

Output members (SI units, world frame):
  num_faces, num_vertices   of the surface mesh (0 and 0 when not in contact)
  total_area                m^2
  centroid                  area-weighted centroid [x, y, z], null without contact
  force                     the integral of p n dA: the force on M (N pushes M
                            along the normals, which point out of N into M)
  moment                    the integral of (x - centroid) x p n dA: the moment
                            on M about the surface centroid
  pressure                  {"min": p, "max": p} over the vertices (Pa), null
                            without contact
  m_is                      "A" or "B": which input is M (the smaller id; the
                            tool gives A the smaller id)
  representation            "triangle" or "polygon"
  normal_filter             whether the orientation filter was applied
  time_us                   wall time (microseconds) of computing the surface
                            alone (the meshes and hierarchies being built
                            beforehand): of the one computation, or the
                            median of the --repeat N timed ones
  repeat                    the number of timed repetitions (0 without --repeat)
  out                       the VTK file written, when --out is given
  png                       the picture written, when --png is given
)";

std::string Help() {
  std::string head = kHelpHead;
  head.replace(head.find("@MAX@"), 5, MaxElementsHelp());
  return head + "\nWhile meshing or computing takes over a second, progress is shown on stderr\n"
                "when it is a terminal.\n" + GeometryArgumentsHelp(2);
}

/// The integrals of one surface: ∫ p n̂ dA and ∫ (x − c) × p n̂ dA.
struct Resultant {
  Eigen::Vector3d force{Eigen::Vector3d::Zero()};
  Eigen::Vector3d moment{Eigen::Vector3d::Zero()};
};

// Adds the triangle (a, b, c) with pressures (pa, pb, pc), unit normal n and
// area `area` to the resultant about point o. For linear p on a triangle,
// ∫ p dA = A (pa + pb + pc)/3 and, with λᵢ the barycentric coordinates
// (∫ λᵢ λⱼ dA = A (1 + δᵢⱼ)/12), ∫ p (x − o) dA =
// A/12 (Σ pᵢ (xᵢ − o) + (Σ pᵢ)(Σ (xᵢ − o))).
void AddTriangle(const std::array<Eigen::Vector3d, 3>& x, const std::array<double, 3>& p,
                 const Eigen::Vector3d& n, double area, const Eigen::Vector3d& o,
                 Resultant* r) {
  const double p_sum = p[0] + p[1] + p[2];
  Eigen::Vector3d weighted = Eigen::Vector3d::Zero();
  Eigen::Vector3d x_sum = Eigen::Vector3d::Zero();
  for (int i = 0; i < 3; ++i) {
    weighted += p[i] * (x[i] - o);
    x_sum += x[i] - o;
  }
  r->force += area * p_sum / 3 * n;
  r->moment += (area / 12 * (weighted + p_sum * x_sum)).cross(n);
}

Resultant Integrate(const ContactSurface& s) {
  Resultant r;
  const Eigen::Vector3d& c = s.centroid();
  if (s.is_triangle()) {
    const TriangleSurfaceMesh& mesh = s.tri_mesh_W();
    const auto& e = s.tri_e_MN();
    for (int f = 0; f < mesh.num_triangles(); ++f) {
      const auto& t = mesh.element(f);
      AddTriangle({mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2])},
                  {e.EvaluateAtVertex(t[0]), e.EvaluateAtVertex(t[1]), e.EvaluateAtVertex(t[2])},
                  mesh.face_normal(f), mesh.area(f), c, &r);
    }
  } else {
    // A planar polygon is the union of the triangles of its fan from vertex 0,
    // on each of which the pressure is linear.
    const PolygonSurfaceMesh& mesh = s.poly_mesh_W();
    const auto& e = s.poly_e_MN();
    for (int f = 0; f < mesh.num_faces(); ++f) {
      const auto poly = mesh.polygon(f);
      for (size_t k = 1; k + 1 < poly.size(); ++k) {
        const std::array<Eigen::Vector3d, 3> x{mesh.vertex(poly[0]), mesh.vertex(poly[k]),
                                               mesh.vertex(poly[k + 1])};
        const double area = (x[1] - x[0]).cross(x[2] - x[0]).norm() / 2;
        AddTriangle(x,
                    {e.EvaluateAtVertex(poly[0]), e.EvaluateAtVertex(poly[k]),
                     e.EvaluateAtVertex(poly[k + 1])},
                    mesh.face_normal(f), area, c, &r);
      }
    }
  }
  return r;
}

HydroelasticContactRepresentation ParseRepresentation(const std::string& text) {
  if (text == "triangle") return HydroelasticContactRepresentation::kTriangle;
  if (text == "polygon") return HydroelasticContactRepresentation::kPolygon;
  throw UsageError(fmt::format("--representation: '{}' is neither 'triangle' nor 'polygon'", text));
}

HydroelasticRepresentation Represent(const GeometryArg& g, const char* label) {
  try {
    const Progress progress(fmt::format("meshing {} ({})", label, g.spec));
    return MakeHydroelasticRepresentation(g.shape, g.properties);
  } catch (const MeshSizeLimitError& e) {
    // Keeps its type: the tool adds how to raise the limit.
    throw MeshSizeLimitError(fmt::format("geometry {} ('{}'): {}", label, g.spec, e.what()));
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("geometry {} ('{}'): {}", label, g.spec, e.what()));
  }
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed =
      ParseArgs(args, 2, 0,
                {"--representation", "--out", "--repeat", "--png", "--view", "--size", "--max-elements",
                 "--threads"},
                {"--no-normal-filter", "--binary"});
  ApplyMaxElements(parsed);
  const std::optional<PictureRequest> picture = ParsePictureRequest(parsed);
  int repeat = 0;
  if (const auto it = parsed.options.find("--repeat"); it != parsed.options.end()) {
    const double n = ParseDouble(it->second, "--repeat");
    if (!(n >= 1 && n <= 1e6) || n != std::floor(n)) {
      throw UsageError(fmt::format("--repeat: '{}' is not a whole number in [1, 1e6]", it->second));
    }
    repeat = int(n);
  }
  const std::optional<VtkOutput> vtk_output = ParseVtkOutput(parsed);
  const auto representation_option = parsed.options.find("--representation");
  const HydroelasticContactRepresentation representation =
      representation_option == parsed.options.end()
          ? HydroelasticContactRepresentation::kTriangle
          : ParseRepresentation(representation_option->second);
  ContactSurfaceOptions options;
  options.normal_filter = parsed.flags.count("--no-normal-filter") == 0;
  int threads = 1;
  if (const auto it = parsed.options.find("--threads"); it != parsed.options.end()) {
    const double n = ParseDouble(it->second, "--threads");
    static_assert(kMaxThreads == 256, "the help above names the bound");
    if (!(n >= 1 && n <= kMaxThreads) || n != std::floor(n)) {
      throw UsageError(
          fmt::format("--threads: '{}' is not a whole number in [1, {}]", it->second, kMaxThreads));
    }
    threads = int(n);
  }
  // The pool is started once, before any timing, as a plant's owner would.
  ThreadPool pool;
  pool.Reserve(threads - 1);
  const ThreadPoolExecutor executor(pool, threads);
  if (threads > 1) options.executor = &executor;

  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  const HydroelasticRepresentation rep_A = Represent(a, "A");
  const HydroelasticRepresentation rep_B = Represent(b, "B");
  // A is registered first, so it has the smaller id (and is M).
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();

  auto compute = [&] {
    return ComputeContactSurface(id_A, rep_A, a.X_WG, id_B, rep_B, b.X_WG, representation,
                                 options);
  };
  // An incompatible pair throws here, before any timing; the message names
  // the ids, which the user knows as A and B.
  std::optional<ContactSurface> surface;
  double first_us = 0;
  try {
    const Progress progress("computing the contact surface");
    const auto start = std::chrono::steady_clock::now();
    surface = compute();
    first_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                   .count();
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("A ('{}', {}) and B ('{}', {}): {}", a.spec,
                                 id_A.to_string(), b.spec, id_B.to_string(), e.what()));
  }

  // Timing repetitions only when asked for: a large pair can take seconds.
  std::vector<double> times_us{first_us};
  if (repeat > 0) times_us.clear();
  const Progress progress(fmt::format("timing {} repetitions", repeat), std::chrono::seconds(1), repeat > 0 && StderrIsTerminal());
  for (int k = 0; k < repeat; ++k) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<ContactSurface> again = compute();
    const auto stop = std::chrono::steady_clock::now();
    times_us.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
  }
  std::nth_element(times_us.begin(), times_us.begin() + times_us.size() / 2, times_us.end());
  const double median_us = times_us[times_us.size() / 2];

  Json out = Json::MakeObject();
  out.Set("num_faces", surface ? surface->num_faces() : 0);
  out.Set("num_vertices", surface ? surface->num_vertices() : 0);
  out.Set("total_area", surface ? surface->total_area() : 0.0);
  if (surface) {
    const Resultant r = Integrate(*surface);
    const std::vector<double>& p =
        surface->is_triangle() ? surface->tri_e_MN().values() : surface->poly_e_MN().values();
    const auto [p_min, p_max] = std::minmax_element(p.begin(), p.end());
    out.Set("centroid", Json(surface->centroid()));
    out.Set("force", Json(r.force));
    out.Set("moment", Json(r.moment));
    out.Set("pressure", Json::MakeObject().Set("min", *p_min).Set("max", *p_max));
    out.Set("m_is", surface->id_M() == id_A ? "A" : "B");
  } else {
    out.Set("centroid", Json());
    out.Set("force", Json(Eigen::Vector3d::Zero().eval()));
    out.Set("moment", Json(Eigen::Vector3d::Zero().eval()));
    out.Set("pressure", Json());
    out.Set("m_is", id_A < id_B ? "A" : "B");
  }
  out.Set("representation", to_string(representation));
  out.Set("normal_filter", options.normal_filter);
  out.Set("time_us", median_us);
  out.Set("repeat", repeat);
  // Both files are made first and written together, all or nothing: a
  // picture that cannot be written leaves no surface file behind.
  std::string vtk, png;
  std::vector<internal::FileContents> files;
  if (vtk_output) {
    vtk = WriteContactSurfaceVtkString(surface ? &*surface : nullptr, vtk_output->encoding);
    files.push_back({vtk_output->file, vtk, "VTK file"});
    out.Set("out", vtk_output->file);
  }
  if (picture) {
    png = ContactPicturePng(*picture, {{&rep_A, a.X_WG}, {&rep_B, b.X_WG}},
                            surface ? std::vector<const ContactSurface*>{&*surface}
                                    : std::vector<const ContactSurface*>{});
    files.push_back({picture->file, png, "PNG file"});
    out.Set("png", picture->file);
  }
  internal::WriteFilesAtomically(files);
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg(
    "surface", Command{"the hydroelastic contact surface of two geometries",
                       Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
