// Writes the sample meshes of data/ (see data/README.md for what each is and
// how to build and run this program). Not part of the build: the files it
// writes are committed, and the tests check them against closed forms.
//
// usage: make_sample_data OUTPUT_DIR

#include <array>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <vector>

#include <Eigen/Core>

#include "mesh/obj_io.h"
#include "mesh/polygon_surface_mesh.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_writer.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace {

// The cube [-h, h]³ (h = edge/2) as six pyramids from its centre to its
// faces; each face is an n×n grid of squares, each square two triangles,
// each triangle with the centre one tetrahedron. Every tetrahedron has the
// centre as a vertex, so the extent e = 1 − max(|x|,|y|,|z|)/h (distance to
// the nearest face over h: 0 on the boundary, 1 at the centre) is exactly
// linear on each tetrahedron.
VolumeMesh MakePyramidBox(double edge, int n) {
  const double h = edge / 2;
  std::vector<Eigen::Vector3d> vertices{Eigen::Vector3d::Zero()};
  std::map<std::array<int, 3>, int> index_of;  // Grid coordinates in [0, n]³.
  auto vertex = [&](std::array<int, 3> g) {
    auto [it, inserted] = index_of.try_emplace(g, int(vertices.size()));
    if (inserted) {
      vertices.emplace_back(-h + edge * g[0] / n, -h + edge * g[1] / n, -h + edge * g[2] / n);
    }
    return it->second;
  };
  std::vector<VolumeMesh::Element> tetrahedra;
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      // (u, v, axis) is right-handed; on the + side the face's outward
      // normal is +axis, so (u, v) order is counter-clockwise seen from
      // outside; on the − side swap to keep it so.
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          auto corner = [&](int di, int dj) {
            std::array<int, 3> g{};
            g[axis] = side * n;
            g[u] = i + di;
            g[v] = j + dj;
            return vertex(g);
          };
          const int a = corner(0, 0), b = corner(1, 0), c = corner(1, 1), d = corner(0, 1);
          if (side == 1) {
            tetrahedra.push_back({0, a, b, c});
            tetrahedra.push_back({0, a, c, d});
          } else {
            tetrahedra.push_back({0, a, c, b});
            tetrahedra.push_back({0, a, d, c});
          }
        }
      }
    }
  }
  return VolumeMesh(std::move(tetrahedra), std::move(vertices));
}

// The square [-h, h]² at z = 0 (h = edge/2) as an n×n grid of quads, normal +z.
PolygonSurfaceMesh MakeSquarePatch(double edge, int n) {
  const double h = edge / 2;
  std::vector<Eigen::Vector3d> vertices;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) vertices.emplace_back(-h + edge * i / n, -h + edge * j / n, 0);
  std::vector<int> face_data;
  auto id = [n](int i, int j) { return i + (n + 1) * j; };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      face_data.insert(face_data.end(), {4, id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  return PolygonSurfaceMesh(std::move(face_data), std::move(vertices));
}

void Run(const std::filesystem::path& dir) {
  const double edge = 0.1;
  const VolumeMesh box = MakePyramidBox(edge, 4);
  std::vector<double> extent, pressure;
  const double modulus = 1e5;  // Pa.
  for (const auto& p : box.vertices()) {
    extent.push_back(1 - p.cwiseAbs().maxCoeff() / (edge / 2));
    pressure.push_back(modulus * extent.back());
  }
  const std::vector<VtkPointScalar> fields{{"extent", &extent}, {"pressure", &pressure}};
  WriteVtkVolume(dir / "box_0.1m.vtk", box, fields);
  WriteVtkVolume(dir / "box_0.1m_binary.vtk", box, fields, VtkEncoding::kBinary);
  WriteObjFile(dir / "sphere_r0.05m.obj", test::MakeIcosphere(2, 0.05));
  WriteObjFile(dir / "square_patch_0.1m.obj", MakeSquarePatch(edge, 4));
}

}  // namespace
}  // namespace hydrocontact

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_sample_data OUTPUT_DIR\n");
    return 2;
  }
  try {
    hydrocontact::Run(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_sample_data: %s\n", e.what());
    return 1;
  }
  return 0;
}
