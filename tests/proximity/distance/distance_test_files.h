#pragma once

// Small mesh files for the distance tests, written to a temporary folder.

#include <filesystem>
#include <fstream>
#include <string>

#include <Eigen/Core>
#include <fmt/format.h>

#include "tests/mesh/test_files.h"

namespace hydrocontact::test {

/// Writes the box with half sizes h, centred at the origin, as an OBJ of 8
/// vertices and 12 outward triangles; returns its path. `name` must be
/// unique per test file.
inline std::filesystem::path WriteBoxObj(const std::string& name, const Eigen::Vector3d& h) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::ofstream out(path);
  for (int i = 0; i < 8; ++i) {
    out << fmt::format("v {} {} {}\n", (i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(),
                       (i & 4) ? h.z() : -h.z());
  }
  // Vertex i has bits (x, y, z); faces counter-clockwise from outside.
  out << "f 1 3 4 2\nf 5 6 8 7\nf 1 2 6 5\nf 3 7 8 4\nf 1 5 7 3\nf 2 4 8 6\n";
  return path;
}

}  // namespace hydrocontact::test
