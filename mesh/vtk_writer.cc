#include "mesh/vtk_writer.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <set>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/text_file.h"

namespace hydrocontact {
namespace {

constexpr int kVtkTetra = 10;

// VTK's legacy reader splits header lines at white space, so names may hold
// no spaces; control bytes and non-ASCII bytes would not survive either.
void ValidateName(const std::string& name, const char* what, std::set<std::string>* seen) {
  if (name.empty()) {
    throw std::invalid_argument(fmt::format("VTK writer: a {} has an empty name", what));
  }
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f) {
      throw std::invalid_argument(fmt::format(
          "VTK writer: {} name '{}' is not a valid VTK array name (printable ASCII, no spaces)",
          what, name));
    }
  }
  if (!seen->insert(name).second) {
    throw std::invalid_argument(fmt::format("VTK writer: two {}s are named '{}'", what, name));
  }
}

// Names, presence, counts and finiteness of one kind of named array (point
// scalars or cell vectors); the words name the kind in messages.
struct ArrayWords {
  const char* kind;       // "point scalar"
  const char* items;      // "values"
  const char* owners;     // "vertices"
  const char* item_of;    // "the value at vertex"
};

template <class Array, class IsFinite>
void ValidateArrays(const std::vector<Array>& arrays, int count, const ArrayWords& words,
                    const IsFinite& is_finite) {
  std::set<std::string> seen;
  for (const Array& a : arrays) {
    ValidateName(a.name, words.kind, &seen);
    if (a.values == nullptr) {
      throw std::invalid_argument(
          fmt::format("VTK writer: {} '{}' has no values (null pointer)", words.kind, a.name));
    }
    if (int64_t(a.values->size()) != count) {
      throw std::invalid_argument(fmt::format("VTK writer: {} '{}' has {} {} for {} {}", words.kind,
                                              a.name, a.values->size(), words.items, count,
                                              words.owners));
    }
    for (size_t k = 0; k < a.values->size(); ++k) {
      if (!is_finite((*a.values)[k])) {
        throw std::invalid_argument(fmt::format("VTK writer: {} '{}': {} {} is not finite",
                                                words.kind, a.name, words.item_of, k));
      }
    }
  }
}

void ValidatePointScalars(const std::vector<VtkPointScalar>& arrays, int num_vertices) {
  ValidateArrays(arrays, num_vertices, {"point scalar", "values", "vertices", "the value at vertex"},
                 [](double v) { return std::isfinite(v); });
}

void ValidateCellVectors(const std::vector<VtkCellVector>& arrays, int num_elements) {
  ValidateArrays(arrays, num_elements, {"cell vector", "vectors", "elements", "the vector of element"},
                 [](const Eigen::Vector3d& v) { return v.allFinite(); });
}

// Appends data blocks in the chosen encoding. ASCII puts `per_line` values
// on a line; binary is big-endian with a line end after each block.
class Encoder {
 public:
  // A value cast from an integer (e.g. through a binding) is refused, not
  // written as ASCII.
  explicit Encoder(VtkEncoding encoding) : binary_(encoding == VtkEncoding::kBinary) {
    if (encoding != VtkEncoding::kAscii && encoding != VtkEncoding::kBinary) {
      throw std::invalid_argument(fmt::format(
          "VTK writer: encoding {} is neither kAscii (0) nor kBinary (1)", static_cast<int>(encoding)));
    }
  }

  std::string& out() { return out_; }
  void Line(std::string_view s) {
    out_ += s;
    out_ += '\n';
  }

  void Doubles(std::span<const double> values, int per_line) {
    for (size_t k = 0; k < values.size(); ++k) {
      if (binary_) {
        Append(std::bit_cast<uint64_t>(values[k]), 8);
      } else {
        // Shortest text that reads back as the same double.
        fmt::format_to(std::back_inserter(out_), "{}", values[k]);
        out_ += (k + 1) % size_t(per_line) == 0 ? '\n' : ' ';
      }
    }
    EndBlock(values.size(), per_line);
  }

  void Ints(std::span<const int> values, int per_line) {
    for (size_t k = 0; k < values.size(); ++k) {
      if (binary_) {
        Append(uint32_t(values[k]), 4);
      } else {
        fmt::format_to(std::back_inserter(out_), "{}", values[k]);
        out_ += (k + 1) % size_t(per_line) == 0 ? '\n' : ' ';
      }
    }
    EndBlock(values.size(), per_line);
  }

 private:
  void Append(uint64_t bits, int bytes) {
    for (int b = bytes - 1; b >= 0; --b) out_ += char((bits >> (8 * b)) & 0xff);
  }
  void EndBlock(size_t count, int per_line) {
    if (binary_) {
      out_ += '\n';
    } else if (count % size_t(per_line) != 0) {
      out_.back() = '\n';
    }
  }

  bool binary_;
  std::string out_;
};

void Header(Encoder* e, const char* dataset, bool binary) {
  e->Line("# vtk DataFile Version 3.0");
  e->Line("written by hydrocontact");
  e->Line(binary ? "BINARY" : "ASCII");
  e->Line(fmt::format("DATASET {}", dataset));
}

void Points(Encoder* e, const std::vector<Eigen::Vector3d>& vertices) {
  e->Line(fmt::format("POINTS {} double", vertices.size()));
  // Eigen::Vector3d is three packed doubles (no padding), so the vertex
  // array is one contiguous run of 3n doubles.
  static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double));
  e->Doubles({vertices.empty() ? nullptr : vertices[0].data(), 3 * vertices.size()}, 3);
}

void PointData(Encoder* e, const std::vector<VtkPointScalar>& arrays, size_t num_vertices) {
  if (arrays.empty()) return;
  e->Line(fmt::format("POINT_DATA {}", num_vertices));
  for (const VtkPointScalar& a : arrays) {
    e->Line(fmt::format("SCALARS {} double 1", a.name));
    e->Line("LOOKUP_TABLE default");
    e->Doubles(*a.values, 1);
  }
}

void CellData(Encoder* e, const std::vector<VtkCellVector>& arrays, size_t num_elements) {
  if (arrays.empty()) return;
  e->Line(fmt::format("CELL_DATA {}", num_elements));
  for (const VtkCellVector& a : arrays) {
    e->Line(fmt::format("VECTORS {} double", a.name));
    e->Doubles({a.values->empty() ? nullptr : (*a.values)[0].data(), 3 * a.values->size()}, 3);
  }
}

}  // namespace

std::string WriteVtkVolumeString(const VolumeMesh& mesh,
                                 const std::vector<VtkPointScalar>& point_scalars,
                                 VtkEncoding encoding) {
  ValidatePointScalars(point_scalars, mesh.num_vertices());
  Encoder e(encoding);
  Header(&e, "UNSTRUCTURED_GRID", encoding == VtkEncoding::kBinary);
  Points(&e, mesh.vertices());
  const int n = mesh.num_elements();
  e.Line(fmt::format("CELLS {} {}", n, 5 * n));
  std::vector<int> cells;
  cells.reserve(5 * size_t(n));
  for (const auto& t : mesh.tetrahedra()) cells.insert(cells.end(), {4, t[0], t[1], t[2], t[3]});
  e.Ints(cells, 5);
  e.Line(fmt::format("CELL_TYPES {}", n));
  e.Ints(std::vector<int>(size_t(n), kVtkTetra), 1);
  PointData(&e, point_scalars, size_t(mesh.num_vertices()));
  return std::move(e.out());
}

void WriteVtkVolume(const std::filesystem::path& file, const VolumeMesh& mesh,
                    const std::vector<VtkPointScalar>& point_scalars, VtkEncoding encoding) {
  internal::WriteStringToFile(file, WriteVtkVolumeString(mesh, point_scalars, encoding),
                              "VTK file");
}

std::string WriteVtkSurfaceString(const TriangleSurfaceMesh& mesh,
                                  const std::vector<VtkPointScalar>& point_scalars,
                                  const std::vector<VtkCellVector>& cell_vectors,
                                  VtkEncoding encoding) {
  ValidatePointScalars(point_scalars, mesh.num_vertices());
  ValidateCellVectors(cell_vectors, mesh.num_elements());
  Encoder e(encoding);
  Header(&e, "POLYDATA", encoding == VtkEncoding::kBinary);
  Points(&e, mesh.vertices());
  const int n = mesh.num_triangles();
  e.Line(fmt::format("POLYGONS {} {}", n, 4 * n));
  std::vector<int> polygons;
  polygons.reserve(4 * size_t(n));
  for (const auto& t : mesh.triangles()) polygons.insert(polygons.end(), {3, t[0], t[1], t[2]});
  e.Ints(polygons, 4);
  PointData(&e, point_scalars, size_t(mesh.num_vertices()));
  CellData(&e, cell_vectors, size_t(n));
  return std::move(e.out());
}

std::string WriteVtkSurfaceString(const PolygonSurfaceMesh& mesh,
                                  const std::vector<VtkPointScalar>& point_scalars,
                                  const std::vector<VtkCellVector>& cell_vectors,
                                  VtkEncoding encoding) {
  ValidatePointScalars(point_scalars, mesh.num_vertices());
  ValidateCellVectors(cell_vectors, mesh.num_elements());
  Encoder e(encoding);
  Header(&e, "POLYDATA", encoding == VtkEncoding::kBinary);
  Points(&e, mesh.vertices());
  // face_data is already VTK's layout: per polygon, its count then indices.
  e.Line(fmt::format("POLYGONS {} {}", mesh.num_faces(), mesh.face_data().size()));
  if (encoding == VtkEncoding::kBinary) {
    e.Ints(mesh.face_data(), 1);
  } else {
    for (int f = 0; f < mesh.num_faces(); ++f) {
      const auto polygon = mesh.polygon(f);
      std::string& out = e.out();
      fmt::format_to(std::back_inserter(out), "{}", polygon.size());
      for (int v : polygon) fmt::format_to(std::back_inserter(out), " {}", v);
      out += '\n';
    }
  }
  PointData(&e, point_scalars, size_t(mesh.num_vertices()));
  CellData(&e, cell_vectors, size_t(mesh.num_faces()));
  return std::move(e.out());
}

void WriteVtkSurface(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh,
                     const std::vector<VtkPointScalar>& point_scalars,
                     const std::vector<VtkCellVector>& cell_vectors, VtkEncoding encoding) {
  internal::WriteStringToFile(
      file, WriteVtkSurfaceString(mesh, point_scalars, cell_vectors, encoding), "VTK file");
}

void WriteVtkSurface(const std::filesystem::path& file, const PolygonSurfaceMesh& mesh,
                     const std::vector<VtkPointScalar>& point_scalars,
                     const std::vector<VtkCellVector>& cell_vectors, VtkEncoding encoding) {
  internal::WriteStringToFile(
      file, WriteVtkSurfaceString(mesh, point_scalars, cell_vectors, encoding), "VTK file");
}

}  // namespace hydrocontact
