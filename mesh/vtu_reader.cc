#include "mesh/vtu_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "mesh/binary_data.h"
#include "mesh/surface_assembly.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"
#include "mesh/vtk_cell_types.h"

namespace hydrocontact {
namespace {

// The numeric types of VTK XML DataArrays.
enum class Kind { kSigned, kUnsigned, kFloat };

struct XmlType {
  std::string_view name;
  Kind kind;
  int bytes;
};

std::optional<XmlType> FindXmlType(std::string_view name) {
  static constexpr XmlType kTypes[] = {
      {"Int8", Kind::kSigned, 1},     {"UInt8", Kind::kUnsigned, 1},  {"Int16", Kind::kSigned, 2},
      {"UInt16", Kind::kUnsigned, 2}, {"Int32", Kind::kSigned, 4},    {"UInt32", Kind::kUnsigned, 4},
      {"Int64", Kind::kSigned, 8},    {"UInt64", Kind::kUnsigned, 8}, {"Float32", Kind::kFloat, 4},
      {"Float64", Kind::kFloat, 8}};
  for (const XmlType& t : kTypes) {
    if (t.name == name) return t;
  }
  return std::nullopt;
}

// One binary value of type `t` as a double (floats) or, exactly, as an
// int64 (integers; a UInt64 above the int64 range is reported as nullopt).
double LoadAsDouble(const char* p, const XmlType& t, bool little) {
  using internal::LoadBinary;
  switch (t.kind) {
    case Kind::kFloat:
      return t.bytes == 4 ? double(LoadBinary<float>(p, little)) : LoadBinary<double>(p, little);
    case Kind::kSigned:
      switch (t.bytes) {
        case 1: return LoadBinary<int8_t>(p, little);
        case 2: return LoadBinary<int16_t>(p, little);
        case 4: return LoadBinary<int32_t>(p, little);
        default: return double(LoadBinary<int64_t>(p, little));
      }
    case Kind::kUnsigned:
      switch (t.bytes) {
        case 1: return LoadBinary<uint8_t>(p, little);
        case 2: return LoadBinary<uint16_t>(p, little);
        case 4: return LoadBinary<uint32_t>(p, little);
        default: return double(LoadBinary<uint64_t>(p, little));
      }
  }
  return 0;
}

std::optional<int64_t> LoadAsInteger(const char* p, const XmlType& t, bool little) {
  using internal::LoadBinary;
  if (t.kind == Kind::kSigned) {
    switch (t.bytes) {
      case 1: return LoadBinary<int8_t>(p, little);
      case 2: return LoadBinary<int16_t>(p, little);
      case 4: return LoadBinary<int32_t>(p, little);
      default: return LoadBinary<int64_t>(p, little);
    }
  }
  switch (t.bytes) {
    case 1: return LoadBinary<uint8_t>(p, little);
    case 2: return LoadBinary<uint16_t>(p, little);
    case 4: return LoadBinary<uint32_t>(p, little);
    default: {
      const uint64_t v = LoadBinary<uint64_t>(p, little);
      if (v > uint64_t(std::numeric_limits<int64_t>::max())) return std::nullopt;
      return int64_t(v);
    }
  }
}

// The value of a base64 digit, or -1.
int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool IsXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Decodes base64 text from text[*pos] on, appending to *out until it holds
// `want` bytes or the text stops being base64 (whitespace is skipped).
// Groups may end in '=' padding in mid-stream: VTK encodes the header and
// the data of a block either as one stream or as two. Returns false on a
// malformed group (a digit count or padding that base64 does not allow).
bool DecodeBase64(std::string_view text, size_t* pos, size_t want, std::string* out) {
  int group[4];
  int n = 0;
  size_t i = *pos;
  while (out->size() < want && i < text.size()) {
    const char c = text[i];
    if (IsXmlSpace(c)) {
      ++i;
      continue;
    }
    if (c == '=') {
      // Padding ends the group: 2 digits give one byte, 3 give two.
      if (n < 2) return false;
      const int bytes = n - 1;
      const uint32_t v = (uint32_t(group[0]) << 18) | (uint32_t(group[1]) << 12) |
                         (n > 2 ? uint32_t(group[2]) << 6 : 0);
      out->push_back(char(v >> 16));
      if (bytes == 2) out->push_back(char((v >> 8) & 0xff));
      // Skip the rest of the padding ("==" after two digits).
      ++i;
      if (n == 2) {
        while (i < text.size() && IsXmlSpace(text[i])) ++i;
        if (i >= text.size() || text[i] != '=') return false;
        ++i;
      }
      n = 0;
      continue;
    }
    const int d = Base64Digit(c);
    if (d < 0) break;
    group[n++] = d;
    ++i;
    if (n == 4) {
      const uint32_t v = (uint32_t(group[0]) << 18) | (uint32_t(group[1]) << 12) |
                         (uint32_t(group[2]) << 6) | uint32_t(group[3]);
      out->push_back(char(v >> 16));
      out->push_back(char((v >> 8) & 0xff));
      out->push_back(char(v & 0xff));
      n = 0;
    }
  }
  *pos = i;
  return n == 0;
}

// A start tag: its name, attributes, where it starts and where its content
// starts, and whether it closes itself ("<X ... />").
struct Tag {
  std::string_view name;
  std::vector<std::pair<std::string_view, std::string_view>> attributes;
  size_t start{0};
  size_t content{0};
  bool self_closing{false};

  std::optional<std::string_view> Get(std::string_view key) const {
    for (const auto& [k, v] : attributes) {
      if (k == key) return v;
    }
    return std::nullopt;
  }
};

// A DataArray element whose values the reader needs.
struct ArrayRef {
  Tag tag;
  std::string_view name;
};

struct PieceRefs {
  Tag piece;
  std::optional<ArrayRef> points;
  std::optional<ArrayRef> connectivity, offsets, types;
  std::vector<ArrayRef> point_data;
};

class VtuParser {
 public:
  VtuParser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

  VtkVolumeData Parse(double scale);

 private:
  int LineOf(size_t pos) const {
    return 1 + int(std::count(text_.begin(), text_.begin() + std::ptrdiff_t(std::min(pos, text_.size())), '\n'));
  }
  [[noreturn]] void FailAt(size_t pos, const std::string& what) const {
    throw std::runtime_error(fmt::format("{}, line {}: {}", source_, LineOf(pos), what));
  }
  [[noreturn]] void FailArray(const ArrayRef& a, const std::string& what) const {
    FailAt(a.tag.start, fmt::format("DataArray '{}': {}", internal::PrintableToken(a.name), what));
  }
  [[noreturn]] void FailFile(const std::string& what) const {
    throw std::runtime_error(fmt::format("{}: {}", source_, what));
  }

  // Reads the tag starting at text_[pos] == '<' (not a comment or
  // declaration), leaving pos after its '>'.
  Tag ReadStartTag(size_t* pos) const;
  void Scan();

  // The declared count attribute `key` of `tag`, in [0, INT_MAX].
  int64_t CountAttribute(const Tag& tag, std::string_view key) const;

  // The array's raw bytes (binary and appended formats) after checking its
  // header's byte count against `expected_bytes`.
  std::string Bytes(const ArrayRef& a, const XmlType& t, int64_t expected_values);
  // The array's values as doubles (any numeric type) or integers (integer
  // types), `expected` of them.
  std::vector<double> Doubles(const ArrayRef& a, int64_t expected);
  std::vector<int64_t> Integers(const ArrayRef& a, int64_t expected);
  // The body of Doubles and Integers: `expected` values of array `a`, ASCII
  // tokens read by parse_token(token, &value) (false: not `kind`), binary
  // ones by load_binary(bytes, type, index).
  template <class T, class ParseToken, class LoadBinary>
  std::vector<T> Values(const ArrayRef& a, int64_t expected, const char* kind, ParseToken&& parse_token,
                        LoadBinary&& load_binary);
  XmlType TypeOf(const ArrayRef& a) const;
  // The text of an ASCII array (up to its first child tag or end tag).
  std::string_view AsciiText(const ArrayRef& a) const;

  std::string_view text_;
  std::string source_;
  bool little_endian_{true};
  int header_bytes_{4};
  std::vector<PieceRefs> pieces_;
  std::optional<size_t> appended_start_;  // Just after the '_'.
  // The VTKFile's compressor attribute (empty: none); refused by Bytes.
  std::string_view compressor_;
  bool appended_base64_{false};
};

Tag VtuParser::ReadStartTag(size_t* pos) const {
  Tag tag;
  tag.start = *pos;
  size_t i = *pos + 1;
  const size_t name_start = i;
  while (i < text_.size() && !IsXmlSpace(text_[i]) && text_[i] != '>' && text_[i] != '/') ++i;
  tag.name = text_.substr(name_start, i - name_start);
  if (tag.name.empty()) FailAt(tag.start, "a '<' that starts no element");
  while (true) {
    while (i < text_.size() && IsXmlSpace(text_[i])) ++i;
    if (i >= text_.size()) FailAt(tag.start, fmt::format("the tag <{}> is not closed", internal::PrintableToken(tag.name)));
    if (text_[i] == '>') {
      ++i;
      break;
    }
    if (text_[i] == '/') {
      if (i + 1 >= text_.size() || text_[i + 1] != '>') FailAt(i, "'/' inside a tag not followed by '>'");
      tag.self_closing = true;
      i += 2;
      break;
    }
    const size_t key_start = i;
    while (i < text_.size() && text_[i] != '=' && !IsXmlSpace(text_[i]) && text_[i] != '>') ++i;
    const std::string_view key = text_.substr(key_start, i - key_start);
    while (i < text_.size() && IsXmlSpace(text_[i])) ++i;
    if (i >= text_.size() || text_[i] != '=') {
      FailAt(key_start, fmt::format("attribute '{}' of <{}> has no value", internal::PrintableToken(key),
                                    internal::PrintableToken(tag.name)));
    }
    ++i;
    while (i < text_.size() && IsXmlSpace(text_[i])) ++i;
    if (i >= text_.size() || (text_[i] != '"' && text_[i] != '\'')) {
      FailAt(key_start, fmt::format("the value of attribute '{}' is not quoted", internal::PrintableToken(key)));
    }
    const char quote = text_[i++];
    const size_t value_end = text_.find(quote, i);
    if (value_end == std::string_view::npos) {
      FailAt(key_start, fmt::format("the value of attribute '{}' is not terminated", internal::PrintableToken(key)));
    }
    tag.attributes.emplace_back(key, text_.substr(i, value_end - i));
    i = value_end + 1;
  }
  tag.content = i;
  *pos = i;
  return tag;
}

void VtuParser::Scan() {
  std::vector<std::string_view> open;  // The element stack.
  bool have_file = false;
  size_t pos = 0;
  while (true) {
    pos = text_.find('<', pos);
    if (pos == std::string_view::npos) break;
    const std::string_view rest = text_.substr(pos);
    if (rest.starts_with("<?") || rest.starts_with("<!--") || rest.starts_with("<!")) {
      const std::string_view end = rest.starts_with("<?") ? "?>" : rest.starts_with("<!--") ? "-->" : ">";
      const size_t at = text_.find(end, pos + 2);
      if (at == std::string_view::npos) FailAt(pos, "an XML declaration or comment is not closed");
      pos = at + end.size();
      continue;
    }
    if (rest.starts_with("</")) {
      const size_t close = text_.find('>', pos);
      if (close == std::string_view::npos) FailAt(pos, "an end tag is not closed");
      std::string_view name = text_.substr(pos + 2, close - pos - 2);
      while (!name.empty() && IsXmlSpace(name.back())) name.remove_suffix(1);
      if (open.empty() || open.back() != name) {
        FailAt(pos, fmt::format("end tag </{}> does not match the open element {}",
                                internal::PrintableToken(name),
                                open.empty() ? std::string("(none)")
                                             : fmt::format("<{}>", internal::PrintableToken(open.back()))));
      }
      open.pop_back();
      pos = close + 1;
      continue;
    }
    const Tag tag = ReadStartTag(&pos);
    const std::string_view parent = open.empty() ? std::string_view() : open.back();
    if (tag.name == "VTKFile") {
      if (have_file) FailAt(tag.start, "a second <VTKFile> element");
      have_file = true;
      const auto type = tag.Get("type");
      if (type != "UnstructuredGrid") {
        FailAt(tag.start, fmt::format("VTKFile type '{}' is not UnstructuredGrid (a .vtu file holds "
                                      "an unstructured grid of tetrahedra)",
                                      internal::PrintableToken(type.value_or(""))));
      }
      // Only binary and appended blocks are compressed; VTK names its
      // compressor in files whose arrays are all ascii too (see Bytes).
      compressor_ = tag.Get("compressor").value_or("");
      const std::string_view order = tag.Get("byte_order").value_or("LittleEndian");
      if (order == "LittleEndian") {
        little_endian_ = true;
      } else if (order == "BigEndian") {
        little_endian_ = false;
      } else {
        FailAt(tag.start, fmt::format("byte_order '{}' is neither LittleEndian nor BigEndian",
                                      internal::PrintableToken(order)));
      }
      // Files of version 0.1 without header_type use UInt32 headers.
      const std::string_view header = tag.Get("header_type").value_or("UInt32");
      if (header == "UInt32") {
        header_bytes_ = 4;
      } else if (header == "UInt64") {
        header_bytes_ = 8;
      } else {
        FailAt(tag.start, fmt::format("header_type '{}' is neither UInt32 nor UInt64",
                                      internal::PrintableToken(header)));
      }
    } else if (tag.name == "Piece" && parent == "UnstructuredGrid") {
      pieces_.push_back(PieceRefs{tag, {}, {}, {}, {}, {}});
    } else if (tag.name == "DataArray" && !pieces_.empty() &&
               (parent == "Points" || parent == "Cells" || parent == "PointData")) {
      const ArrayRef a{tag, tag.Get("Name").value_or("")};
      PieceRefs& piece = pieces_.back();
      if (parent == "Points") {
        if (piece.points) FailAt(tag.start, "a second DataArray in <Points>");
        piece.points = a;
      } else if (parent == "Cells") {
        std::optional<ArrayRef>* slot = a.name == "connectivity" ? &piece.connectivity
                                        : a.name == "offsets"    ? &piece.offsets
                                        : a.name == "types"      ? &piece.types
                                                                 : nullptr;
        // (Polyhedron "faces" and "faceoffsets" are not needed: polyhedra
        // are refused by their cell type.)
        if (slot != nullptr) {
          if (*slot) FailArray(a, "appears twice in <Cells>");
          *slot = a;
        }
      } else {
        piece.point_data.push_back(a);
      }
    } else if (tag.name == "AppendedData") {
      const std::string_view encoding = tag.Get("encoding").value_or("raw");
      if (encoding != "raw" && encoding != "base64") {
        FailAt(tag.start, fmt::format("AppendedData encoding '{}' is neither raw nor base64",
                                      internal::PrintableToken(encoding)));
      }
      appended_base64_ = encoding == "base64";
      size_t i = tag.content;
      while (i < text_.size() && IsXmlSpace(text_[i])) ++i;
      if (i >= text_.size() || text_[i] != '_') {
        FailAt(tag.start, "AppendedData does not start with '_'");
      }
      appended_start_ = i + 1;
      // Raw data may hold any byte, '<' included: the XML ends here.
      return;
    }
    if (!tag.self_closing) open.push_back(tag.name);
  }
  if (!have_file) FailFile("not a VTK XML file: no <VTKFile> element");
}

int64_t VtuParser::CountAttribute(const Tag& tag, std::string_view key) const {
  const auto value = tag.Get(key);
  if (!value) FailAt(tag.start, fmt::format("<{}> has no {} attribute", tag.name, key));
  int64_t n;
  if (!internal::ParseIntegerToken(*value, &n) || n < 0 || n > std::numeric_limits<int>::max()) {
    FailAt(tag.start, fmt::format("{}='{}' is not a count in [0, {}]", key,
                                  internal::PrintableToken(*value), std::numeric_limits<int>::max()));
  }
  return n;
}

XmlType VtuParser::TypeOf(const ArrayRef& a) const {
  const std::string_view name = a.tag.Get("type").value_or("");
  const auto t = FindXmlType(name);
  if (!t) FailArray(a, fmt::format("type '{}' is not a numeric type (Int8 ... UInt64, Float32, Float64)", internal::PrintableToken(name)));
  return *t;
}

std::string_view VtuParser::AsciiText(const ArrayRef& a) const {
  if (a.tag.self_closing) return {};
  const size_t end = text_.find('<', a.tag.content);
  return text_.substr(a.tag.content, (end == std::string_view::npos ? text_.size() : end) - a.tag.content);
}

std::string VtuParser::Bytes(const ArrayRef& a, const XmlType& t, int64_t expected_values) {
  const std::string_view format = a.tag.Get("format").value_or("");
  if (!compressor_.empty() && (format == "binary" || format == "appended")) {
    FailArray(a, fmt::format("its data is compressed ({}), which is not supported: re-save without "
                             "compression (ParaView: Save Data with Compressor Type 'None'; VTK: "
                             "vtkXMLWriter::SetCompressorTypeToNone(); meshio: compression=None)",
                             internal::PrintableToken(compressor_)));
  }
  // The block's header is its byte count; the data must be exactly that.
  auto check_count = [&](uint64_t n) {
    if (n != uint64_t(expected_values) * uint64_t(t.bytes)) {
      FailArray(a, fmt::format("its block holds {} bytes, not the {} of {} {} values", n,
                               uint64_t(expected_values) * uint64_t(t.bytes), expected_values, t.name));
    }
  };
  auto header_value = [&](const char* p) -> uint64_t {
    return header_bytes_ == 4 ? internal::LoadBinary<uint32_t>(p, little_endian_)
                              : internal::LoadBinary<uint64_t>(p, little_endian_);
  };
  std::string bytes;
  if (format == "binary" || (format == "appended" && appended_base64_)) {
    size_t pos = a.tag.content;
    if (format == "appended") {
      const int64_t offset = CountAttribute(a.tag, "offset");
      if (uint64_t(offset) > text_.size() - *appended_start_) {
        FailArray(a, fmt::format("offset {} lies beyond the end of the file", offset));
      }
      pos = *appended_start_ + size_t(offset);
    } else if (a.tag.self_closing) {
      FailArray(a, "a binary array without data");
    }
    if (!DecodeBase64(text_, &pos, size_t(header_bytes_), &bytes) || bytes.size() < size_t(header_bytes_)) {
      FailArray(a, "its base64 block header is missing or invalid");
    }
    const uint64_t n = header_value(bytes.data());
    // Base64 holds 3 bytes per 4 characters: check before decoding.
    if (n > (text_.size() - pos) / 4 * 3 + 3) {
      FailArray(a, fmt::format("its block header announces {} bytes, more than the rest of the file holds", n));
    }
    check_count(n);
    if (!DecodeBase64(text_, &pos, size_t(header_bytes_) + size_t(n), &bytes) ||
        bytes.size() < size_t(header_bytes_) + size_t(n)) {
      FailArray(a, "its base64 data is truncated or invalid");
    }
    return bytes.substr(size_t(header_bytes_), size_t(n));
  }
  if (format == "appended") {
    const int64_t offset = CountAttribute(a.tag, "offset");
    const size_t available = text_.size() - *appended_start_;
    if (uint64_t(offset) > available || available - size_t(offset) < size_t(header_bytes_)) {
      FailArray(a, fmt::format("its appended block at offset {} lies beyond the end of the file", offset));
    }
    const size_t at = *appended_start_ + size_t(offset);
    const uint64_t n = header_value(text_.data() + at);
    if (n > text_.size() - at - size_t(header_bytes_)) {
      FailArray(a, fmt::format("its appended block (offset {}) announces {} bytes, more than the rest of "
                               "the file holds",
                               offset, n));
    }
    check_count(n);
    return std::string(text_.substr(at + size_t(header_bytes_), size_t(n)));
  }
  FailArray(a, fmt::format("format '{}' is not ascii, binary or appended", internal::PrintableToken(format)));
}

template <class T, class ParseToken, class LoadBinary>
std::vector<T> VtuParser::Values(const ArrayRef& a, int64_t expected, const char* kind,
                                 ParseToken&& parse_token, LoadBinary&& load_binary) {
  const XmlType t = TypeOf(a);
  std::vector<T> values;
  if (a.tag.Get("format") == "ascii") {
    std::vector<std::string_view> tokens;
    internal::SplitTokens(AsciiText(a), &tokens);
    if (int64_t(tokens.size()) != expected) {
      FailArray(a, fmt::format("holds {} values instead of {}", tokens.size(), expected));
    }
    values.resize(tokens.size());
    for (size_t k = 0; k < tokens.size(); ++k) {
      if (!parse_token(tokens[k], &values[k])) {
        FailArray(a, fmt::format("value {} '{}' is not {}", k, internal::PrintableToken(tokens[k]), kind));
      }
    }
  } else {
    if (appended_start_ == std::nullopt && a.tag.Get("format") == "appended") {
      FailArray(a, "its format is appended but the file has no <AppendedData>");
    }
    const std::string bytes = Bytes(a, t, expected);
    values.resize(size_t(expected));
    for (size_t k = 0; k < values.size(); ++k) {
      values[k] = load_binary(bytes.data() + k * size_t(t.bytes), t, k);
    }
  }
  return values;
}

std::vector<double> VtuParser::Doubles(const ArrayRef& a, int64_t expected) {
  std::vector<double> values = Values<double>(
      a, expected, "a number", [](std::string_view token, double* v) { return internal::ParseDoubleToken(token, v); },
      [&](const char* p, const XmlType& t, size_t) { return LoadAsDouble(p, t, little_endian_); });
  for (size_t k = 0; k < values.size(); ++k) {
    if (!std::isfinite(values[k])) FailArray(a, fmt::format("value {} is not finite", k));
  }
  return values;
}

std::vector<int64_t> VtuParser::Integers(const ArrayRef& a, int64_t expected) {
  const XmlType t = TypeOf(a);
  if (t.kind == Kind::kFloat) FailArray(a, fmt::format("type {} is not an integer type", t.name));
  return Values<int64_t>(
      a, expected, "an integer",
      [](std::string_view token, int64_t* v) { return internal::ParseIntegerToken(token, v); },
      [&](const char* p, const XmlType& type, size_t k) {
        const auto v = LoadAsInteger(p, type, little_endian_);
        if (!v) FailArray(a, fmt::format("value {} exceeds the 64-bit signed range", k));
        return *v;
      });
}

VtkVolumeData VtuParser::Parse(double scale) {
  Scan();
  if (pieces_.empty()) FailFile("no <Piece> in <UnstructuredGrid>");
  std::vector<double> points;
  std::vector<VolumeMesh::Element> tetrahedra;
  // Where each tetrahedron is, for messages: its cell number and the line
  // of its piece's connectivity array (formatted only on failure).
  std::vector<std::pair<int64_t, int>> tetrahedron_where;
  std::map<std::string, std::vector<double>> point_arrays;
  std::map<std::string, int> point_array_pieces;
  int num_skipped = 0;
  int64_t cell_base = 0;
  for (const PieceRefs& piece : pieces_) {
    const int64_t num_points = CountAttribute(piece.piece, "NumberOfPoints");
    const int64_t num_cells = CountAttribute(piece.piece, "NumberOfCells");
    const int64_t point_base = int64_t(points.size() / 3);
    if (point_base + num_points > std::numeric_limits<int>::max()) {
      FailAt(piece.piece.start, "more points than a mesh can index");
    }
    if (!piece.points) FailAt(piece.piece.start, "the <Piece> has no <Points> DataArray");
    if (!piece.connectivity || !piece.offsets || !piece.types) {
      FailAt(piece.piece.start, "the <Piece> lacks one of the <Cells> arrays connectivity, offsets and types");
    }
    const auto components = piece.points->tag.Get("NumberOfComponents").value_or("1");
    if (components != "3") {
      FailArray(*piece.points, fmt::format("points need NumberOfComponents=\"3\", not \"{}\"",
                                           internal::PrintableToken(components)));
    }
    const std::vector<double> p = Doubles(*piece.points, 3 * num_points);
    points.insert(points.end(), p.begin(), p.end());

    const std::vector<int64_t> offsets = Integers(*piece.offsets, num_cells);
    const std::vector<int64_t> types = Integers(*piece.types, num_cells);
    // The connectivity's length is the last offset; the offsets are
    // checked against it below.
    const int64_t total = offsets.empty() ? 0 : offsets.back();
    if (total < 0 || total > int64_t(text_.size())) {
      FailArray(*piece.offsets, fmt::format("the last offset {} is not a plausible connectivity length", total));
    }
    const std::vector<int64_t> connectivity = Integers(*piece.connectivity, total);
    const int connectivity_line = LineOf(piece.connectivity->tag.start);
    int64_t begin = 0;
    for (int64_t c = 0; c < num_cells; ++c) {
      const int64_t end = offsets[size_t(c)];
      if (end < begin || end > total) {
        FailArray(*piece.offsets, fmt::format("offset {} of cell {} is not in [{}, {}]", end, cell_base + c, begin, total));
      }
      const internal::VtkCellType* info = internal::FindVtkCellType(types[size_t(c)]);
      if (info == nullptr) {
        FailArray(*piece.types, fmt::format("cell {} has unknown VTK cell type {}", cell_base + c, types[size_t(c)]));
      }
      if (info->dimension == 3 && info->id != internal::kVtkTetra) {
        FailArray(*piece.types, fmt::format("cell {} is a {} (VTK cell type {}); only tetrahedra (type 10) are supported",
                                            cell_base + c, info->name, info->id));
      }
      const int64_t count = end - begin;
      if (info->num_vertices >= 0 && count != info->num_vertices) {
        FailArray(*piece.connectivity, fmt::format("cell {} is a {} (VTK cell type {}) but lists {} vertices instead of {}",
                                                   cell_base + c, info->name, info->id, count, info->num_vertices));
      }
      for (int64_t k = begin; k < end; ++k) {
        const int64_t v = connectivity[size_t(k)];
        if (v < 0 || v >= num_points) {
          FailArray(*piece.connectivity, fmt::format("cell {} refers to point {}, out of range [0, {})", cell_base + c, v, num_points));
        }
      }
      if (info->id == internal::kVtkTetra) {
        VolumeMesh::Element t;
        for (int i = 0; i < 4; ++i) t[size_t(i)] = int(point_base + connectivity[size_t(begin + i)]);
        tetrahedra.push_back(t);
        tetrahedron_where.emplace_back(cell_base + c, connectivity_line);
      } else {
        ++num_skipped;
      }
      begin = end;
    }
    cell_base += num_cells;

    // One-component numeric point arrays; others (vectors, strings) are
    // not needed and skipped unread.
    std::map<std::string, int> seen;
    for (const ArrayRef& a : piece.point_data) {
      if (a.tag.Get("NumberOfComponents").value_or("1") != "1") continue;
      if (!FindXmlType(a.tag.Get("type").value_or(""))) continue;
      const std::string name(a.name);
      if (seen[name]++ > 0) FailArray(a, "a second PointData array of this name");
      const std::vector<double> v = Doubles(a, num_points);
      auto& all = point_arrays[name];
      all.insert(all.end(), v.begin(), v.end());
      ++point_array_pieces[name];
    }
  }
  if (tetrahedra.empty()) {
    FailFile(fmt::format("no tetrahedra (VTK cell type 10) among its {} cells", cell_base));
  }
  std::vector<int> kept_points;
  VtkVolumeData data = internal::AssembleVolume(points, std::move(tetrahedra), scale, source_,
                                                [&](size_t e) {
        return fmt::format("{}, line {}: cell {}", source_, tetrahedron_where[e].second,
                           tetrahedron_where[e].first);
      }, &kept_points);
  data.num_skipped_cells = num_skipped;
  for (auto& [name, values] : point_arrays) {
    // An array some piece lacks has no value at some points: not kept.
    if (point_array_pieces[name] != int(pieces_.size())) continue;
    std::vector<double> kept(kept_points.size());
    for (size_t k = 0; k < kept_points.size(); ++k) kept[k] = values[size_t(kept_points[k])];
    data.point_scalars.emplace(name, std::move(kept));
  }
  return data;
}

}  // namespace

VtkVolumeData ReadVtuString(std::string_view contents, std::string_view source_name, double scale) {
  internal::ValidateReadScale(scale, ".vtu", source_name);
  VtuParser parser(contents, source_name);
  return parser.Parse(scale);
}

VtkVolumeData ReadVtuFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, ".vtu", file.string());
  const std::string contents = internal::ReadFileToString(file, "VTK XML file");
  return ReadVtuString(contents, file.string(), scale);
}

}  // namespace hydrocontact
