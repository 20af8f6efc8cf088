// `hydrocontact simulate scene.json`: steps the example plant (tools/plant)
// on a scene file and prints one JSON summary; writes a trajectory (JSON
// Lines) and, with --out-dir, the contact surfaces as a VTK series with a
// ParaView .pvd collection.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "mesh/text_file.h"
#include "mesh/vtk_writer.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"
#include "tools/cli/output_options.h"
#include "tools/cli/picture_layers.h"
#include "tools/cli/scene_file.h"
#include "tools/plant/plant.h"

namespace hydrocontact::cli {
namespace {

namespace fs = std::filesystem;

std::string Help() {
  return R"(usage: hydrocontact simulate SCENE.json [--steps N] [--dt h] [--out-dir DIR]
                            [--trajectory FILE] [--png FILE.png [--view V] [--size WxH]]

Steps free rigid bodies on the contact queries (the example plant of
tools/plant: hydroelastic surfaces for pairs with a compliant side, contact
patches (each point at its own depth, sharing the point stiffness) or point
pairs for rigid pairs, Hunt-Crossley dissipation, regularized Coulomb
friction, semi-implicit Euler with a fixed step).

The scene file (JSON):
  {"gravity": [gx, gy, gz], "dt": h, "steps": N, "bodies": [...], "fixed": [...]}
  each body: {"name", "shape" (a geometry spec as for the other commands, e.g.
    "box:0.1,0.1,0.1", "sphere:0.05", or a mesh or height field file relative
    to the scene),
    "pose": [x, y, z, roll, pitch, yaw] (m, rad), "velocity": [wx, wy, wz, vx,
    vy, vz] (of the shape's origin, in W), "density" (kg/m^3), "compliant"
    (bool, default false), "modulus" (Pa, default 1e7), "resolution" (m),
    "dissipation" (s/m), "friction": [static, dynamic]; a pair where only
    one side gives dissipation or friction takes that side's, and 0 when
    neither does}
  each fixed geometry: the same without velocity and density.
  Optional: per geometry "scale" (mesh files only), "stiffness" (N/m, point
  contact), "slab" (m);
  at the top "threads", "output_every" (default 10), "rigid_contact" ("patch"
  or "point"), "representation" ("polygon" or "triangle"), "stiction_speed"
  (m/s, default 0.01).

Options:
  --steps N          overrides the scene's steps
  --dt h             overrides the scene's dt (s)
  --out-dir DIR      writes the contact surfaces of every output step as
                     DIR/contact_NNNNNN.vtk (POLYDATA with "pressure") and
                     DIR/contact.pvd (the ParaView collection), and the
                     trajectory to DIR/trajectory.jsonl unless --trajectory
  --trajectory FILE  the trajectory file (default trajectory.jsonl in the
                     out-dir, else in the current directory)
  --png FILE.png     also draw the final state: the contact surfaces coloured
                     by pressure (colour bar in Pa) inside the translucent
                     bodies and fixed geometries (a half-space as a patch of
                     its plane; geometries without a hydroelastic
                     representation are not drawn)
  --view V           the picture's view: iso (default), top, front, side, or
                     AZ,EL in degrees (azimuth about z from +x, elevation)
  --size WxH         the picture's size in pixels (default 800x600)

Trajectory: one JSON object per output step (step 0 and every output_every):
  {"step", "t", "contacts", "bodies": [{"name", "pose", "velocity"}]}

Output (stdout):
  steps, dt            as run
  time_per_step_us     wall time per step (µs), queries and forces included
  query_share          the fraction of that spent in the contact queries
  final                per body (by name): pose [x, y, z, roll, pitch, yaw],
                       velocity [wx, wy, wz, vx, vy, vz] (of the origin, in W)
  max_contacts         the largest number of contacts (surfaces, patches or
                       point pairs) in a step
  energy               {"initial", "final"}: kinetic + gravitational (J)
  watched_from         when the divergence watch (below) took its reference
                       (s): the first step without contact; null if every
                       step had contact, so the run was not watched
  trajectory           the trajectory file

On bad input prints one line on stderr (naming the file and key) and exits 2.
A run that diverges (dt too large for the contacts) stops the same way: once
the scene has been free of contact, its kinetic + gravitational energy can
only fall, and a step that raises it beyond the energy to lift every body by
its own size plus half of what went through the contacts is refused, naming
the energies, dt and the most energetic body; the trajectory so far is kept.
)";
}

Json PoseJson(const RigidTransform& X) {
  const Eigen::Vector3d rpy = RollPitchYaw(X.rotation());
  const Eigen::Vector3d& p = X.translation();
  return Json(Json::Array{Json(p.x()), Json(p.y()), Json(p.z()), Json(rpy.x()), Json(rpy.y()), Json(rpy.z())});
}

Json VelocityJson(const SpatialVelocity& V) {
  return Json(Json::Array{Json(V.w_W.x()), Json(V.w_W.y()), Json(V.w_W.z()), Json(V.v_W.x()), Json(V.v_W.y()),
                          Json(V.v_W.z())});
}

// All contact surfaces of a step as one polygon mesh with the pressure per
// vertex (patches and point pairs carry no pressure field and are left out).
void WriteContactFrame(const fs::path& file, const std::vector<ContactSurface>& surfaces) {
  std::vector<int> face_data;
  std::vector<Eigen::Vector3d> vertices;
  std::vector<double> pressure;
  for (const ContactSurface& s : surfaces) {
    const int offset = static_cast<int>(vertices.size());
    if (s.is_triangle()) {
      const TriangleSurfaceMesh& mesh = s.tri_mesh_W();
      for (int v = 0; v < mesh.num_vertices(); ++v) {
        vertices.push_back(mesh.vertex(v));
        pressure.push_back(s.tri_e_MN().EvaluateAtVertex(v));
      }
      for (int f = 0; f < mesh.num_elements(); ++f) {
        face_data.push_back(3);
        for (int i : mesh.element(f)) face_data.push_back(offset + i);
      }
    } else {
      const PolygonSurfaceMesh& mesh = s.poly_mesh_W();
      for (int v = 0; v < mesh.num_vertices(); ++v) {
        vertices.push_back(mesh.vertex(v));
        pressure.push_back(s.poly_e_MN().EvaluateAtVertex(v));
      }
      for (int f = 0; f < mesh.num_faces(); ++f) {
        face_data.push_back(mesh.num_polygon_vertices(f));
        for (int i : mesh.polygon(f)) face_data.push_back(offset + i);
      }
    }
  }
  const PolygonSurfaceMesh mesh(std::move(face_data), std::move(vertices));
  WriteVtkSurface(file, mesh, {VtkPointScalar{"pressure", &pressure}});
}

// The scene's plant. Its refusals name the body or key; the line names the
// scene too. (Returned as a prvalue: a Plant is neither copied nor moved.)
plant::Plant MakePlant(const Scene& scene, const fs::path& scene_file) {
  try {
    return plant::Plant(scene.bodies, scene.fixed, scene.settings);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", scene_file.string(), e.what()));
  }
}

// Whether `name` is that of a frame the --out-dir receives,
// contact_<step, six digits or more>.vtk.
bool IsFrameName(const std::string& name) {
  const std::string prefix = "contact_", suffix = ".vtk";
  if (name.size() < prefix.size() + 6 + suffix.size()) return false;
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  if (name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) return false;
  const auto digits = std::string_view(name).substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Refuses outputs that would overwrite one another: the trajectory, the
// picture, and the --out-dir's frames and series file. (The picture's .png
// name cannot be a frame's or the series'.)
void RequireDistinctOutputs(const fs::path& trajectory, const std::optional<fs::path>& out_dir,
                            const std::string* png) {
  if (png != nullptr && internal::IsSameFile(trajectory, *png)) {
    throw UsageError(fmt::format("--trajectory and --png name the same file '{}'", *png));
  }
  if (!out_dir || !internal::IsSameFile(trajectory.parent_path().empty() ? "." : trajectory.parent_path(),
                                        *out_dir)) {
    return;
  }
  const std::string name = trajectory.filename().string();
  if (name == "contact.pvd" || IsFrameName(name)) {
    throw UsageError(fmt::format(
        "--trajectory: '{}' is where --out-dir writes its {}; name the trajectory otherwise",
        trajectory.string(), name == "contact.pvd" ? "series file" : "contact frames"));
  }
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed =
      ParseArgs(args, 0, 1, {"--steps", "--dt", "--out-dir", "--trajectory", "--png", "--view", "--size"}, {});
  const std::optional<PictureRequest> picture = ParsePictureRequest(parsed);
  const fs::path scene_file = parsed.positionals[0];
  Scene scene = ReadScene(scene_file);
  if (parsed.options.count("--steps")) {
    const double n = ParseDouble(parsed.options.at("--steps"), "--steps");
    if (n != std::floor(n) || n < 0 || n > 1e9) {
      throw UsageError(fmt::format("--steps: must be an integer >= 0, got '{}'", parsed.options.at("--steps")));
    }
    scene.steps = static_cast<int>(n);
  }
  if (parsed.options.count("--dt")) {
    scene.settings.dt = ParseDouble(parsed.options.at("--dt"), "--dt");
    if (!(scene.settings.dt > 0)) throw UsageError(fmt::format("--dt: must be positive, got {}", scene.settings.dt));
  }
  // The plant first: a scene it refuses leaves no file or folder behind;
  // nor does a trajectory that could not be written.
  plant::Plant plant = MakePlant(scene, scene_file);
  std::optional<fs::path> out_dir;
  if (parsed.options.count("--out-dir")) out_dir = parsed.options.at("--out-dir");
  fs::path trajectory_file = out_dir ? *out_dir / "trajectory.jsonl" : fs::path("trajectory.jsonl");
  if (parsed.options.count("--trajectory")) trajectory_file = parsed.options.at("--trajectory");
  RequireDistinctOutputs(trajectory_file, out_dir, picture ? &picture->file : nullptr);
  // A trajectory inside the --out-dir still to be created is checked once
  // that folder exists; any other, before anything is created.
  const bool in_new_out_dir = out_dir && !fs::exists(*out_dir) &&
                              internal::IsSameFile(trajectory_file.parent_path(), *out_dir);
  if (!in_new_out_dir) RequireWritableLocation("--trajectory", trajectory_file);
  if (out_dir) {
    std::error_code ec;
    fs::create_directories(*out_dir, ec);
    if (ec || !fs::is_directory(*out_dir)) {
      throw UsageError(fmt::format("--out-dir: cannot create '{}'", out_dir->string()));
    }
    RequireWritableLocation("--out-dir", *out_dir / "contact.pvd");
  }
  if (in_new_out_dir) RequireWritableLocation("--trajectory", trajectory_file);
  std::ofstream trajectory(trajectory_file);
  if (!trajectory) throw UsageError(fmt::format("--trajectory: cannot write '{}'", trajectory_file.string()));
  const double initial_energy = plant.CalcEnergy();
  std::vector<std::pair<double, std::string>> frames;
  auto output = [&](int step) {
    Json line = Json::MakeObject();
    line.Set("step", step).Set("t", plant.time()).Set("contacts", plant.num_contacts());
    Json bodies = Json::MakeArray();
    for (int i = 0; i < plant.num_bodies(); ++i) {
      const plant::BodyState s = plant.body_state(i);
      Json body = Json::MakeObject();
      body.Set("name", plant.body_name(i)).Set("pose", PoseJson(s.X_WG)).Set("velocity", VelocityJson(s.V_WG));
      bodies.Push(std::move(body));
    }
    line.Set("bodies", std::move(bodies));
    trajectory << line.Dump(0);
    if (out_dir) {
      const std::string name = fmt::format("contact_{:06d}.vtk", step);
      WriteContactFrame(*out_dir / name, plant.surfaces());
      frames.emplace_back(plant.time(), name);
    }
  };
  output(0);
  int max_contacts = 0;
  for (int k = 1; k <= scene.steps; ++k) {
    plant.Step();
    max_contacts = std::max(max_contacts, plant.num_contacts());
    if (k % scene.output_every == 0) output(k);
  }
  if (!trajectory.flush()) throw UsageError(fmt::format("cannot write '{}'", trajectory_file.string()));
  // The series file and the picture, written together, all or nothing.
  std::string pvd, png;
  std::vector<internal::FileContents> files;
  if (out_dir) {
    pvd = "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n  <Collection>\n";
    for (const auto& [t, name] : frames) {
      pvd += fmt::format("    <DataSet timestep=\"{}\" group=\"\" part=\"0\" file=\"{}\"/>\n", t, name);
    }
    pvd += "  </Collection>\n</VTKFile>\n";
    files.push_back({*out_dir / "contact.pvd", pvd, "VTK series file"});
  }
  if (picture) {
    const SceneGraph& scene_graph = plant.scene_graph();
    std::vector<PosedRepresentation> drawn;
    for (const GeometryId id : scene_graph.GetAllGeometryIds()) {
      const GeometryState& g = scene_graph.geometry(id);
      if (g.representation == nullptr || std::holds_alternative<std::monostate>(*g.representation)) continue;
      drawn.push_back({g.representation.get(), scene_graph.GetPoseInWorld(id)});
    }
    std::vector<const ContactSurface*> surfaces;
    for (const ContactSurface& s : plant.surfaces()) surfaces.push_back(&s);
    png = ContactPicturePng(*picture, drawn, surfaces);
    files.push_back({picture->file, png, "PNG file"});
  }
  internal::WriteFilesAtomically(files);

  Json out = Json::MakeObject();
  out.Set("scene", scene_file.string()).Set("steps", scene.steps).Set("dt", scene.settings.dt);
  out.Set("time_per_step_us", scene.steps > 0 ? 1e6 * plant.step_seconds() / scene.steps : 0.0);
  out.Set("query_share", plant.step_seconds() > 0 ? plant.query_seconds() / plant.step_seconds() : 0.0);
  Json final_state = Json::MakeObject();
  for (int i = 0; i < plant.num_bodies(); ++i) {
    const plant::BodyState s = plant.body_state(i);
    final_state.Set(plant.body_name(i),
                    Json::MakeObject().Set("pose", PoseJson(s.X_WG)).Set("velocity", VelocityJson(s.V_WG)));
  }
  out.Set("final", std::move(final_state));
  out.Set("max_contacts", max_contacts);
  out.Set("energy", Json::MakeObject().Set("initial", initial_energy).Set("final", plant.CalcEnergy()));
  const std::optional<double> watched_from = plant.energy_watch_since();
  out.Set("watched_from", watched_from ? Json(*watched_from) : Json(nullptr));
  out.Set("trajectory", trajectory_file.string());
  if (out_dir) out.Set("vtk_series", (*out_dir / "contact.pvd").string());
  if (picture) out.Set("png", picture->file);
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("simulate", Command{"step rigid bodies on the contact queries (a scene file)", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
