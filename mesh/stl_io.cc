#include "mesh/stl_io.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "mesh/binary_data.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"

namespace hydrocontact {
namespace {

constexpr size_t kBinaryHeaderBytes = 84;  // 80-byte comment + uint32 count.
constexpr size_t kBinaryFacetBytes = 50;   // Normal, 3 vertices (float32), uint16.

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

SurfaceReadResult ReadBinary(std::string_view data, std::string_view source, double scale) {
  const uint32_t count = internal::LoadBinary<uint32_t>(data.data() + 80, true);
  // The caller checked 84 + 50·count == size, so the facets are all there.
  std::vector<Eigen::Vector3d> positions;
  positions.reserve(3 * size_t(count));
  std::vector<int> sizes(size_t(count), 3);
  std::vector<int> indices(3 * size_t(count));
  for (uint32_t f = 0; f < count; ++f) {
    const size_t offset = kBinaryHeaderBytes + kBinaryFacetBytes * f;
    for (int v = 0; v < 3; ++v) {
      Eigen::Vector3d p;
      for (int i = 0; i < 3; ++i) {
        p[i] = double(internal::LoadBinary<float>(data.data() + offset + 12 + 12 * v + 4 * i, true));
      }
      if (!p.allFinite()) {
        throw std::runtime_error(fmt::format(
            "{}, facet {} (byte offset {}): vertex {} has a non-finite coordinate", source, f,
            offset, v));
      }
      indices[3 * size_t(f) + size_t(v)] = int(positions.size());
      positions.push_back(p);
    }
  }
  const auto location = [&](int v) {
    return fmt::format("{}, facet {}", source, v / 3);
  };
  return internal::AssembleSurface(positions, sizes, indices, scale, source, "STL", location);
}

SurfaceReadResult ReadAscii(std::string_view text, std::string_view source, double scale) {
  internal::LineScanner scan(text, source);
  std::vector<std::string_view> t;
  std::vector<Eigen::Vector3d> positions;
  std::vector<int> vertex_lines;
  std::vector<int> sizes;
  std::vector<int> indices;
  // States of the grammar: solid { facet normal / outer loop / vertex+ /
  // endloop / endfacet }* endsolid, possibly several solids.
  enum class State { kOutside, kSolid, kFacet, kLoop, kEndLoop } state = State::kOutside;
  int loop_size = 0;
  while (scan.NextNonBlankLine(&t)) {
    const std::string k = Lower(t[0]);
    auto expect = [&](bool ok, std::string_view wanted) {
      if (!ok) {
        scan.Fail(fmt::format("expected {}, found '{}'", wanted, internal::PrintableToken(t[0])));
      }
    };
    switch (state) {
      case State::kOutside:
        expect(k == "solid", "'solid'");
        state = State::kSolid;
        break;
      case State::kSolid:
        if (k == "endsolid") {
          state = State::kOutside;
          break;
        }
        expect(k == "facet", "'facet' or 'endsolid'");
        if (t.size() != 5 || Lower(t[1]) != "normal") scan.Fail("expected 'facet normal nx ny nz'");
        for (int i = 2; i < 5; ++i) scan.Double(t[size_t(i)], "facet normal");
        state = State::kFacet;
        break;
      case State::kFacet:
        expect(k == "outer" && t.size() == 2 && Lower(t[1]) == "loop", "'outer loop'");
        state = State::kLoop;
        loop_size = 0;
        break;
      case State::kLoop:
        if (k == "endloop") {
          if (loop_size < 3) {
            scan.Fail(fmt::format("a facet needs at least three vertices, this loop has {}",
                                  loop_size));
          }
          sizes.push_back(loop_size);
          state = State::kEndLoop;
          break;
        }
        expect(k == "vertex", "'vertex' or 'endloop'");
        if (t.size() != 4) scan.Fail("expected 'vertex x y z'");
        indices.push_back(int(positions.size()));
        positions.emplace_back(scan.Double(t[1], "vertex x"), scan.Double(t[2], "vertex y"),
                               scan.Double(t[3], "vertex z"));
        vertex_lines.push_back(scan.line());
        ++loop_size;
        break;
      case State::kEndLoop:
        expect(k == "endfacet", "'endfacet'");
        state = State::kSolid;
        break;
    }
  }
  if (state != State::kOutside && state != State::kSolid) {
    scan.Fail("truncated data: the file ends inside a facet");
  }
  const auto location = [&](int v) {
    return fmt::format("{}, line {}", source, vertex_lines[size_t(v)]);
  };
  return internal::AssembleSurface(positions, sizes, indices, scale, source, "STL", location);
}

}  // namespace

SurfaceReadResult ReadStlString(std::string_view contents, std::string_view source_name,
                                double scale) {
  internal::ValidateReadScale(scale, "STL", source_name);
  if (contents.size() >= kBinaryHeaderBytes) {
    const uint64_t count = internal::LoadBinary<uint32_t>(contents.data() + 80, true);
    // Binary files often begin with "solid" too; the size rule decides.
    if (kBinaryHeaderBytes + kBinaryFacetBytes * count == contents.size()) {
      return ReadBinary(contents, source_name, scale);
    }
  }
  size_t first = internal::Utf8BomLength(contents);
  while (first < contents.size() && std::isspace(static_cast<unsigned char>(contents[first]))) {
    ++first;
  }
  // ASCII STL holds no NUL byte, while binary facet data nearly always does
  // (a facet's attribute count is 0): a file that starts with "solid" but
  // holds one is binary, of the wrong size.
  const bool has_nul = contents.find('\0') != std::string_view::npos;
  if (Lower(contents.substr(first, 5)) == "solid" && !has_nul) {
    return ReadAscii(contents, source_name, scale);
  }
  if (contents.size() >= kBinaryHeaderBytes) {
    const uint64_t count = internal::LoadBinary<uint32_t>(contents.data() + 80, true);
    throw std::runtime_error(fmt::format(
        "{}, byte offset 80: the binary STL header announces {} facets, which need {} bytes, but "
        "the file has {} bytes (truncated or not STL)",
        source_name, count, kBinaryHeaderBytes + kBinaryFacetBytes * count, contents.size()));
  }
  throw std::runtime_error(fmt::format(
      "{}: not an STL file: it neither starts with 'solid' nor is {} bytes or more (binary)",
      source_name, kBinaryHeaderBytes));
}

SurfaceReadResult ReadStlFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, "STL", file.string());
  const std::string contents = internal::ReadFileToString(file, "STL file");
  return ReadStlString(contents, file.string(), scale);
}

std::string WriteStlString(const TriangleSurfaceMesh& mesh, bool binary) {
  std::string out;
  if (binary) {
    std::string header = "binary STL written by hydrocontact";
    header.resize(80, ' ');
    out = header;
    internal::StoreBinary<uint32_t>(uint32_t(mesh.num_triangles()), true, &out);
    for (int f = 0; f < mesh.num_triangles(); ++f) {
      const Eigen::Vector3d n = mesh.face_normal(f);
      for (int i = 0; i < 3; ++i) internal::StoreBinary<float>(float(n[i]), true, &out);
      for (int v : mesh.element(f)) {
        for (int i = 0; i < 3; ++i) internal::StoreBinary<float>(float(mesh.vertex(v)[i]), true, &out);
      }
      internal::StoreBinary<uint16_t>(0, true, &out);
    }
    return out;
  }
  out = "solid hydrocontact\n";
  for (int f = 0; f < mesh.num_triangles(); ++f) {
    const Eigen::Vector3d n = mesh.face_normal(f);
    out += fmt::format("facet normal {} {} {}\nouter loop\n", n.x(), n.y(), n.z());
    for (int v : mesh.element(f)) {
      const Eigen::Vector3d& p = mesh.vertex(v);
      out += fmt::format("vertex {} {} {}\n", p.x(), p.y(), p.z());
    }
    out += "endloop\nendfacet\n";
  }
  out += "endsolid hydrocontact\n";
  return out;
}

void WriteStlFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh, bool binary) {
  internal::WriteStringToFile(file, WriteStlString(mesh, binary), "STL file");
}

}  // namespace hydrocontact
