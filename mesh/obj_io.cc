#include "mesh/obj_io.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <Eigen/Geometry>
#include <fmt/format.h>
#include <tiny_obj_loader.h>

#include "mesh/surface_assembly.h"
#include "geometry/supported_range.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"

namespace hydrocontact {
namespace {

// What the line scan learns from the text. tinyobjloader's number parser is
// not correctly rounded (17-digit values written by WriteObjString come back
// a few ulps off) and turns "nan" or "abc" into 0 without a word, so the
// positions are parsed here with std::from_chars, which is exact, and every
// line is checked here, where its number is known.
struct ObjScan {
  std::vector<Eigen::Vector3d> positions;  // Unscaled, as written.
  std::vector<int> vertex_line;            // Line of each 'v'.
  // Faces: their line, their number of vertices, and their zero-based
  // vertex indices (relative indices resolved) laid end to end.
  std::vector<int> face_line;
  std::vector<int> face_size;
  std::vector<int> face_indices;
};

[[noreturn]] void ThrowAt(std::string_view source, int line, const std::string& what) {
  throw std::runtime_error(fmt::format("{}, line {}: {}", source, line, what));
}

// Keywords of the OBJ format that carry nothing a surface mesh needs.
bool IsIgnoredKeyword(std::string_view k) {
  static constexpr std::array<std::string_view, 33> kIgnored{
      "vt",     "vn",   "vp",   "g",    "o",         "s",         "usemtl",   "mtllib",
      "l",      "p",    "cstype", "deg", "bmat",     "step",      "curv",     "curv2",
      "surf",   "parm", "trim", "hole", "scrv",      "sp",        "end",      "con",
      "mg",     "lod",  "usemap", "maplib", "shadow_obj", "trace_obj", "bevel", "c_interp",
      "d_interp"};
  return std::find(kIgnored.begin(), kIgnored.end(), k) != kIgnored.end() || k == "ctech" ||
         k == "stech" || k == "call" || k == "csh";
}

// Splits `line` at spaces and tabs.
void Tokenize(std::string_view line, std::vector<std::string_view>* tokens) {
  tokens->clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) tokens->push_back(line.substr(start, i - start));
  }
}

// Parses a whole token as a double (from_chars: exact, locale-free). Accepts
// a leading '+', which from_chars does not.
bool ParseDouble(std::string_view token, double* value) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), *value);
  return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

// Parses a whole token as an integer (which may be out of int's range).
bool ParseInteger(std::string_view token, int64_t* value) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), *value);
  return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

void ScanVertex(std::string_view source, int line, const std::vector<std::string_view>& tokens,
                ObjScan* scan) {
  // "v x y z", optionally followed by w or by r g b (a common extension).
  if (tokens.size() < 4) {
    ThrowAt(source, line,
            fmt::format("a vertex needs three coordinates, the 'v' line has {}", tokens.size() - 1));
  }
  double xyz[3];
  for (size_t i = 1; i < tokens.size(); ++i) {
    double value;
    if (!ParseDouble(tokens[i], &value)) {
      ThrowAt(source, line, fmt::format("'{}' is not a number", tokens[i]));
    }
    if (!std::isfinite(value)) {
      ThrowAt(source, line, fmt::format("vertex coordinate '{}' is not finite", tokens[i]));
    }
    if (i <= 3) xyz[i - 1] = value;
  }
  scan->positions.emplace_back(xyz[0], xyz[1], xyz[2]);
  scan->vertex_line.push_back(line);
}

void ScanFace(std::string_view source, int line, const std::vector<std::string_view>& tokens,
              ObjScan* scan) {
  if (tokens.size() < 4) {
    ThrowAt(source, line,
            fmt::format("a face needs at least three vertices, this one has {}",
                        tokens.size() - 1));
  }
  const int64_t num_defined = int64_t(scan->positions.size());
  for (size_t i = 1; i < tokens.size(); ++i) {
    // "v", "v/vt", "v//vn" or "v/vt/vn": only the position index matters,
    // but the others must still be integers.
    std::string_view token = tokens[i];
    const size_t slash = token.find('/');
    const std::string_view position_part = token.substr(0, slash);
    int64_t index;
    if (!ParseInteger(position_part, &index)) {
      ThrowAt(source, line, fmt::format("face vertex '{}' is not a vertex index", token));
    }
    if (slash != std::string_view::npos) {
      std::string_view rest = token.substr(slash + 1);
      while (!rest.empty()) {
        const size_t next = rest.find('/');
        const std::string_view part = rest.substr(0, next);
        int64_t ignored;
        if (!part.empty() && !ParseInteger(part, &ignored)) {
          ThrowAt(source, line, fmt::format("face vertex '{}' is malformed", token));
        }
        if (next == std::string_view::npos) break;
        rest.remove_prefix(next + 1);
      }
    }
    if (index == 0) {
      ThrowAt(source, line, "face vertex index 0 is invalid (OBJ indices start at 1)");
    }
    // Negative indices count back from the last vertex defined so far.
    // Positive ones are checked against the whole file's vertex count once
    // the scan is complete (some writers put faces before their vertices).
    const int64_t resolved = index > 0 ? index - 1 : num_defined + index;
    if (resolved < 0 || resolved > std::numeric_limits<int>::max()) {
      ThrowAt(source, line,
              fmt::format("face vertex index {} is out of range ({} vertices defined before it)",
                          index, num_defined));
    }
    scan->face_indices.push_back(int(resolved));
  }
  scan->face_line.push_back(line);
  scan->face_size.push_back(int(tokens.size() - 1));
}

ObjScan ScanObj(std::string_view contents, std::string_view source) {
  ObjScan scan;
  std::vector<std::string_view> tokens;
  int line = 0;
  size_t pos = internal::Utf8BomLength(contents);
  while (pos < contents.size()) {
    ++line;
    size_t end = contents.find('\n', pos);
    if (end == std::string_view::npos) end = contents.size();
    std::string_view text = contents.substr(pos, end - pos);
    pos = end + 1;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    for (char c : text) {
      // Control characters other than tab mean this is not text (a binary
      // file, or a truncated download); tinyobjloader would also stop at a
      // NUL byte and silently ignore the rest.
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
        ThrowAt(source, line,
                fmt::format("unreadable content (control byte 0x{:02x}); is this an OBJ text file?",
                            static_cast<unsigned char>(c)));
      }
    }
    Tokenize(text, &tokens);
    if (tokens.empty() || tokens[0][0] == '#') continue;
    const std::string_view keyword = tokens[0];
    if (keyword == "v") {
      ScanVertex(source, line, tokens, &scan);
    } else if (keyword == "f") {
      ScanFace(source, line, tokens, &scan);
    } else if (!IsIgnoredKeyword(keyword)) {
      ThrowAt(source, line,
              fmt::format("unknown keyword '{}'; is this an OBJ file?",
                          keyword.substr(0, std::min<size_t>(keyword.size(), 32))));
    }
  }
  // Positive indices may refer forward; now that every vertex is known, check.
  size_t k = 0;
  for (size_t f = 0; f < scan.face_line.size(); ++f) {
    for (int i = 0; i < scan.face_size[f]; ++i, ++k) {
      if (scan.face_indices[k] >= int64_t(scan.positions.size())) {
        ThrowAt(source, scan.face_line[f],
                fmt::format("face vertex index {} is out of range: the file defines {} vertices",
                            int64_t(scan.face_indices[k]) + 1, scan.positions.size()));
      }
    }
  }
  if (scan.face_line.empty()) {
    throw std::runtime_error(fmt::format("{}: the OBJ data has no faces", source));
  }
  return scan;
}

std::string FormatVertex(const Eigen::Vector3d& p) {
  // fmt's default for doubles is the shortest text that reads back as the
  // same double: exact round trips, and "0.05" rather than 17 digits.
  return fmt::format("v {} {} {}\n", p.x(), p.y(), p.z());
}

// The OBJ text tinyobjloader is given: only what the scan validated, the
// positions (shortest round-trip text) and the faces by their resolved
// one-based position indices. Its number parsers have undefined behaviour on
// overflowing integers and exponents (atoi, hand-rolled exponent loops), so
// no line of the file itself reaches it: texture coordinates, normals,
// polylines and the like carry nothing a surface mesh needs.
std::string SanitizedObjText(const ObjScan& scan) {
  std::string text;
  for (const Eigen::Vector3d& p : scan.positions) text += FormatVertex(p);
  size_t k = 0;
  for (size_t f = 0; f < scan.face_size.size(); ++f) {
    text += 'f';
    for (int i = 0; i < scan.face_size[f]; ++i, ++k) {
      text += fmt::format(" {}", int64_t(scan.face_indices[k]) + 1);
    }
    text += '\n';
  }
  return text;
}

// Runs tinyobjloader on the scan's validated content (SanitizedObjText) and
// checks that it sees the same faces as the scan; returns its zero-based
// position indices.
std::vector<int> TinyObjFaceIndices(std::string_view source, const ObjScan& scan) {
  tinyobj::attrib_t attrib;
  std::vector<tinyobj::shape_t> shapes;
  std::vector<tinyobj::material_t> materials;
  std::string warn, err;
  std::istringstream in{SanitizedObjText(scan)};
  // No triangulation (it is ours: ear clipping, shared with the other
  // surface readers) and no material reader (materials are irrelevant and
  // must not make us open other files).
  const bool ok = tinyobj::LoadObj(&attrib, &shapes, &materials, &warn, &err, &in,
                                   /*readMatFn=*/nullptr, /*triangulate=*/false,
                                   /*default_vcols_fallback=*/false);
  if (!ok) {
    std::string first_line = err.substr(0, err.find('\n'));
    throw std::runtime_error(fmt::format("{}: unreadable OBJ data: {}", source, first_line));
  }
  if (attrib.vertices.size() != 3 * scan.positions.size()) {
    throw std::runtime_error(fmt::format(
        "{}: unreadable OBJ data: tinyobjloader found {} vertices where the file has {} 'v' "
        "lines",
        source, attrib.vertices.size() / 3, scan.positions.size()));
  }
  std::vector<int> indices;
  indices.reserve(scan.face_indices.size());
  size_t face = 0;
  for (const tinyobj::shape_t& shape : shapes) {
    size_t k = 0;
    for (const unsigned int n : shape.mesh.num_face_vertices) {
      if (face >= scan.face_size.size() || int(n) != scan.face_size[face]) {
        const int line = face < scan.face_line.size() ? scan.face_line[face] : scan.face_line.back();
        ThrowAt(source, line, "unreadable face (tinyobjloader reads it differently)");
      }
      for (unsigned int i = 0; i < n; ++i, ++k) {
        const int index = shape.mesh.indices[k].vertex_index;
        if (index < 0 || index >= int(scan.positions.size())) {
          ThrowAt(source, scan.face_line[face],
                  fmt::format("face vertex index {} is out of range", index + 1));
        }
        indices.push_back(index);
      }
      ++face;
    }
  }
  if (face != scan.face_line.size()) {
    throw std::runtime_error(fmt::format(
        "{}: unreadable OBJ data: tinyobjloader found {} faces where the file has {} 'f' lines",
        source, face, scan.face_line.size()));
  }
  return indices;
}

}  // namespace

ObjReadResult ReadObjStringWithReport(std::string_view contents, double scale,
                                      std::string_view source_name) {
  internal::ValidateReadScale(scale, "OBJ", source_name);
  const ObjScan scan = ScanObj(contents, source_name);
  const std::vector<int> indices = TinyObjFaceIndices(source_name, scan);

  const auto vertex_location = [&](int v) {
    return fmt::format("{}, line {}", source_name, scan.vertex_line[size_t(v)]);
  };
  return internal::AssembleSurface(scan.positions, scan.face_size, indices, scale, source_name,
                                   "OBJ", vertex_location);
}

TriangleSurfaceMesh ReadObjString(std::string_view contents, double scale,
                                  std::string_view source_name) {
  return ReadObjStringWithReport(contents, scale, source_name).mesh;
}

ObjReadResult ReadObjFileWithReport(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, "OBJ", file.string());
  const std::string contents = internal::ReadFileToString(file, "OBJ file");
  return ReadObjStringWithReport(contents, scale, file.string());
}

TriangleSurfaceMesh ReadObjFile(const std::filesystem::path& file, double scale) {
  return ReadObjFileWithReport(file, scale).mesh;
}

std::string WriteObjString(const TriangleSurfaceMesh& mesh) {
  std::string out = "# written by hydrocontact\n";
  for (const Eigen::Vector3d& p : mesh.vertices()) out += FormatVertex(p);
  for (const auto& t : mesh.triangles()) {
    out += fmt::format("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1);
  }
  return out;
}

std::string WriteObjString(const PolygonSurfaceMesh& mesh) {
  std::string out = "# written by hydrocontact\n";
  for (const Eigen::Vector3d& p : mesh.vertices()) out += FormatVertex(p);
  for (int f = 0; f < mesh.num_faces(); ++f) {
    out += 'f';
    for (int v : mesh.polygon(f)) out += fmt::format(" {}", v + 1);
    out += '\n';
  }
  return out;
}

void WriteObjFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh) {
  internal::WriteStringToFile(file, WriteObjString(mesh), "OBJ file");
}

void WriteObjFile(const std::filesystem::path& file, const PolygonSurfaceMesh& mesh) {
  internal::WriteStringToFile(file, WriteObjString(mesh), "OBJ file");
}

}  // namespace hydrocontact
