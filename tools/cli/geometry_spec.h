#pragma once

/// @file
/// Parsing of the tool's geometry arguments (DESIGN.md section 7): a file or
/// a primitive spec per geometry, with per-geometry options suffixed -a / -b.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "geometry/proximity_properties.h"
#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "mesh/aabb.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {

/// One geometry as given on the command line.
struct GeometryArg {
  /// The spec as typed, e.g. "sphere:0.1" or "data/box.vtk".
  std::string spec;
  /// The parsed shape; a file becomes Mesh(file, scale).
  Shape shape{Sphere(1.0)};
  /// Compliance defaults: surface files (.obj, .stl, .ply, POLYDATA .vtk)
  /// rigid; volume files (.vtk, .vtu, .msh), primitives and halfspace compliant. Modulus defaults to 1e7 Pa.
  ProximityProperties properties;
  /// X_WG from --pose-X (identity by default).
  RigidTransform X_WG;
};

/// The arguments of one subcommand.
struct ParsedArgs {
  /// Positional geometry specs in order (A, B).
  std::vector<GeometryArg> geometries;
  /// Positionals after the geometries (e.g. a point "x,y,z").
  std::vector<std::string> positionals;
  /// Command-specific valued options present, by name (e.g. "--out").
  std::map<std::string, std::string> options;
  /// Command-specific flags present (e.g. "--no-normal-filter").
  std::set<std::string> flags;
};

/// Parses a subcommand's arguments: exactly `num_geometries` geometry specs
/// followed by `num_extra_positionals` positionals, per-geometry options
/// (--pose, --rigid, --compliant, --modulus, --resolution, --margin, --slab,
/// --scale) suffixed -a / -b (without suffix when there is one geometry),
/// and the command's own `value_options` (followed by a value) and
/// `flag_options`. Options may appear anywhere; "--opt=value" is accepted.
/// @throws UsageError naming the offending argument.
ParsedArgs ParseArgs(const std::vector<std::string>& args, int num_geometries,
                     int num_extra_positionals, const std::set<std::string>& value_options,
                     const std::set<std::string>& flag_options);

/// The value of the option args[*i] (named `option`), the next argument,
/// advancing *i to it.
/// @throws UsageError if there is no next argument, or if it is itself an
///         option (begins with "--"): `--out --pose-a ...` would otherwise
///         write a file named "--pose-a". (ParseArgs also takes a value
///         inline, "--out=--x", which is how a value that really begins with
///         "--" is given.) Negative numbers ("-0.5") begin with a single
///         dash and are taken.
std::string TakeOptionValue(const std::vector<std::string>& args, size_t* i,
                            const std::string& option);

/// Parses one geometry spec (file or primitive) into a shape.
/// @throws UsageError naming the spec.
Shape ParseShapeSpec(const std::string& spec, double scale);

/// `spec` with the file it names (a mesh file, or the FILE of
/// 'heightfield:FILE') taken relative to `base_dir` when it is relative, as
/// a scene file's specs are; other specs unchanged.
std::string ResolveSpecFile(const std::string& spec, const std::filesystem::path& base_dir);

/// "a,b,c,..." → numbers (any count). @throws UsageError naming `what`.
std::vector<double> ParseNumbers(const std::string& text, const std::string& what);
/// "x,y,z" → vector. @throws UsageError naming `what`.
Eigen::Vector3d ParseVector3(const std::string& text, const std::string& what);

/// An angle: a finite number of radians ("1.57"), or of degrees with the
/// suffix "deg" ("90deg"), returned in radians. @throws UsageError naming
/// `what`.
double ParseAngle(const std::string& text, const std::string& what);

/// A finite double. @throws UsageError naming `what`.
double ParseDouble(const std::string& text, const std::string& what);

/// Applies a command's --max-elements N (the mesh size limit, see
/// SetMaxMeshElements) when `parsed` has it.
/// @throws UsageError unless N is a whole number in [1, 1e9].
void ApplyMaxElements(const ParsedArgs& parsed);

/// Help text for --max-elements (with the default limit).
std::string MaxElementsHelp();

/// Help text for the geometry grammar and the per-geometry options.
std::string GeometryArgumentsHelp(int num_geometries);

/// {"min": [x, y, z], "max": [x, y, z]}.
Json BoundingBoxJson(const Aabb& box);

}  // namespace hydrocontact::cli
