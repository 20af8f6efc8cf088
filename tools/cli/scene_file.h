#pragma once

/// @file
/// The scene file of `hydrocontact simulate` (issue 16): a JSON object
///   {"gravity": [gx, gy, gz], "dt": h, "steps": N, "bodies": [...], "fixed": [...]}
/// with, for each body,
///   {"name", "shape" (the tool's geometry spec, e.g. "box:0.1,0.1,0.1" or a
///    mesh file, relative to the scene file's folder), "pose": [x, y, z, roll,
///    pitch, yaw] (m, rad; X_WG), "velocity": [wx, wy, wz, vx, vy, vz] (of G's
///    origin, in W), "density" (kg/m³), "compliant" (bool), "modulus" (Pa),
///    "resolution" (m), "dissipation" (s/m), "friction": [static, dynamic]}
/// and each fixed geometry the same without velocity and density. Optional
/// extensions: per geometry "scale" (of a mesh file), "stiffness" (N/m, point
/// contact), "slab" (m, a compliant half-space's thickness); at the top
/// "threads", "output_every" (steps between trajectory lines and VTK frames),
/// "rigid_contact" ("patch" or "point"), "representation" ("polygon" or
/// "triangle"), "stiction_speed" (m/s).
///
/// Defaults: gravity (0, 0, −9.81), dt 0.001, steps 1000, pose identity,
/// velocity 0, density 1000, compliant false, modulus 1e7, dissipation 0,
/// friction [0, 0], threads 1, output_every 10, rigid_contact "patch",
/// representation "polygon", stiction_speed 0.01. Unknown keys are refused.

#include <filesystem>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "tools/cli/json_reader.h"
#include "tools/plant/plant.h"

namespace hydrocontact::cli {

struct Scene {
  std::vector<plant::BodySpec> bodies;
  std::vector<plant::FixedSpec> fixed;
  plant::PlantSettings settings;
  int steps{1000};
  int output_every{10};
};

/// Reads a scene file.
/// @throws UsageError with one line naming the file and the key (e.g.
///         "scene.json: bodies[1].density: must be positive, got -3"), or
///         the file and line for malformed JSON.
Scene ReadScene(const std::filesystem::path& file);

/// Parses a scene from its JSON; `source` names it in messages and relative
/// mesh files are looked up in `base_dir`.
/// @throws as ReadScene.
Scene ParseScene(const JsonValue& root, const std::string& source, const std::filesystem::path& base_dir);

/// The roll-pitch-yaw angles (r, p, y) of R = Rz(y)·Ry(p)·Rx(r), the
/// convention of RigidTransform::FromRollPitchYaw, with p ∈ [−π/2, π/2]
/// (at p = ±π/2 the roll is taken as 0).
Eigen::Vector3d RollPitchYaw(const Eigen::Matrix3d& R);

}  // namespace hydrocontact::cli
