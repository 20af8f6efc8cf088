#include "mesh/ply_io.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "mesh/binary_data.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"

namespace hydrocontact {
namespace {

enum class Type { kInt8, kUInt8, kInt16, kUInt16, kInt32, kUInt32, kFloat32, kFloat64 };

std::optional<Type> ParseType(std::string_view name) {
  static constexpr std::pair<std::string_view, Type> kTypes[] = {
      {"char", Type::kInt8},     {"int8", Type::kInt8},       {"uchar", Type::kUInt8},
      {"uint8", Type::kUInt8},   {"short", Type::kInt16},     {"int16", Type::kInt16},
      {"ushort", Type::kUInt16}, {"uint16", Type::kUInt16},   {"int", Type::kInt32},
      {"int32", Type::kInt32},   {"uint", Type::kUInt32},     {"uint32", Type::kUInt32},
      {"float", Type::kFloat32}, {"float32", Type::kFloat32}, {"double", Type::kFloat64},
      {"float64", Type::kFloat64}};
  for (const auto& [key, type] : kTypes) {
    if (name == key) return type;
  }
  return std::nullopt;
}

size_t Bytes(Type t) {
  switch (t) {
    case Type::kInt8: case Type::kUInt8: return 1;
    case Type::kInt16: case Type::kUInt16: return 2;
    case Type::kInt32: case Type::kUInt32: case Type::kFloat32: return 4;
    case Type::kFloat64: return 8;
  }
  return 8;
}

double Load(Type t, const char* p, bool little) {
  using internal::LoadBinary;
  switch (t) {
    case Type::kInt8: return double(LoadBinary<int8_t>(p, little));
    case Type::kUInt8: return double(LoadBinary<uint8_t>(p, little));
    case Type::kInt16: return double(LoadBinary<int16_t>(p, little));
    case Type::kUInt16: return double(LoadBinary<uint16_t>(p, little));
    case Type::kInt32: return double(LoadBinary<int32_t>(p, little));
    case Type::kUInt32: return double(LoadBinary<uint32_t>(p, little));
    case Type::kFloat32: return double(LoadBinary<float>(p, little));
    case Type::kFloat64: return LoadBinary<double>(p, little);
  }
  return 0;
}

struct Property {
  std::string name;
  Type type{Type::kFloat64};
  bool is_list{false};
  Type count_type{Type::kUInt8};
};

struct Element {
  std::string name;
  int64_t count{0};
  std::vector<Property> properties;
  int header_line{0};
};

// Reads the data one value at a time, in ASCII or binary.
class DataReader {
 public:
  DataReader(std::string_view text, std::string_view source, size_t start, int line,
             PlyEncoding encoding)
      : text_(text), source_(source), pos_(start), scan_(text, source, start),
        encoding_(encoding) {
    scan_.Seek(start, line);
  }

  // The next value, read as `type`; `what` names it in errors.
  double Next(Type type, const std::string& what) {
    if (encoding_ == PlyEncoding::kAscii) {
      while (next_token_ >= tokens_.size()) {
        if (!scan_.NextLine(&tokens_)) {
          throw std::runtime_error(
              fmt::format("{}, line {}: truncated data: the file ends before {}", source_,
                          scan_.line(), what));
        }
        next_token_ = 0;
      }
      const std::string_view token = tokens_[next_token_++];
      double value;
      if (!internal::ParseDoubleToken(token, &value)) {
        scan_.Fail(fmt::format("{}: '{}' is not a number", what, internal::PrintableToken(token)));
      }
      if (type != Type::kFloat32 && type != Type::kFloat64 && value != std::floor(value)) {
        scan_.Fail(fmt::format("{}: '{}' is not an integer", what, internal::PrintableToken(token)));
      }
      return value;
    }
    const size_t bytes = Bytes(type);
    if (text_.size() - pos_ < bytes) {
      throw std::runtime_error(fmt::format(
          "{}, byte offset {}: truncated data: the file ends before {}", source_, pos_, what));
    }
    const double value =
        Load(type, text_.data() + pos_, encoding_ == PlyEncoding::kBinaryLittleEndian);
    pos_ += bytes;
    return value;
  }

  // Where the reader is, for messages: "line N" or "byte offset B".
  std::string Where() const {
    return encoding_ == PlyEncoding::kAscii ? fmt::format("line {}", scan_.line())
                                            : fmt::format("byte offset {}", pos_);
  }

  // Bytes left: every value takes at least one (binary) or two (ASCII).
  size_t MaxValuesLeft() const {
    if (encoding_ != PlyEncoding::kAscii) return text_.size() - pos_;
    const size_t left = text_.size() - std::min(scan_.offset(), text_.size());
    return left / 2 + 1 + (tokens_.size() - next_token_);
  }

 private:
  std::string_view text_;
  std::string source_;
  size_t pos_;
  internal::LineScanner scan_;
  PlyEncoding encoding_;
  std::vector<std::string_view> tokens_;
  size_t next_token_{0};
};

}  // namespace

SurfaceReadResult ReadPlyString(std::string_view contents, std::string_view source_name,
                                double scale) {
  internal::ValidateReadScale(scale, "PLY", source_name);
  const std::string source(source_name);
  internal::LineScanner header(contents, source);
  std::vector<std::string_view> t;
  if (!header.NextLine(&t) || t.size() != 1 || t[0] != "ply") {
    header.Fail("not a PLY file: the first line must be 'ply'");
  }
  std::optional<PlyEncoding> encoding;
  std::vector<Element> elements;
  bool ended = false;
  while (header.NextLine(&t)) {
    if (t.empty() || t[0] == "comment" || t[0] == "obj_info") continue;
    if (t[0] == "end_header") {
      if (t.size() != 1) header.Fail("'end_header' must stand alone on its line");
      ended = true;
      break;
    }
    if (t[0] == "format") {
      if (t.size() != 3 || t[2] != "1.0") header.Fail("expected 'format <encoding> 1.0'");
      if (t[1] == "ascii") encoding = PlyEncoding::kAscii;
      else if (t[1] == "binary_little_endian") encoding = PlyEncoding::kBinaryLittleEndian;
      else if (t[1] == "binary_big_endian") encoding = PlyEncoding::kBinaryBigEndian;
      else header.Fail(fmt::format("unknown PLY format '{}'", internal::PrintableToken(t[1])));
    } else if (t[0] == "element") {
      if (t.size() != 3) header.Fail("expected 'element name count'");
      elements.push_back({std::string(t[1]),
                          header.Integer(t[2], "element count", 0, std::numeric_limits<int>::max()),
                          {}, header.line()});
    } else if (t[0] == "property") {
      if (elements.empty()) header.Fail("a property before any element");
      Property p;
      auto type = [&](std::string_view name) {
        const std::optional<Type> ty = ParseType(name);
        if (!ty) header.Fail(fmt::format("unknown property type '{}'", internal::PrintableToken(name)));
        return *ty;
      };
      if (t.size() == 5 && t[1] == "list") {
        p.is_list = true;
        p.count_type = type(t[2]);
        if (p.count_type == Type::kFloat32 || p.count_type == Type::kFloat64) {
          header.Fail("a list's count type must be an integer type");
        }
        p.type = type(t[3]);
        p.name = std::string(t[4]);
      } else if (t.size() == 3) {
        p.type = type(t[1]);
        p.name = std::string(t[2]);
      } else {
        header.Fail("expected 'property type name' or 'property list count_type type name'");
      }
      elements.back().properties.push_back(std::move(p));
    } else {
      header.Fail(fmt::format("unknown header keyword '{}'", internal::PrintableToken(t[0])));
    }
  }
  if (!ended) header.Fail("truncated header: no 'end_header' line");
  if (!encoding) throw std::runtime_error(fmt::format("{}: the PLY header has no format line", source));

  // Which element and properties hold what we need.
  int vertex_element = -1, face_element = -1;
  int xyz[3] = {-1, -1, -1};
  int face_list = -1;
  for (size_t e = 0; e < elements.size(); ++e) {
    const Element& el = elements[e];
    if (el.name == "vertex") {
      vertex_element = int(e);
      for (size_t p = 0; p < el.properties.size(); ++p) {
        for (int i = 0; i < 3; ++i) {
          if (!el.properties[p].is_list && el.properties[p].name == std::string(1, char('x' + i))) {
            xyz[i] = int(p);
          }
        }
      }
    } else if (el.name == "face") {
      face_element = int(e);
      for (size_t p = 0; p < el.properties.size(); ++p) {
        if (el.properties[p].is_list &&
            (el.properties[p].name == "vertex_indices" || el.properties[p].name == "vertex_index")) {
          face_list = int(p);
        }
      }
    }
  }
  if (vertex_element < 0 || xyz[0] < 0 || xyz[1] < 0 || xyz[2] < 0) {
    throw std::runtime_error(
        fmt::format("{}: the PLY header has no element 'vertex' with properties x, y and z", source));
  }
  if (face_element < 0 || face_list < 0) {
    throw std::runtime_error(fmt::format(
        "{}: the PLY header has no element 'face' with a list property 'vertex_indices'", source));
  }

  DataReader data(contents, source, header.offset(), header.line(), *encoding);
  std::vector<Eigen::Vector3d> positions;
  std::vector<int> sizes;
  std::vector<int> indices;
  const int64_t num_vertices = elements[size_t(vertex_element)].count;
  for (size_t e = 0; e < elements.size(); ++e) {
    const Element& el = elements[e];
    // Bounded allocation: never reserve more than the data can hold.
    const size_t can_hold = std::min<size_t>(size_t(el.count), data.MaxValuesLeft());
    if (int(e) == vertex_element) positions.reserve(can_hold);
    if (int(e) == face_element) sizes.reserve(can_hold);
    for (int64_t k = 0; k < el.count; ++k) {
      Eigen::Vector3d p = Eigen::Vector3d::Zero();
      for (size_t q = 0; q < el.properties.size(); ++q) {
        const Property& prop = el.properties[q];
        const std::string what =
            fmt::format("{} {} property '{}'", el.name, k, internal::PrintableToken(prop.name));
        if (!prop.is_list) {
          const double v = data.Next(prop.type, what);
          if (int(e) == vertex_element) {
            for (int i = 0; i < 3; ++i) {
              if (int(q) == xyz[i]) p[i] = v;
            }
          }
          continue;
        }
        const double n = data.Next(prop.count_type, what + " count");
        const std::string where = data.Where();
        const bool is_face = int(e) == face_element && int(q) == face_list;
        if (n < 0 || n > double(data.MaxValuesLeft())) {
          throw std::runtime_error(fmt::format("{}, {}: {}: a list of {} values does not fit in the rest of the file",
                                               source, where, what, n));
        }
        if (is_face && n < 3) {
          throw std::runtime_error(fmt::format(
              "{}, {}: face {} has {} vertices; a face needs at least three", source, where, k, n));
        }
        for (int64_t i = 0; i < int64_t(n); ++i) {
          const double v = data.Next(prop.type, what);
          if (!is_face) continue;
          if (!(v >= 0 && v < double(num_vertices))) {
            throw std::runtime_error(fmt::format(
                "{}, {}: face {} refers to vertex {}, out of range [0, {})", source, where, k, v,
                num_vertices));
          }
          indices.push_back(int(v));
        }
        if (is_face) sizes.push_back(int(n));
      }
      if (int(e) == vertex_element) {
        if (!p.allFinite()) {
          throw std::runtime_error(fmt::format("{}, {}: vertex {} has a non-finite coordinate",
                                               source, data.Where(), k));
        }
        positions.push_back(p);
      }
    }
  }
  const auto location = [&](int v) { return fmt::format("{}, vertex {}", source, v); };
  return internal::AssembleSurface(positions, sizes, indices, scale, source, "PLY", location);
}

SurfaceReadResult ReadPlyFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, "PLY", file.string());
  const std::string contents = internal::ReadFileToString(file, "PLY file");
  return ReadPlyString(contents, file.string(), scale);
}

std::string WritePlyString(const TriangleSurfaceMesh& mesh, PlyEncoding encoding) {
  static constexpr const char* kFormat[] = {"ascii", "binary_little_endian", "binary_big_endian"};
  // The format's name is looked up by the enumerator's value: a value cast
  // from an integer (e.g. through a binding) must not index past the table.
  if (encoding != PlyEncoding::kAscii && encoding != PlyEncoding::kBinaryLittleEndian &&
      encoding != PlyEncoding::kBinaryBigEndian) {
    throw std::invalid_argument(fmt::format(
        "WritePlyString: encoding {} is none of kAscii (0), kBinaryLittleEndian (1) and "
        "kBinaryBigEndian (2)",
        static_cast<int>(encoding)));
  }
  std::string out = fmt::format(
      "ply\nformat {} 1.0\ncomment written by hydrocontact\nelement vertex {}\nproperty double "
      "x\nproperty double y\nproperty double z\nelement face {}\nproperty list uchar int "
      "vertex_indices\nend_header\n",
      kFormat[int(encoding)], mesh.num_vertices(), mesh.num_triangles());
  if (encoding == PlyEncoding::kAscii) {
    for (const Eigen::Vector3d& p : mesh.vertices()) out += fmt::format("{} {} {}\n", p.x(), p.y(), p.z());
    for (const auto& f : mesh.triangles()) out += fmt::format("3 {} {} {}\n", f[0], f[1], f[2]);
    return out;
  }
  const bool little = encoding == PlyEncoding::kBinaryLittleEndian;
  for (const Eigen::Vector3d& p : mesh.vertices()) {
    for (int i = 0; i < 3; ++i) internal::StoreBinary<double>(p[i], little, &out);
  }
  for (const auto& f : mesh.triangles()) {
    internal::StoreBinary<uint8_t>(3, little, &out);
    for (int v : f) internal::StoreBinary<int32_t>(v, little, &out);
  }
  return out;
}

void WritePlyFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh,
                  PlyEncoding encoding) {
  internal::WriteStringToFile(file, WritePlyString(mesh, encoding), "PLY file");
}

}  // namespace hydrocontact
