// Python bindings of the mesh types and the mesh files (reading every
// supported format, writing OBJ, STL, PLY and legacy VTK) and the height
// field files.

#include <map>
#include <string>

#include <fmt/format.h>

#include "mesh/height_field_io.h"
#include "mesh/mesh_file.h"
#include "mesh/obj_io.h"
#include "mesh/ply_io.h"
#include "mesh/polygon_surface_mesh.h"
#include "mesh/stl_io.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_writer.h"
#include "proximity/surface_validation.h"
#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

// Per-face data of a mesh (areas, normals, centroids) as arrays: the
// accessors are per face in C++.
template <class MeshType>
py::array_t<double> Areas(const MeshType& mesh) {
  std::vector<double> a(mesh.num_elements());
  for (int f = 0; f < mesh.num_elements(); ++f) a[f] = mesh.area(f);
  return ToArray(a);
}
template <class MeshType>
py::array_t<double> Normals(const MeshType& mesh) {
  std::vector<Eigen::Vector3d> n(mesh.num_elements());
  for (int f = 0; f < mesh.num_elements(); ++f) n[f] = mesh.face_normal(f);
  return ToArray(n);
}
template <class MeshType>
py::array_t<double> Centroids(const MeshType& mesh) {
  std::vector<Eigen::Vector3d> c(mesh.num_elements());
  for (int f = 0; f < mesh.num_elements(); ++f) c[f] = mesh.element_centroid(f);
  return ToArray(c);
}

// The Python dicts {name: array} of the VTK writers, kept alive while the
// writer reads them through pointers.
struct VtkArrays {
  std::vector<std::vector<double>> scalar_storage;
  std::vector<std::vector<Eigen::Vector3d>> vector_storage;
  std::vector<VtkPointScalar> point_scalars;
  std::vector<VtkCellVector> cell_vectors;

  VtkArrays(const py::dict& scalars, const py::dict& vectors) {
    scalar_storage.reserve(scalars.size());
    for (const auto& [name, values] : scalars) {
      const std::string what = "WriteVtk: point scalar '" + py::str(name).cast<std::string>() + "'";
      const auto a = AsDoubleArray(values, what.c_str());
      if (a.ndim() != 1) throw std::invalid_argument(what + " must be a 1-D array of numbers");
      scalar_storage.emplace_back(a.data(), a.data() + a.size());
      point_scalars.push_back({py::str(name), &scalar_storage.back()});
    }
    vector_storage.reserve(vectors.size());
    for (const auto& [name, values] : vectors) {
      const std::string what = "WriteVtk: cell vector '" + py::str(name).cast<std::string>() + "'";
      vector_storage.push_back(ToVectors(values, what.c_str()));
      cell_vectors.push_back({py::str(name), &vector_storage.back()});
    }
  }
};

VtkEncoding Encoding(bool binary) { return binary ? VtkEncoding::kBinary : VtkEncoding::kAscii; }

}  // namespace

py::list ToPolygonList(const PolygonSurfaceMesh& mesh) {
  py::list faces;
  for (int f = 0; f < mesh.num_faces(); ++f) {
    const std::span<const int> polygon = mesh.polygon(f);
    py::array_t<int> a(static_cast<py::ssize_t>(polygon.size()));
    std::copy(polygon.begin(), polygon.end(), a.mutable_data());
    faces.append(a);
  }
  return faces;
}

void BindMeshesAndFiles(py::module_& m) {
  py::class_<TriangleSurfaceMesh>(m, "TriangleSurfaceMesh",
                                  "An immutable triangle surface; faces counter-clockwise about their normal.")
      .def(py::init([](const py::object& vertices, const py::object& triangles) {
             return TriangleSurfaceMesh(ToElements<3>(triangles, "TriangleSurfaceMesh: triangles"),
                                        ToVectors(vertices, "TriangleSurfaceMesh: vertices"));
           }),
           py::arg("vertices"), py::arg("triangles"), "From (V, 3) positions and (F, 3) vertex indices.")
      .def("num_vertices", &TriangleSurfaceMesh::num_vertices)
      .def("num_triangles", &TriangleSurfaceMesh::num_triangles)
      .def("__repr__",
           [](const TriangleSurfaceMesh& s) {
             return fmt::format("<TriangleSurfaceMesh {} vertices, {} triangles, area {} m²>", s.num_vertices(),
                                s.num_triangles(), s.total_area());
           })
      .def_property_readonly("vertices", [](const TriangleSurfaceMesh& s) { return ToArray(s.vertices()); },
                             "(V, 3) float64 positions.")
      .def_property_readonly("triangles", [](const TriangleSurfaceMesh& s) { return ToArray(s.triangles()); },
                             "(F, 3) int32 vertex indices.")
      .def_property_readonly("face_normals", &Normals<TriangleSurfaceMesh>, "(F, 3) unit normals.")
      .def_property_readonly("areas", &Areas<TriangleSurfaceMesh>, "(F,) areas (m²).")
      .def_property_readonly("centroids", &Centroids<TriangleSurfaceMesh>, "(F, 3) face centroids.")
      .def("total_area", &TriangleSurfaceMesh::total_area)
      .def("centroid", [](const TriangleSurfaceMesh& s) { return Eigen::Vector3d(s.centroid()); },
           "The area-weighted centroid.")
      .def("IsClosed", &TriangleSurfaceMesh::IsClosed)
      .def("CalcSignedVolume", &TriangleSurfaceMesh::CalcSignedVolume)
      .def("EnclosedVolume", &TriangleSurfaceMesh::EnclosedVolume)
      .def("DescribeSurfaceDefects", &DescribeSurfaceDefects,
           "None if the surface bounds a solid (closed, not crossing or lying on itself, its shells\n"
           "facing outward or, for cavities, inward), as a rigid mesh or a compliant surface must;\n"
           "otherwise why not, in the words registering it would refuse it with.")
      .def("Equal", &TriangleSurfaceMesh::Equal);

  py::class_<PolygonSurfaceMesh>(m, "PolygonSurfaceMesh", "An immutable mesh of convex polygons.")
      .def(py::init([](const py::object& vertices, const std::vector<int>& face_data) {
             return PolygonSurfaceMesh(face_data, ToVectors(vertices, "PolygonSurfaceMesh: vertices"));
           }),
           py::arg("vertices"), py::arg("face_data"),
           "From (V, 3) positions and the flat list [n0, v00, ..., n1, v10, ...].")
      .def("num_vertices", &PolygonSurfaceMesh::num_vertices)
      .def("num_faces", &PolygonSurfaceMesh::num_faces)
      .def("__repr__",
           [](const PolygonSurfaceMesh& s) {
             return fmt::format("<PolygonSurfaceMesh {} vertices, {} faces, area {} m²>", s.num_vertices(),
                                s.num_faces(), s.total_area());
           })
      .def_property_readonly("vertices", [](const PolygonSurfaceMesh& s) { return ToArray(s.vertices()); })
      .def_property_readonly("faces", &ToPolygonList, "One int32 array of vertex indices per polygon.")
      .def_property_readonly("face_data",
                             [](const PolygonSurfaceMesh& s) { return py::array_t<int>(py::cast(s.face_data())); },
                             "The flat int32 polygon list [n0, v00, ..., n1, v10, ...].")
      .def_property_readonly("face_normals", &Normals<PolygonSurfaceMesh>)
      .def_property_readonly("areas", &Areas<PolygonSurfaceMesh>)
      .def_property_readonly("centroids", &Centroids<PolygonSurfaceMesh>)
      .def("total_area", &PolygonSurfaceMesh::total_area)
      .def("centroid", [](const PolygonSurfaceMesh& s) { return Eigen::Vector3d(s.centroid()); })
      .def("Equal", &PolygonSurfaceMesh::Equal);

  py::class_<VolumeMesh>(m, "VolumeMesh", "An immutable tetrahedral mesh, tetrahedra positively oriented.")
      .def(py::init([](const py::object& vertices, const py::object& tetrahedra) {
             return VolumeMesh(ToElements<4>(tetrahedra, "VolumeMesh: tetrahedra"),
                               ToVectors(vertices, "VolumeMesh: vertices"));
           }),
           py::arg("vertices"), py::arg("tetrahedra"))
      .def("num_vertices", &VolumeMesh::num_vertices)
      .def("num_elements", &VolumeMesh::num_elements)
      .def_property_readonly("vertices", [](const VolumeMesh& v) { return ToArray(v.vertices()); })
      .def_property_readonly("tetrahedra", [](const VolumeMesh& v) { return ToArray(v.tetrahedra()); },
                             "(E, 4) int32 vertex indices.")
      .def_property_readonly("volumes",
                             [](const VolumeMesh& v) {
                               std::vector<double> volumes(v.num_elements());
                               for (int e = 0; e < v.num_elements(); ++e) volumes[e] = v.element_volume(e);
                               return ToArray(volumes);
                             })
      .def("total_volume", &VolumeMesh::total_volume)
      .def("Equal", &VolumeMesh::Equal)
      .def("__repr__", [](const VolumeMesh& v) {
        return fmt::format("<VolumeMesh {} vertices, {} tetrahedra, volume {} m³>", v.num_vertices(),
                           v.num_elements(), v.total_volume());
      });

  // Reading.
  py::class_<SurfaceReadResult>(m, "SurfaceReadResult", "A surface file's mesh and what was repaired.")
      .def_readonly("mesh", &SurfaceReadResult::mesh)
      .def_readonly("num_dropped_faces", &SurfaceReadResult::num_dropped_faces)
      .def_readonly("num_welded_vertices", &SurfaceReadResult::num_welded_vertices)
      .def_readonly("num_unreferenced_vertices", &SurfaceReadResult::num_unreferenced_vertices)
      .def("__repr__", [](const SurfaceReadResult& r) {
        return fmt::format("<SurfaceReadResult {}, {} faces dropped, {} vertices welded, {} unreferenced>",
                           std::string(py::repr(py::cast(r.mesh))), r.num_dropped_faces, r.num_welded_vertices,
                           r.num_unreferenced_vertices);
      });
  py::class_<VolumeReadResult>(m, "VolumeReadResult", "A volume file's mesh, point arrays and what was done.")
      .def_readonly("mesh", &VolumeReadResult::mesh)
      .def_property_readonly("point_scalars",
                             [](const VolumeReadResult& r) {
                               py::dict d;
                               for (const auto& [name, values] : r.point_scalars) d[ToStr(name)] = ToArray(values);
                               return d;
                             })
      .def_readonly("num_skipped_cells", &VolumeReadResult::num_skipped_cells)
      .def_readonly("num_unused_points", &VolumeReadResult::num_unused_points)
      .def_readonly("orientation_flipped", &VolumeReadResult::orientation_flipped)
      .def("__repr__", [](const VolumeReadResult& r) {
        std::string names;
        for (const auto& [name, values] : r.point_scalars) names += (names.empty() ? "" : ", ") + QuotedRepr(name);
        return fmt::format("<VolumeReadResult {}, point scalars [{}], {} cells skipped, {} points unused{}>",
                           std::string(py::repr(py::cast(r.mesh))), names, r.num_skipped_cells, r.num_unused_points,
                           r.orientation_flipped ? ", orientation flipped" : "");
      });
  m.def("SupportedMeshFileExtensions", &SupportedMeshFileExtensions);
  m.def("IsSupportedMeshFile", &IsSupportedMeshFile, py::arg("file"));
  m.def("MeshFileHoldsVolume", &MeshFileHoldsVolume, py::arg("file"));
  m.def(
      "ReadMeshFile",
      [](const std::filesystem::path& file, double scale) -> py::object {
        MeshFileData data = ReadMeshFile(file, scale);
        if (data.surface) return py::cast(std::move(*data.surface));
        return py::cast(std::move(*data.volume));
      },
      py::arg("file"), py::arg("scale") = 1.0,
      "Reads any supported file by extension: a SurfaceReadResult or a VolumeReadResult.\n"
      "@throws ValueError for an unsupported extension or scale; RuntimeError naming the file and\n"
      "line (or offset) for a malformed file.");
  m.def("ReadMeshFileSurface", &ReadMeshFileSurface, py::arg("file"), py::arg("scale") = 1.0,
        "The triangle surface of a file: the surface itself or a volume's boundary.");

  m.def("ReadHeightFieldFile", &ReadHeightFieldFile, py::arg("file"),
        "Reads a height field file (the text format of mesh/height_field_io.h: a header line\n"
        "'nx ny dx dy thickness', then ny rows of nx heights, the first row at the lowest y).\n"
        "@throws RuntimeError naming the file and line for a malformed file.");
  m.def("ReadHeightFieldString", &ReadHeightFieldString, py::arg("contents"),
        py::arg("source_name") = "<string>", "As ReadHeightFieldFile, for text held in memory.");
  m.def("WriteHeightFieldString", &WriteHeightFieldString, py::arg("field"),
        "The file contents of a height field (numbers that read back to the same doubles).");

  // Writing.
  PickleByValue(py::enum_<PlyEncoding>(m, "PlyEncoding"))
      .value("kAscii", PlyEncoding::kAscii)
      .value("kBinaryLittleEndian", PlyEncoding::kBinaryLittleEndian)
      .value("kBinaryBigEndian", PlyEncoding::kBinaryBigEndian);
  m.def("WriteObjFile", py::overload_cast<const std::filesystem::path&, const TriangleSurfaceMesh&>(&WriteObjFile),
        py::arg("file"), py::arg("mesh"));
  m.def("WriteObjFile", py::overload_cast<const std::filesystem::path&, const PolygonSurfaceMesh&>(&WriteObjFile),
        py::arg("file"), py::arg("mesh"));
  m.def("WriteStlFile", &WriteStlFile, py::arg("file"), py::arg("mesh"), py::arg("binary") = false);
  m.def("WritePlyFile", &WritePlyFile, py::arg("file"), py::arg("mesh"), py::arg("encoding") = PlyEncoding::kAscii);
  m.def(
      "WriteVtkSurface",
      [](const std::filesystem::path& file, const TriangleSurfaceMesh& mesh, const py::dict& point_scalars,
         const py::dict& cell_vectors, bool binary) {
        const VtkArrays arrays(point_scalars, cell_vectors);
        WriteVtkSurface(file, mesh, arrays.point_scalars, arrays.cell_vectors, Encoding(binary));
      },
      py::arg("file"), py::arg("mesh"), py::arg("point_scalars") = py::dict(),
      py::arg("cell_vectors") = py::dict(), py::arg("binary") = false,
      "Legacy VTK POLYDATA with {name: (V,) array} point scalars and {name: (F, 3) array} cell vectors.");
  m.def(
      "WriteVtkSurface",
      [](const std::filesystem::path& file, const PolygonSurfaceMesh& mesh, const py::dict& point_scalars,
         const py::dict& cell_vectors, bool binary) {
        const VtkArrays arrays(point_scalars, cell_vectors);
        WriteVtkSurface(file, mesh, arrays.point_scalars, arrays.cell_vectors, Encoding(binary));
      },
      py::arg("file"), py::arg("mesh"), py::arg("point_scalars") = py::dict(),
      py::arg("cell_vectors") = py::dict(), py::arg("binary") = false);
  m.def(
      "WriteVtkVolume",
      [](const std::filesystem::path& file, const VolumeMesh& mesh, const py::dict& point_scalars, bool binary) {
        const VtkArrays arrays(point_scalars, py::dict());
        WriteVtkVolume(file, mesh, arrays.point_scalars, Encoding(binary));
      },
      py::arg("file"), py::arg("mesh"), py::arg("point_scalars") = py::dict(), py::arg("binary") = false,
      "Legacy VTK UNSTRUCTURED_GRID of tetrahedra with {name: (V,) array} point scalars.");
}

}  // namespace hydrocontact::python
