#include "mesh/msh_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "mesh/binary_data.h"
#include "mesh/surface_assembly.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"

namespace hydrocontact {
namespace {

// gmsh element types (gmsh's GmshDefines.h): number of nodes and dimension.
struct ElementTypeInfo {
  int nodes;
  int dimension;
};

const ElementTypeInfo* FindElementType(int64_t type) {
  static constexpr ElementTypeInfo kTypes[] = {
      {0, -1},  {2, 1},  {3, 2},  {4, 2},  {4, 3},  {8, 3},   {6, 3},  {5, 3},  {3, 1},
      {6, 2},   {9, 2},  {10, 3}, {27, 3}, {18, 3}, {14, 3},  {1, 0},  {8, 2},  {20, 3},
      {15, 3},  {13, 3}, {9, 2},  {10, 2}, {12, 2}, {15, 2},  {15, 2}, {21, 2}, {4, 1},
      {5, 1},   {6, 1},  {20, 3}, {35, 3}, {56, 3}};  // Types 1 .. 31.
  if (type < 1 || type > 31) return nullptr;
  return &kTypes[type];
}

constexpr int64_t kTetrahedron = 4;

class MshParser {
 public:
  MshParser(std::string_view text, std::string_view source)
      : text_(text), source_(source), pos_(internal::Utf8BomLength(text)) {}

  VtkVolumeData Parse(double scale);

 private:
  // Messages: "line N" in ASCII data, "byte offset B" in binary data.
  [[noreturn]] void Fail(const std::string& what) const {
    if (binary_data_) {
      throw std::runtime_error(fmt::format("{}, byte offset {}: {}", source_, pos_, what));
    }
    throw std::runtime_error(fmt::format("{}, line {}: {}", source_, line_, what));
  }

  // Skips whitespace, counting lines.
  void SkipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r' || text_[pos_] == '\n')) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }

  std::string_view Token(std::string_view what) {
    SkipSpace();
    const size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (start == pos_) Fail(fmt::format("truncated data: the file ends before {}", what));
    return text_.substr(start, pos_ - start);
  }

  double AsciiDouble(std::string_view what) {
    const std::string_view t = Token(what);
    double v;
    if (!internal::ParseDoubleToken(t, &v)) {
      Fail(fmt::format("{}: '{}' is not a number", what, internal::PrintableToken(t)));
    }
    if (!std::isfinite(v)) Fail(fmt::format("{}: '{}' is not finite", what, internal::PrintableToken(t)));
    return v;
  }

  int64_t AsciiInteger(std::string_view what) {
    const std::string_view t = Token(what);
    int64_t v;
    if (!internal::ParseIntegerToken(t, &v)) {
      Fail(fmt::format("{}: '{}' is not an integer", what, internal::PrintableToken(t)));
    }
    return v;
  }

  template <class T>
  T Binary(std::string_view what) {
    if (text_.size() - pos_ < sizeof(T)) {
      Fail(fmt::format("truncated data: the file ends before {}", what));
    }
    const T v = internal::LoadBinary<T>(text_.data() + pos_, little_endian_);
    pos_ += sizeof(T);
    return v;
  }

  // An integer stored as int32 (binary) or text.
  int64_t Int(std::string_view what) {
    return binary_data_ ? Binary<int32_t>(what) : AsciiInteger(what);
  }
  // A size_t (binary 4.1) or text.
  int64_t Size(std::string_view what) {
    if (!binary_data_) return AsciiInteger(what);
    const uint64_t v = Binary<uint64_t>(what);
    return v > uint64_t(std::numeric_limits<int64_t>::max()) ? -1 : int64_t(v);
  }
  double Double(std::string_view what) {
    if (!binary_data_) return AsciiDouble(what);
    const double v = Binary<double>(what);
    if (!std::isfinite(v)) Fail(fmt::format("{} is not finite", what));
    return v;
  }

  // A count that the rest of the file must be able to hold at
  // `min_bytes_each`: checked before anything is sized from it.
  int64_t Count(int64_t n, size_t min_bytes_each, std::string_view what) {
    if (n < 0 || n > std::numeric_limits<int>::max() ||
        size_t(n) > (text_.size() - pos_) / min_bytes_each + 1) {
      Fail(fmt::format("{} {} does not fit in the rest of the file", what, n));
    }
    return n;
  }

  // Moves past the rest of the current line.
  void SkipLine() {
    const size_t end = text_.find('\n', pos_);
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
    ++line_;
  }

  // Expects the "$EndName" line next.
  void ExpectEnd(const std::string& name) {
    const bool was_binary = binary_data_;
    binary_data_ = false;
    SkipSpace();
    const std::string end = "$End" + name;
    if (text_.substr(pos_, end.size()) != end) {
      binary_data_ = was_binary;
      Fail(fmt::format("expected '{}': the ${} section holds more or other data than announced",
                       end, name));
    }
    pos_ += end.size();
  }

  void ReadFormat();
  // `parametric`: a version 2 $ParametricNodes section (each node's
  // coordinates followed by its entity's dimension and tag and 0 to 2
  // parametric coordinates), read as $Nodes.
  void ReadNodes(bool parametric = false);
  void ReadElements();
  void AddNode(int64_t tag, const Eigen::Vector3d& p);
  void AddElement(int64_t type, int64_t tag, const int64_t* nodes, int num_nodes);
  // Version 2 lists an element once for every physical group that holds it
  // (gmsh writes a volume in two groups as two copies of each of its
  // tetrahedra, the same nodes in the same order): keeps the first of each
  // node sequence, counting the rest as skipped. Without this such a file
  // failed as a mesh with faces shared by three or four tetrahedra.
  void DropPhysicalGroupRepeats();

  std::string_view text_;
  std::string source_;
  size_t pos_;
  int line_{1};
  int major_version_{0};
  bool binary_{false};       // The file is binary.
  bool binary_data_{false};  // Currently reading binary data.
  bool little_endian_{true};
  bool have_nodes_{false}, have_elements_{false};
  std::vector<double> points_;
  std::unordered_map<int64_t, int> node_index_;
  std::vector<VolumeMesh::Element> tetrahedra_;
  std::vector<std::string> tetrahedron_where_;
  int num_skipped_{0};
};

void MshParser::ReadFormat() {
  SkipSpace();
  if (text_.substr(pos_, 11) != "$MeshFormat") {
    Fail("not a gmsh .msh file: it does not start with $MeshFormat");
  }
  SkipLine();
  const std::string_view version = Token("the version");
  if (version.substr(0, 2) == "2.") {
    major_version_ = 2;
  } else if (version == "4.1") {
    major_version_ = 4;
  } else {
    Fail(fmt::format("unsupported .msh version {} (2.2 and 4.1 are read; gmsh writes either with "
                     "-format msh22 or msh41)",
                     internal::PrintableToken(version)));
  }
  const int64_t file_type = AsciiInteger("the file type");
  const int64_t data_size = AsciiInteger("the data size");
  if (file_type != 0 && file_type != 1) Fail(fmt::format("file type {} is neither 0 (ASCII) nor 1 (binary)", file_type));
  if (data_size != 8) Fail(fmt::format("data size {} is not supported (8 is)", data_size));
  binary_ = file_type == 1;
  SkipLine();
  if (binary_) {
    // The integer 1, written in the writer's byte order.
    if (text_.size() - pos_ < 4) Fail("truncated data: the binary format check is missing");
    if (internal::LoadBinary<int32_t>(text_.data() + pos_, true) == 1) {
      little_endian_ = true;
    } else if (internal::LoadBinary<int32_t>(text_.data() + pos_, false) == 1) {
      little_endian_ = false;
    } else {
      Fail("the binary format check (the integer 1) is unreadable");
    }
    pos_ += 4;
  }
  ExpectEnd("MeshFormat");
}

void MshParser::AddNode(int64_t tag, const Eigen::Vector3d& p) {
  if (!node_index_.try_emplace(tag, int(points_.size() / 3)).second) {
    Fail(fmt::format("node tag {} appears twice", tag));
  }
  points_.insert(points_.end(), {p.x(), p.y(), p.z()});
}

void MshParser::AddElement(int64_t type, int64_t tag, const int64_t* nodes, int num_nodes) {
  const ElementTypeInfo* info = FindElementType(type);
  // (The caller has checked that the type is known.)
  if (info->dimension == 3 && type != kTetrahedron) {
    Fail(fmt::format("element {} has gmsh type {}, a 3-D element other than the 4-node "
                     "tetrahedron (type 4); only linear tetrahedra are supported",
                     tag, type));
  }
  if (type != kTetrahedron) {
    ++num_skipped_;
    return;
  }
  VolumeMesh::Element t;
  for (int i = 0; i < num_nodes; ++i) {
    const auto it = node_index_.find(nodes[i]);
    if (it == node_index_.end()) Fail(fmt::format("element {} refers to node tag {}, which is not defined", tag, nodes[i]));
    t[size_t(i)] = it->second;
  }
  tetrahedra_.push_back(t);
  tetrahedron_where_.push_back(binary_data_
                                   ? fmt::format("{}, byte offset {}: element {}", source_, pos_, tag)
                                   : fmt::format("{}, line {}: element {}", source_, line_, tag));
}

void MshParser::DropPhysicalGroupRepeats() {
  // Tetrahedra by node sequence, ties in file order: a repeat follows the
  // first of its kind.
  std::vector<size_t> order(tetrahedra_.size());
  for (size_t e = 0; e < order.size(); ++e) order[e] = e;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return tetrahedra_[a] < tetrahedra_[b]; });
  std::vector<bool> repeat(tetrahedra_.size(), false);
  for (size_t k = 1; k < order.size(); ++k) {
    if (tetrahedra_[order[k]] == tetrahedra_[order[k - 1]]) repeat[order[k]] = true;
  }
  size_t kept = 0;
  for (size_t e = 0; e < tetrahedra_.size(); ++e) {
    if (repeat[e]) {
      ++num_skipped_;
      continue;
    }
    if (kept != e) {
      tetrahedra_[kept] = tetrahedra_[e];
      tetrahedron_where_[kept] = std::move(tetrahedron_where_[e]);
    }
    ++kept;
  }
  tetrahedra_.resize(kept);
  tetrahedron_where_.resize(kept);
}

void MshParser::ReadNodes(bool parametric) {
  const char* section = parametric ? "ParametricNodes" : "Nodes";
  if (have_nodes_) Fail(fmt::format("a second ${} section (nodes were already read)", section));
  have_nodes_ = true;
  if (parametric && (major_version_ != 2 || binary_)) {
    Fail("$ParametricNodes is read only in version 2 ASCII files; save without parametric "
         "coordinates (gmsh: omit -save_parametric)");
  }
  if (major_version_ == 2) {
    const int64_t n = Count(AsciiInteger("the node count"), binary_ ? 28 : 8, "node count");
    SkipLine();
    binary_data_ = binary_;
    points_.reserve(3 * size_t(n));
    for (int64_t k = 0; k < n; ++k) {
      const int64_t tag = Int("a node tag");
      Eigen::Vector3d p;
      for (int i = 0; i < 3; ++i) p[i] = Double("a node coordinate");
      if (parametric) {
        // A node on a curve has one parametric coordinate, on a surface two;
        // on a point or in a volume none.
        const int64_t dim = Int("the node's entity dimension");
        Int("the node's entity tag");
        const int extra = dim == 1 ? 1 : dim == 2 ? 2 : 0;
        for (int i = 0; i < extra; ++i) Double("a parametric coordinate");
      }
      AddNode(tag, p);
    }
  } else {
    binary_data_ = binary_;
    const int64_t num_blocks = Count(Size("the entity block count"), binary_ ? 20 : 8, "entity block count");
    const int64_t n = Count(Size("the node count"), binary_ ? 32 : 8, "node count");
    Size("the minimum node tag");
    Size("the maximum node tag");
    points_.reserve(3 * size_t(n));
    for (int64_t b = 0; b < num_blocks; ++b) {
      const int64_t dim = Int("the entity dimension");
      Int("the entity tag");
      const int64_t parametric = Int("the parametric flag");
      const int64_t in_block = Count(Size("the block's node count"), binary_ ? 32 : 8, "block node count");
      const int extra = parametric ? int(std::clamp<int64_t>(dim, 0, 3)) : 0;
      std::vector<int64_t> tags(static_cast<size_t>(in_block));
      for (auto& tag : tags) tag = Size("a node tag");
      for (const int64_t tag : tags) {
        Eigen::Vector3d p;
        for (int i = 0; i < 3; ++i) p[i] = Double("a node coordinate");
        for (int i = 0; i < extra; ++i) Double("a parametric coordinate");
        AddNode(tag, p);
      }
    }
    if (int64_t(points_.size() / 3) != n) {
      Fail(fmt::format("$Nodes announces {} nodes but its blocks hold {}", n, points_.size() / 3));
    }
  }
  binary_data_ = false;
  ExpectEnd(section);
}

void MshParser::ReadElements() {
  if (!have_nodes_) Fail("$Elements before $Nodes");
  if (have_elements_) Fail("a second $Elements section");
  have_elements_ = true;
  int64_t nodes[64];
  auto type_info = [&](int64_t type, int64_t tag) {
    const ElementTypeInfo* info = FindElementType(type);
    if (info == nullptr) Fail(fmt::format("element {} has unknown gmsh element type {}", tag, type));
    return info;
  };
  if (major_version_ == 2) {
    const int64_t n = Count(AsciiInteger("the element count"), binary_ ? 12 : 8, "element count");
    SkipLine();
    binary_data_ = binary_;
    int64_t read = 0;
    while (read < n) {
      if (binary_) {
        // Blocks of elements of one type: type, count, number of tags.
        const int64_t type = Int("an element type");
        const int64_t count = Count(Int("an element block count"), 8, "element block count");
        const int64_t num_tags = Int("a tag count");
        const ElementTypeInfo* info = type_info(type, read);
        if (num_tags < 0 || num_tags > 64) Fail(fmt::format("tag count {} is out of range", num_tags));
        if (count > n - read) Fail(fmt::format("element blocks hold more than the {} elements announced", n));
        for (int64_t k = 0; k < count; ++k) {
          const int64_t tag = Int("an element tag");
          for (int64_t i = 0; i < num_tags; ++i) Int("an element's tag");
          for (int i = 0; i < info->nodes; ++i) nodes[i] = Int("an element node");
          AddElement(type, tag, nodes, info->nodes);
        }
        read += count;
      } else {
        const int64_t tag = AsciiInteger("an element tag");
        const int64_t type = AsciiInteger("an element type");
        const ElementTypeInfo* info = type_info(type, tag);
        const int64_t num_tags = AsciiInteger("a tag count");
        if (num_tags < 0 || num_tags > 64) Fail(fmt::format("tag count {} is out of range", num_tags));
        for (int64_t i = 0; i < num_tags; ++i) AsciiInteger("an element's tag");
        for (int i = 0; i < info->nodes; ++i) nodes[i] = AsciiInteger("an element node");
        AddElement(type, tag, nodes, info->nodes);
        ++read;
      }
    }
  } else {
    binary_data_ = binary_;
    const int64_t num_blocks = Count(Size("the entity block count"), binary_ ? 20 : 8, "entity block count");
    const int64_t n = Count(Size("the element count"), binary_ ? 16 : 4, "element count");
    Size("the minimum element tag");
    Size("the maximum element tag");
    int64_t read = 0;
    for (int64_t b = 0; b < num_blocks; ++b) {
      Int("the entity dimension");
      Int("the entity tag");
      const int64_t type = Int("the element type");
      const ElementTypeInfo* info = type_info(type, read);
      const int64_t count = Count(Size("the block's element count"), binary_ ? 16 : 4, "block element count");
      if (count > n - read) Fail(fmt::format("element blocks hold more than the {} elements announced", n));
      for (int64_t k = 0; k < count; ++k) {
        const int64_t tag = Size("an element tag");
        for (int i = 0; i < info->nodes; ++i) nodes[i] = Size("an element node");
        AddElement(type, tag, nodes, info->nodes);
      }
      read += count;
    }
    if (read != n) Fail(fmt::format("$Elements announces {} elements but its blocks hold {}", n, read));
  }
  binary_data_ = false;
  ExpectEnd("Elements");
}

VtkVolumeData MshParser::Parse(double scale) {
  ReadFormat();
  while (true) {
    SkipSpace();
    if (pos_ >= text_.size()) break;
    if (text_[pos_] != '$') Fail("expected a section ('$Name') here");
    size_t end = pos_;
    while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end]))) ++end;
    const std::string name(text_.substr(pos_ + 1, end - pos_ - 1));
    SkipLine();
    if (name == "Nodes" || name == "ParametricNodes") {
      ReadNodes(name == "ParametricNodes");
    } else if (name == "Elements") {
      ReadElements();
    } else {
      // Any other section ($PhysicalNames, $Entities, $NodeData...) is
      // read past, to its end marker.
      const std::string marker = "$End" + name;
      const size_t at = text_.find(marker, pos_);
      if (at == std::string_view::npos) Fail(fmt::format("section ${} has no {}", internal::PrintableToken(name), marker));
      line_ += int(std::count(text_.begin() + std::ptrdiff_t(pos_), text_.begin() + std::ptrdiff_t(at), '\n'));
      pos_ = at + marker.size();
    }
  }
  if (!have_nodes_) throw std::runtime_error(fmt::format("{}: no $Nodes section", source_));
  if (!have_elements_) throw std::runtime_error(fmt::format("{}: no $Elements section", source_));
  if (tetrahedra_.empty()) {
    throw std::runtime_error(fmt::format(
        "{}: no tetrahedra (gmsh element type 4) among its elements ({} others skipped); mesh "
        "the volume with 'gmsh -3', and if the model defines physical groups, put the volume in "
        "one (gmsh then saves only the elements of physical groups) or save with "
        "-save_all",
        source_, num_skipped_));
  }
  if (major_version_ == 2) DropPhysicalGroupRepeats();
  VtkVolumeData data = internal::AssembleVolume(
      points_, std::move(tetrahedra_), scale, source_,
      [&](size_t e) { return tetrahedron_where_[e]; });
  data.num_skipped_cells = num_skipped_;
  return data;
}

}  // namespace

VtkVolumeData ReadMshString(std::string_view contents, std::string_view source_name, double scale) {
  internal::ValidateReadScale(scale, ".msh", source_name);
  MshParser parser(contents, source_name);
  return parser.Parse(scale);
}

VtkVolumeData ReadMshFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, ".msh", file.string());
  const std::string contents = internal::ReadFileToString(file, "gmsh file");
  return ReadMshString(contents, file.string(), scale);
}

}  // namespace hydrocontact
