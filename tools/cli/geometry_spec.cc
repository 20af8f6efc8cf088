#include "tools/cli/geometry_spec.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "mesh/height_field_io.h"
#include "mesh/mesh_file.h"
#include "proximity/representation/make_mesh_common.h"
#include "geometry/supported_range.h"
#include "tools/cli/command.h"

namespace hydrocontact::cli {
namespace {

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return parts;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// The per-geometry options, without their suffix; true when followed by a value.
const std::map<std::string, bool>& GeometryOptions() {
  static const std::map<std::string, bool> options{
      {"--pose", true},   {"--rigid", false}, {"--compliant", false}, {"--convex", false}, {"--modulus", true},
      {"--resolution", true}, {"--margin", true}, {"--slab", true},   {"--scale", true}};
  return options;
}

struct PendingGeometryOptions {
  std::map<std::string, std::string> values;  // option (unsuffixed) → value ("" for flags)
};

}  // namespace

std::vector<double> ParseNumbers(const std::string& text, const std::string& what) {
  std::vector<double> values;
  for (const std::string& part : SplitCommas(text)) values.push_back(ParseDouble(part, what));
  return values;
}

double ParseDouble(const std::string& text, const std::string& what) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(begin, &end);
  // strtod also reads hexadecimal ("0x10" is 16); numbers here are
  // decimal, as in every file the tool reads.
  const bool decimal = text.find_first_of("xX") == std::string::npos;
  // strtod skips leading blanks; a blank is no part of a number, before it
  // or after it (" 800" is refused as "800 " is).
  const bool blank_first = !text.empty() && std::isspace(static_cast<unsigned char>(text[0]));
  if (text.empty() || end != begin + text.size() || !decimal || blank_first) {
    throw UsageError(fmt::format("{}: '{}' is not a number", what, text));
  }
  // ERANGE also flags underflow (1e-320 is a subnormal, 1e-400 rounds to 0):
  // those are finite numbers, which the parameter's own range check judges.
  if (!std::isfinite(value)) {
    throw UsageError(fmt::format("{}: '{}' is not a finite number", what, text));
  }
  return value;
}

double ParseAngle(const std::string& text, const std::string& what) {
  constexpr std::string_view kDeg = "deg";
  if (text.size() > kDeg.size() && text.compare(text.size() - kDeg.size(), kDeg.size(), kDeg) == 0) {
    return ParseDouble(text.substr(0, text.size() - kDeg.size()), what) * (M_PI / 180);
  }
  return ParseDouble(text, what);
}

Eigen::Vector3d ParseVector3(const std::string& text, const std::string& what) {
  const std::vector<double> v = ParseNumbers(text, what);
  if (v.size() != 3) {
    throw UsageError(fmt::format("{}: expected three comma-separated numbers x,y,z, got '{}'", what, text));
  }
  return {v[0], v[1], v[2]};
}

std::string ResolveSpecFile(const std::string& spec, const std::filesystem::path& base_dir) {
  constexpr std::string_view kHeightField = "heightfield:";
  auto resolve = [&](const std::string& file) {
    return std::filesystem::path(file).is_relative() ? (base_dir / file).string() : file;
  };
  if (Lower(spec.substr(0, kHeightField.size())) == kHeightField) {
    return std::string(kHeightField) + resolve(spec.substr(kHeightField.size()));
  }
  return IsSupportedMeshFile(spec) ? resolve(spec) : spec;
}

Shape ParseShapeSpec(const std::string& spec, double scale) {
  const size_t colon = spec.find(':');
  const std::string kind = Lower(spec.substr(0, colon));
  auto params = [&](size_t count) {
    if (colon == std::string::npos) {
      throw UsageError(fmt::format("geometry '{}': {} needs {} size(s) after ':'", spec, kind, count));
    }
    const std::vector<double> v = ParseNumbers(spec.substr(colon + 1), fmt::format("geometry '{}'", spec));
    if (v.size() != count) {
      throw UsageError(fmt::format("geometry '{}': {} takes {} comma-separated size(s), got {}", spec,
                                   kind, count, v.size()));
    }
    return v;
  };
  try {
    if (kind == "sphere") return Sphere(params(1)[0]);
    if (kind == "box") {
      const auto v = params(3);
      return Box(v[0], v[1], v[2]);
    }
    if (kind == "cylinder") {
      const auto v = params(2);
      return Cylinder(v[0], v[1]);
    }
    if (kind == "capsule") {
      const auto v = params(2);
      return Capsule(v[0], v[1]);
    }
    if (kind == "ellipsoid") {
      const auto v = params(3);
      return Ellipsoid(v[0], v[1], v[2]);
    }
    if (kind == "torus") {
      const auto v = params(2);
      return Torus(v[0], v[1]);
    }
    if (kind == "heightfield") {
      if (colon == std::string::npos || colon + 1 == spec.size()) {
        throw UsageError(fmt::format(
            "geometry '{}': heightfield needs a file after ':' (heightfield:FILE)", spec));
      }
      try {
        return ReadHeightFieldFile(spec.substr(colon + 1));
      } catch (const std::runtime_error& e) {
        throw UsageError(fmt::format("geometry '{}': {}", spec, e.what()));
      }
    }
    if (kind == "halfspace") {
      if (colon != std::string::npos) {
        throw UsageError(fmt::format("geometry '{}': halfspace takes no parameters", spec));
      }
      return HalfSpace();
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("geometry '{}': {}", spec, e.what()));
  }
  const std::string extension = LowercaseExtension(spec);
  if (IsSupportedMeshFile(spec)) return Mesh(spec, scale);
  throw UsageError(fmt::format(
      "geometry '{}': not a primitive (sphere:R, box:X,Y,Z, cylinder:R,L, capsule:R,L, "
      "ellipsoid:A,B,C, torus:R,r, heightfield:FILE, halfspace) nor a mesh file ({})",
      spec, SupportedMeshFileExtensions()));
}

std::string TakeOptionValue(const std::vector<std::string>& args, size_t* i,
                            const std::string& option) {
  if (*i + 1 >= args.size()) throw UsageError(fmt::format("option {} needs a value", option));
  const std::string& value = args[*i + 1];
  if (value.rfind("--", 0) == 0) {
    throw UsageError(
        fmt::format("option {} needs a value, but is followed by the option '{}'", option, value));
  }
  return args[++*i];
}

ParsedArgs ParseArgs(const std::vector<std::string>& args, int num_geometries,
                     int num_extra_positionals, const std::set<std::string>& value_options,
                     const std::set<std::string>& flag_options) {
  static const char* kSuffixes[] = {"-a", "-b"};
  ParsedArgs parsed;
  std::vector<std::string> positionals;
  std::vector<PendingGeometryOptions> pending(num_geometries);

  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::optional<std::string> inline_value;
    if (arg.rfind("--", 0) == 0) {
      const size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        inline_value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    auto take_value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      return TakeOptionValue(args, &i, arg);
    };
    // Negative numbers (e.g. a point "-1,0,0") are positionals, not options.
    const bool looks_like_option =
        arg.size() > 1 && arg[0] == '-' && !(std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.');
    if (!looks_like_option) {
      positionals.push_back(arg);
      continue;
    }
    // An option given twice is refused: keeping one of the two silently
    // (a pose typed again to correct it, or a leftover) runs a query the
    // user did not mean.
    auto refuse_repeat = [&](bool seen) {
      if (seen) throw UsageError(fmt::format("option {} is given more than once", arg));
    };
    if (value_options.count(arg)) {
      refuse_repeat(parsed.options.count(arg) > 0);
      parsed.options[arg] = take_value();
      continue;
    }
    if (flag_options.count(arg)) {
      if (inline_value) throw UsageError(fmt::format("option {} takes no value", arg));
      refuse_repeat(parsed.flags.count(arg) > 0);
      parsed.flags.insert(arg);
      continue;
    }
    // Per-geometry option: find its geometry by suffix.
    int geometry = -1;
    std::string base = arg;
    for (int g = 0; g < num_geometries; ++g) {
      const std::string suffix = kSuffixes[g];
      if (arg.size() > suffix.size() && arg.compare(arg.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const std::string candidate = arg.substr(0, arg.size() - suffix.size());
        if (GeometryOptions().count(candidate)) {
          geometry = g;
          base = candidate;
        }
      }
    }
    if (geometry < 0 && num_geometries == 1 && GeometryOptions().count(arg)) geometry = 0;
    if (geometry < 0) throw UsageError(fmt::format("unknown option '{}' (see --help)", arg));
    const bool has_value = GeometryOptions().at(base);
    if (!has_value && inline_value) throw UsageError(fmt::format("option {} takes no value", arg));
    refuse_repeat(pending[geometry].values.count(base) > 0);
    pending[geometry].values[base] = has_value ? take_value() : std::string();
  }

  const size_t expected = size_t(num_geometries + num_extra_positionals);
  if (positionals.size() != expected) {
    throw UsageError(fmt::format("expected {} positional argument(s), got {}{}", expected,
                                 positionals.size(),
                                 positionals.size() > expected
                                     ? fmt::format(" (unexpected '{}')", positionals[expected])
                                     : std::string()));
  }

  for (int g = 0; g < num_geometries; ++g) {
    const auto& opts = pending[g].values;
    const std::string label = num_geometries == 1 ? "" : kSuffixes[g];
    auto name = [&](const char* base) { return std::string(base) + label; };
    GeometryArg geometry;
    geometry.spec = positionals[g];
    const double scale = opts.count("--scale") ? ParseDouble(opts.at("--scale"), name("--scale")) : 1.0;
    if (!(scale > 0)) throw UsageError(fmt::format("{}: the scale must be positive, got {}", name("--scale"), scale));
    geometry.shape = ParseShapeSpec(geometry.spec, scale);
    for (const char* file_option : {"--scale", "--convex"}) {
      if (opts.count(file_option) && !std::holds_alternative<Mesh>(geometry.shape)) {
        throw UsageError(fmt::format("{} applies to files only, not '{}'", name(file_option), geometry.spec));
      }
    }
    if (opts.count("--convex")) {
      const Mesh& mesh = std::get<Mesh>(geometry.shape);
      geometry.shape = Convex(mesh.file(), mesh.scale());
    }
    if (opts.count("--rigid") && opts.count("--compliant")) {
      throw UsageError(fmt::format("{} and {} are exclusive", name("--rigid"), name("--compliant")));
    }
    // A surface file is rigid unless asked otherwise; its convex hull
    // (--convex) may be either and defaults, like the primitives, to
    // compliant.
    const bool is_surface_mesh = std::holds_alternative<Mesh>(geometry.shape) &&
                                 !MeshFileHoldsVolume(std::get<Mesh>(geometry.shape).file());
    // A height field (terrain) is rigid by default too.
    const bool is_height_field = std::holds_alternative<HeightField>(geometry.shape);
    const bool rigid = opts.count("--rigid") ||
                       ((is_surface_mesh || is_height_field) && !opts.count("--compliant"));
    ProximityProperties& p = geometry.properties;
    try {
      p.set_compliance(rigid ? Compliance::kRigid : Compliance::kCompliant);
      if (opts.count("--modulus")) p.set_hydroelastic_modulus(ParseDouble(opts.at("--modulus"), name("--modulus")));
      if (opts.count("--resolution")) p.set_resolution_hint(ParseDouble(opts.at("--resolution"), name("--resolution")));
      if (opts.count("--margin")) p.set_margin(ParseDouble(opts.at("--margin"), name("--margin")));
      if (opts.count("--slab")) p.set_slab_thickness(ParseDouble(opts.at("--slab"), name("--slab")));
      if (opts.count("--pose")) {
        const std::vector<std::string> parts = SplitCommas(opts.at("--pose"));
        if (parts.size() != 6) {
          throw UsageError(fmt::format("{}: expected x,y,z,roll,pitch,yaw (6 numbers), got {}",
                                       name("--pose"), parts.size()));
        }
        std::vector<double> v;
        for (size_t i = 0; i < 6; ++i) {
          v.push_back(i < 3 ? ParseDouble(parts[i], name("--pose")) : ParseAngle(parts[i], name("--pose")));
        }
        static constexpr const char* kAngles[3] = {"roll", "pitch", "yaw"};
        for (int i = 0; i < 3; ++i) {
          internal::RequireInRange(name("--pose"), kAngles[i], v[3 + i], -kMaxAngle, kMaxAngle, "rad");
        }
        internal::RequireCoordinates(name("--pose"), "translation", {v[0], v[1], v[2]});
        geometry.X_WG = RigidTransform::FromRollPitchYaw({v[3], v[4], v[5]}, {v[0], v[1], v[2]});
      }
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("geometry '{}': {}", geometry.spec, e.what()));
    }
    parsed.geometries.push_back(std::move(geometry));
  }
  parsed.positionals.assign(positionals.begin() + num_geometries, positionals.end());
  return parsed;
}

void ApplyMaxElements(const ParsedArgs& parsed) {
  const auto it = parsed.options.find("--max-elements");
  if (it == parsed.options.end()) return;
  const double n = ParseDouble(it->second, "--max-elements");
  if (!(n >= 1 && n <= 1e9) || n != std::floor(n)) {
    throw UsageError(fmt::format("--max-elements: '{}' is not a whole number in [1, 1e9]", it->second));
  }
  SetMaxMeshElements(n);
}

std::string MaxElementsHelp() {
  return fmt::format(
      "  --max-elements N     the most tetrahedra (compliant) or triangles (rigid) a\n"
      "                       mesh may have (default {:g}; about 2e6 tetrahedra take a\n"
      "                       few hundred MB); a finer request is refused up front\n",
      kMaxMeshElements);
}

std::string GeometryArgumentsHelp(int num_geometries) {
  const std::string s = num_geometries == 1 ? "" : "-a";
  std::string text =
      "\nGeometry specs (sizes in metres, in the geometry's frame G):\n"
      "  path/file.obj|.stl|.ply   closed triangle surface mesh (rigid by default;\n"
      "                      --compliant tetrahedralizes it, --resolution setting the\n"
      "                      lattice spacing; --convex for its hull); a .vtk POLYDATA is a\n"
      "                      surface too\n"
      "  path/file.vtk|.vtu|.msh  tetrahedral volume mesh (legacy VTK UNSTRUCTURED_GRID,\n"
      "                      VTK XML .vtu uncompressed, gmsh 2.2/4.1; compliant by default)\n"
      "  sphere:R            sphere of radius R centred at G's origin\n"
      "  box:X,Y,Z           box with full edge lengths X, Y, Z, centred\n"
      "  cylinder:R,L        cylinder of radius R and length L along z, centred\n"
      "  capsule:R,L         cylinder R, L along z with hemispherical caps\n"
      "  ellipsoid:A,B,C     ellipsoid with semi-axes A, B, C\n"
      "  torus:R,r           torus about z: tube radius r around a circle of radius R > r\n"
      "  heightfield:FILE    height field: a solid under a smooth (bicubic Catmull-Rom,\n"
      "                      C1) surface z = h(x, y) through a grid of heights, over a\n"
      "                      rectangle centred on z, down to a flat bottom 'thickness'\n"
      "                      below the lowest sample, with vertical sides; rigid by\n"
      "                      default. FILE is text: a header line 'nx ny dx dy\n"
      "                      thickness' (sample counts >= 2, cell sizes and thickness\n"
      "                      in m), then ny rows of nx heights in m (row j at\n"
      "                      y = -(ny-1)dy/2 + j dy, values from x = -(nx-1)dx/2 up);\n"
      "                      numbers separated by spaces, tabs or commas; '#' starts a\n"
      "                      comment. --resolution sets the tessellation edge (default\n"
      "                      min(dx, dy)/2)\n"
      "  halfspace           the half-space z <= 0 of G\n"
      "Primitives are compliant by default.\n\n";
  text += num_geometries == 1
              ? "Geometry options (the suffix -a is optional):\n"
              : "Geometry options, suffixed -a (first geometry) or -b (second):\n";
  text += fmt::format(
      "  --pose{0} x,y,z,roll,pitch,yaw   X_WG: translation (m), then roll, pitch, yaw in\n"
      "                                  radians, or degrees with a 'deg' suffix (90deg),\n"
      "                                  R = Rz(yaw)*Ry(pitch)*Rx(roll); default identity\n"
      "  --rigid{0} | --compliant{0}       hydroelastic compliance\n"
      "  --convex{0}                       use the convex hull of a file's vertices (Convex shape)\n"
      "  --modulus{0} E                    hydroelastic modulus (Pa), default 1e7\n"
      "  --resolution{0} h                 target edge length (m), default a fifth of the\n"
      "                                  shape's smallest dimension\n"
      "  --margin{0} d                     margin (m), default 0\n"
      "  --slab{0} t                       half-space slab thickness (m), default 1\n"
      "  --scale{0} s                      uniform scale of a file's vertices, default 1\n",
      s);
  return text;
}

Json BoundingBoxJson(const Aabb& box) {
  Json j = Json::MakeObject();
  j.Set("min", Json(box.min));
  j.Set("max", Json(box.max));
  return j;
}

}  // namespace hydrocontact::cli
