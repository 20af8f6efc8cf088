#include "tools/cli/scene_file.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "geometry/thread_pool.h"
#include "mesh/mesh_file.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"

namespace hydrocontact::cli {
namespace {

// Reads the members of one JSON object, naming `path` (e.g. "bodies[1]") in
// every message, and refuses the keys nobody asked for.
class ObjectReader {
 public:
  ObjectReader(const JsonValue& value, std::string source, std::string path)
      : value_(value), source_(std::move(source)), path_(std::move(path)) {
    if (!value.is_object()) Fail(path_, fmt::format("must be an object, got {}", value.type_name()));
  }

  [[noreturn]] void Fail(const std::string& key_path, const std::string& what) const {
    throw UsageError(fmt::format("{}: {}: {}", source_, key_path, what));
  }
  std::string KeyPath(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

  const JsonValue* Get(const std::string& key) {
    read_.insert(key);
    return value_.Find(key);
  }

  double Number(const std::string& key, double fallback) {
    const JsonValue* v = Get(key);
    if (!v) return fallback;
    if (!v->is_number()) Fail(KeyPath(key), fmt::format("must be a number, got {}", v->type_name()));
    return v->as_number();
  }
  double Positive(const std::string& key, double fallback) {
    const double x = Number(key, fallback);
    if (!(x > 0)) Fail(KeyPath(key), fmt::format("must be positive, got {}", x));
    return x;
  }
  double NonNegative(const std::string& key, double fallback) {
    const double x = Number(key, fallback);
    if (!(x >= 0)) Fail(KeyPath(key), fmt::format("must be >= 0, got {}", x));
    return x;
  }
  int Integer(const std::string& key, int fallback, int min, int max = 1000000000) {
    const double x = Number(key, fallback);
    if (x != std::floor(x) || x < min || x > max) {
      Fail(KeyPath(key), fmt::format("must be an integer in [{}, {}], got {}", min, max, x));
    }
    return static_cast<int>(x);
  }
  bool Bool(const std::string& key, bool fallback) {
    const JsonValue* v = Get(key);
    if (!v) return fallback;
    if (!v->is_bool()) Fail(KeyPath(key), fmt::format("must be true or false, got {}", v->type_name()));
    return v->as_bool();
  }
  std::string String(const std::string& key, const std::string& fallback, bool required = false) {
    const JsonValue* v = Get(key);
    if (!v) {
      if (required) Fail(KeyPath(key), "is required");
      return fallback;
    }
    if (!v->is_string()) Fail(KeyPath(key), fmt::format("must be a string, got {}", v->type_name()));
    return v->as_string();
  }
  std::vector<double> Numbers(const std::string& key, size_t count, std::vector<double> fallback) {
    const JsonValue* v = Get(key);
    if (!v) return fallback;
    if (!v->is_array() || v->as_array().size() != count) {
      Fail(KeyPath(key), fmt::format("must be an array of {} numbers", count));
    }
    std::vector<double> out;
    for (const JsonValue& x : v->as_array()) {
      if (!x.is_number()) Fail(KeyPath(key), fmt::format("must be an array of {} numbers", count));
      out.push_back(x.as_number());
    }
    return out;
  }
  const JsonValue::Array* Array(const std::string& key) {
    const JsonValue* v = Get(key);
    if (!v) return nullptr;
    if (!v->is_array()) Fail(KeyPath(key), fmt::format("must be an array, got {}", v->type_name()));
    return &v->as_array();
  }

  /// Refuses every member not read.
  void RefuseUnknown() const {
    for (const auto& [key, v] : value_.as_object()) {
      if (!read_.count(key)) Fail(KeyPath(key), "unknown key");
    }
  }

 private:
  const JsonValue& value_;
  std::string source_;
  std::string path_;
  std::set<std::string> read_;
};

struct GeometryFields {
  std::string name;
  Shape shape{Sphere(1.0)};
  RigidTransform X_WG;
  ProximityProperties properties;
};

GeometryFields ReadGeometry(ObjectReader& r, const std::filesystem::path& base_dir) {
  GeometryFields g;
  g.name = r.String("name", "", true);
  if (g.name.empty()) r.Fail(r.KeyPath("name"), "must not be empty");
  std::string spec = r.String("shape", "", true);
  const bool scaled = r.Get("scale") != nullptr;
  const double scale = r.Positive("scale", 1.0);
  // Files (a mesh's, a height field's) are found from the scene's folder.
  spec = ResolveSpecFile(spec, base_dir);
  if (IsSupportedMeshFile(spec) && !std::filesystem::is_regular_file(spec)) {
    r.Fail(r.KeyPath("shape"), fmt::format("no such file '{}'", spec));
  }
  try {
    g.shape = ParseShapeSpec(spec, scale);
  } catch (const std::exception& e) {
    r.Fail(r.KeyPath("shape"), e.what());
  }
  if (scaled && !std::holds_alternative<Mesh>(g.shape)) {
    r.Fail(r.KeyPath("scale"), fmt::format("applies to mesh files only, not '{}'", spec));
  }
  const std::vector<double> pose = r.Numbers("pose", 6, {0, 0, 0, 0, 0, 0});
  try {
    g.X_WG = RigidTransform::FromRollPitchYaw({pose[3], pose[4], pose[5]}, {pose[0], pose[1], pose[2]});
  } catch (const std::exception& e) {
    r.Fail(r.KeyPath("pose"), e.what());
  }
  const bool compliant = r.Bool("compliant", false);
  const double modulus = r.Positive("modulus", 1e7);
  const JsonValue* resolution = r.Get("resolution");
  // Dissipation and friction are set only when given, so that a pair with
  // one side's value takes it (CombineContactMaterials), as the library's
  // own materials do; absent on both sides, the plant's defaults (0) apply.
  const bool has_dissipation = r.Get("dissipation") != nullptr;
  const double dissipation = r.NonNegative("dissipation", 0);
  const bool has_friction = r.Get("friction") != nullptr;
  const std::vector<double> friction = r.Numbers("friction", 2, {0, 0});
  const JsonValue* stiffness = r.Get("stiffness");
  const JsonValue* slab = r.Get("slab");
  // Each property is set where its key is read, so a message names it.
  auto set = [&](const std::string& key, auto&& apply) {
    try {
      apply();
    } catch (const UsageError&) {
      throw;
    } catch (const std::exception& e) {
      r.Fail(r.KeyPath(key), e.what());
    }
  };
  set("compliant", [&] {
    g.properties = ProximityProperties();
    g.properties.set_compliance(compliant ? Compliance::kCompliant : Compliance::kRigid);
  });
  set("modulus", [&] { g.properties.set_hydroelastic_modulus(modulus); });
  if (resolution) {
    r.Positive("resolution", 1);
    set("resolution", [&] { g.properties.set_resolution_hint(resolution->as_number()); });
  }
  if (slab) {
    r.Positive("slab", 1);
    set("slab", [&] { g.properties.set_slab_thickness(slab->as_number()); });
  }
  ContactMaterial material;
  if (has_dissipation) set("dissipation", [&] { material.set_hunt_crossley_dissipation(dissipation); });
  if (has_friction) {
    set("friction", [&] { material.set_friction(CoulombFriction(friction[0], friction[1])); });
  }
  if (stiffness) {
    r.Positive("stiffness", 1);
    set("stiffness", [&] { material.set_point_contact_stiffness(stiffness->as_number()); });
  }
  g.properties.set_material(material);
  return g;
}

}  // namespace

Eigen::Vector3d RollPitchYaw(const Eigen::Matrix3d& R) {
  // R = Rz(y)·Ry(p)·Rx(r): R(2,0) = −sin p, R(2,1) = cos p·sin r,
  // R(2,2) = cos p·cos r, R(1,0) = sin y·cos p, R(0,0) = cos y·cos p.
  // The pitch from atan2 keeps full precision near ±π/2, where asin would
  // lose half the digits.
  const double cos_pitch = std::hypot(R(0, 0), R(1, 0));
  const double pitch = std::atan2(-R(2, 0), cos_pitch);
  if (cos_pitch < 1e-10) {
    // Gimbal lock: only y ∓ r is defined; take r = 0, then
    // R(0,1) = −sin y, R(1,1) = cos y.
    return {0, pitch, std::atan2(-R(0, 1), R(1, 1))};
  }
  return {std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0))};
}

Scene ParseScene(const JsonValue& root, const std::string& source, const std::filesystem::path& base_dir) {
  ObjectReader top(root, source, "");
  Scene scene;
  const std::vector<double> gravity = top.Numbers("gravity", 3, {0, 0, -9.81});
  scene.settings.gravity_W = Eigen::Vector3d(gravity[0], gravity[1], gravity[2]);
  scene.settings.dt = top.Positive("dt", 1e-3);
  scene.steps = top.Integer("steps", 1000, 0);
  scene.settings.threads = top.Integer("threads", 1, 1, kMaxThreads);
  scene.output_every = top.Integer("output_every", 10, 1);
  scene.settings.defaults.stiction_speed = top.Positive("stiction_speed", 0.01);
  const std::string rigid = top.String("rigid_contact", "patch");
  if (rigid == "patch") {
    scene.settings.rigid_contact = plant::RigidContact::kPatch;
  } else if (rigid == "point") {
    scene.settings.rigid_contact = plant::RigidContact::kPointPair;
  } else {
    top.Fail("rigid_contact", fmt::format("must be \"patch\" or \"point\", got \"{}\"", rigid));
  }
  const std::string representation = top.String("representation", "polygon");
  if (representation == "polygon") {
    scene.settings.representation = HydroelasticContactRepresentation::kPolygon;
  } else if (representation == "triangle") {
    scene.settings.representation = HydroelasticContactRepresentation::kTriangle;
  } else {
    top.Fail("representation", fmt::format("must be \"polygon\" or \"triangle\", got \"{}\"", representation));
  }
  if (const JsonValue::Array* bodies = top.Array("bodies")) {
    for (size_t i = 0; i < bodies->size(); ++i) {
      const std::string path = fmt::format("bodies[{}]", i);
      ObjectReader r((*bodies)[i], source, path);
      GeometryFields g = ReadGeometry(r, base_dir);
      plant::BodySpec body;
      body.name = g.name;
      body.shape = g.shape;
      body.X_WG = g.X_WG;
      body.properties = g.properties;
      const std::vector<double> v = r.Numbers("velocity", 6, {0, 0, 0, 0, 0, 0});
      body.V_WG.w_W = Eigen::Vector3d(v[0], v[1], v[2]);
      body.V_WG.v_W = Eigen::Vector3d(v[3], v[4], v[5]);
      body.density = r.Positive("density", 1000);
      if (std::holds_alternative<HalfSpace>(body.shape)) r.Fail(r.KeyPath("shape"), "a halfspace cannot move (put it in \"fixed\")");
      r.RefuseUnknown();
      scene.bodies.push_back(std::move(body));
    }
  }
  if (const JsonValue::Array* fixed = top.Array("fixed")) {
    for (size_t i = 0; i < fixed->size(); ++i) {
      const std::string path = fmt::format("fixed[{}]", i);
      ObjectReader r((*fixed)[i], source, path);
      GeometryFields g = ReadGeometry(r, base_dir);
      r.RefuseUnknown();
      scene.fixed.push_back({g.name, g.shape, g.X_WG, g.properties});
    }
  }
  top.RefuseUnknown();
  if (scene.bodies.empty()) top.Fail("bodies", "at least one body is needed");
  return scene;
}

Scene ReadScene(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw UsageError(fmt::format("{}: is a folder, not a scene file", file.string()));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw UsageError(fmt::format("{}: cannot open the scene file", file.string()));
  std::stringstream text;
  text << in.rdbuf();
  JsonValue root;
  try {
    root = ParseJson(text.str(), file.string());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return ParseScene(root, file.string(), file.parent_path());
}

}  // namespace hydrocontact::cli
