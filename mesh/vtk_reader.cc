#include "mesh/vtk_reader.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/surface_assembly.h"
#include "geometry/supported_range.h"
#include "mesh/text_file.h"
#include "mesh/text_scan.h"
#include "mesh/vtk_cell_types.h"
#include "mesh/volume_assembly.h"

namespace hydrocontact {
namespace {

// ---------------------------------------------------------------------------
// Data types of the legacy format.

enum class Kind { kSigned, kUnsigned, kFloat };

struct DataType {
  Kind kind;
  int bytes;
  std::string_view name;
};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<DataType> ParseDataType(std::string_view name) {
  static constexpr std::pair<std::string_view, DataType> kTypes[] = {
      {"unsigned_char", {Kind::kUnsigned, 1, "unsigned_char"}},
      {"char", {Kind::kSigned, 1, "char"}},
      {"unsigned_short", {Kind::kUnsigned, 2, "unsigned_short"}},
      {"short", {Kind::kSigned, 2, "short"}},
      {"unsigned_int", {Kind::kUnsigned, 4, "unsigned_int"}},
      {"int", {Kind::kSigned, 4, "int"}},
      // VTK writes "long" with 8 bytes on the LP64 systems that write them.
      {"unsigned_long", {Kind::kUnsigned, 8, "unsigned_long"}},
      {"long", {Kind::kSigned, 8, "long"}},
      {"float", {Kind::kFloat, 4, "float"}},
      {"double", {Kind::kFloat, 8, "double"}},
      // Legacy files store vtkIdType as 32-bit ints for portability.
      {"vtkidtype", {Kind::kSigned, 4, "vtkIdType"}},
      {"vtktypeint8", {Kind::kSigned, 1, "vtktypeint8"}},
      {"vtktypeuint8", {Kind::kUnsigned, 1, "vtktypeuint8"}},
      {"vtktypeint16", {Kind::kSigned, 2, "vtktypeint16"}},
      {"vtktypeuint16", {Kind::kUnsigned, 2, "vtktypeuint16"}},
      {"vtktypeint32", {Kind::kSigned, 4, "vtktypeint32"}},
      {"vtktypeuint32", {Kind::kUnsigned, 4, "vtktypeuint32"}},
      {"vtktypeint64", {Kind::kSigned, 8, "vtktypeint64"}},
      {"vtktypeuint64", {Kind::kUnsigned, 8, "vtktypeuint64"}},
      {"vtktypefloat32", {Kind::kFloat, 4, "vtktypefloat32"}},
      {"vtktypefloat64", {Kind::kFloat, 8, "vtktypefloat64"}},
  };
  const std::string lower = Lower(name);
  for (const auto& [key, type] : kTypes) {
    if (lower == key) return type;
  }
  return std::nullopt;
}

constexpr DataType kInt32{Kind::kSigned, 4, "int"};

// ---------------------------------------------------------------------------

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

std::vector<std::string_view> Split(std::string_view line) {
  std::vector<std::string_view> tokens;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && IsSpace(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !IsSpace(line[i])) ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

// For messages: a token cut to a readable length, with bytes that are not
// printable shown as '?', so that garbage cannot garble the one-line error.
std::string Printable(std::string_view token) {
  std::string out;
  for (char c : token.substr(0, 40)) {
    out += (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) ? c : '?';
  }
  if (token.size() > 40) out += "...";
  return out;
}

// A data array's name as VTK's legacy writer stores it decoded: the writer
// replaces a space, '%', '"' and other bytes outside printable ASCII by
// '%' and two hexadecimal digits ("contact pressure" is written
// "contact%20pressure"), and VTK's reader decodes them. A '%' not followed
// by two hexadecimal digits is kept as it is.
std::string DecodeLegacyName(std::string_view name) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(name.size());
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '%' && i + 2 < name.size() && hex(name[i + 1]) >= 0 &&
        hex(name[i + 2]) >= 0) {
      out += char(hex(name[i + 1]) * 16 + hex(name[i + 2]));
      i += 2;
    } else {
      out += name[i];
    }
  }
  return out;
}

// Cells in one layout whatever the file used: cell c's vertices are
// connectivity[offsets[c] .. offsets[c+1]).
struct Cells {
  std::vector<int64_t> offsets;
  std::vector<int64_t> connectivity;
  std::vector<int> line;  // ASCII: the line where each cell starts.
};

class VtkParser {
 public:
  VtkParser(std::string_view text, std::string_view source)
      : text_(text), source_(source), pos_(internal::Utf8BomLength(text)) {}

  VtkVolumeData Parse(double scale);
  SurfaceReadResult ParseSurface(double scale);

 private:
  // Errors. ASCII data is located by line; binary data by section, since
  // line numbers mean nothing once raw bytes have gone by.
  [[noreturn]] void Fail(int line, const std::string& what) const {
    if (binary_) {
      throw std::runtime_error(fmt::format("{}, section {}: {}", source_, section_, what));
    }
    throw std::runtime_error(fmt::format("{}, line {}: {}", source_, line, what));
  }
  [[noreturn]] void FailIn(std::string_view section, int line, const std::string& what) const {
    if (binary_) {
      throw std::runtime_error(fmt::format("{}, section {}: {}", source_, section, what));
    }
    throw std::runtime_error(fmt::format("{}, line {}: {}", source_, line, what));
  }
  [[noreturn]] void FailFile(const std::string& what) const {
    throw std::runtime_error(fmt::format("{}: {}", source_, what));
  }

  bool AtEnd() const { return pos_ >= text_.size(); }

  // The rest of the current line (without its line end); moves to the next.
  std::string_view ReadRawLine() {
    size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(pos_, end - pos_);
    pos_ = std::min(end + 1, text_.size());
    ++line_;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
  }

  void SkipWhitespace() {
    while (pos_ < text_.size() && IsSpace(text_[pos_])) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }

  // The tokens of the next non-blank line, which is consumed up to and
  // including its line end (binary data starts right after it). Empty at
  // the end of the text. header_line_ is set to the line's number.
  std::vector<std::string_view> ReadHeaderLine() {
    SkipWhitespace();
    header_line_ = line_;
    if (AtEnd()) return {};
    return Split(ReadRawLine());
  }

  // The upper-cased keyword of the next header line, without consuming it.
  std::string PeekKeyword() {
    const size_t pos = pos_;
    const int line = line_;
    const int header_line = header_line_;
    const auto tokens = ReadHeaderLine();
    pos_ = pos;
    line_ = line;
    header_line_ = header_line;
    if (tokens.empty()) return {};
    std::string keyword(tokens[0]);
    for (char& c : keyword) c = char(std::toupper(static_cast<unsigned char>(c)));
    return keyword;
  }

  // Whitespace-separated ASCII token; empty at the end of the text.
  std::string_view NextToken(int* token_line) {
    SkipWhitespace();
    *token_line = line_;
    const size_t start = pos_;
    while (pos_ < text_.size() && !IsSpace(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  int64_t ParseCount(std::string_view token, std::string_view what) const {
    int64_t value;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || value < 0 ||
        value > std::numeric_limits<int>::max()) {
      FailIn(section_, header_line_,
             fmt::format("{} '{}' is not a valid count", what, Printable(token)));
    }
    return value;
  }

  DataType ParseType(std::string_view token) const {
    const std::optional<DataType> type = ParseDataType(token);
    if (!type) {
      FailIn(section_, header_line_,
             fmt::format("unsupported data type '{}' in {}", Printable(token), section_));
    }
    return *type;
  }

  // Binary: checks that `count` values of `type` remain.
  void RequireBytes(const DataType& type, size_t count, std::string_view what) const {
    const size_t remaining = text_.size() - pos_;
    if (count > remaining / size_t(type.bytes)) {
      Fail(0, fmt::format("truncated data: {} needs {} values of {} bytes, only {} bytes remain",
                          what, count, type.bytes, remaining));
    }
  }

  // One big-endian binary value, as a double (exact for all integer types
  // up to 2^53, which covers every count and index we accept).
  double DecodeBinary(const DataType& type) {
    unsigned char bytes[8];
    std::memcpy(bytes, text_.data() + pos_, size_t(type.bytes));
    pos_ += size_t(type.bytes);
    if constexpr (std::endian::native == std::endian::little) {
      std::reverse(bytes, bytes + type.bytes);
    }
    switch (type.kind) {
      case Kind::kFloat:
        if (type.bytes == 4) {
          float f;
          std::memcpy(&f, bytes, 4);
          return double(f);
        } else {
          double d;
          std::memcpy(&d, bytes, 8);
          return d;
        }
      case Kind::kSigned: {
        switch (type.bytes) {
          case 1: return double(int8_t(bytes[0]));
          case 2: { int16_t v; std::memcpy(&v, bytes, 2); return double(v); }
          case 4: { int32_t v; std::memcpy(&v, bytes, 4); return double(v); }
          default: { int64_t v; std::memcpy(&v, bytes, 8); return double(v); }
        }
      }
      case Kind::kUnsigned: {
        switch (type.bytes) {
          case 1: return double(bytes[0]);
          case 2: { uint16_t v; std::memcpy(&v, bytes, 2); return double(v); }
          case 4: { uint32_t v; std::memcpy(&v, bytes, 4); return double(v); }
          default: { uint64_t v; std::memcpy(&v, bytes, 8); return double(v); }
        }
      }
    }
    return 0;  // Unreachable: every Kind is handled above.
  }

  // Reads `count` numbers of `type` as doubles. With `components` > 0 and
  // `require_finite`, a non-finite value is an error naming its tuple.
  std::vector<double> ReadDoubles(const DataType& type, size_t count, std::string_view what,
                                  bool require_finite, int components) {
    std::vector<double> values;
    if (binary_) {
      RequireBytes(type, count, what);
      values.resize(count);
      for (size_t k = 0; k < count; ++k) {
        values[k] = DecodeBinary(type);
        if (require_finite && !std::isfinite(values[k])) {
          Fail(0, fmt::format("{}: value {} of tuple {} is not finite ({})", what,
                              k % size_t(components), k / size_t(components), values[k]));
        }
      }
      return values;
    }
    // Every ASCII value takes at least two bytes (digit and separator), so a
    // count beyond that is truncated data; do not reserve for it.
    values.reserve(std::min(count, (text_.size() - pos_) / 2 + 1));
    for (size_t k = 0; k < count; ++k) {
      int token_line;
      const std::string_view token = NextToken(&token_line);
      if (token.empty()) {
        Fail(token_line, fmt::format("truncated data: {} needs {} values, the file ends after {}",
                                     what, count, k));
      }
      std::string_view digits = token;
      if (digits[0] == '+') digits.remove_prefix(1);
      double value;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (ec == std::errc::result_out_of_range) {
        value = INFINITY;
      } else if (ec != std::errc() || end != digits.data() + digits.size()) {
        Fail(token_line, fmt::format("{} needs {} values, found '{}' after {}", what, count,
                                     Printable(token), k));
      }
      if (require_finite && !std::isfinite(value)) {
        Fail(token_line, fmt::format("{}: value {} of tuple {} is not finite ('{}')", what,
                                     k % size_t(components), k / size_t(components),
                                     Printable(token)));
      }
      values.push_back(value);
    }
    return values;
  }

  // Reads `count` integers of `type`; in ASCII also the line of each.
  std::vector<int64_t> ReadIntegers(const DataType& type, size_t count, std::string_view what,
                                    std::vector<int>* lines) {
    if (type.kind == Kind::kFloat) {
      Fail(header_line_, fmt::format("{} must hold integers, not {}", what, type.name));
    }
    std::vector<int64_t> values;
    if (binary_) {
      RequireBytes(type, count, what);
      values.resize(count);
      for (size_t k = 0; k < count; ++k) {
        const double v = DecodeBinary(type);
        // Beyond int's range nothing is a valid count, index or type.
        values[k] = std::abs(v) < 2147483648.0 ? int64_t(v) : std::numeric_limits<int64_t>::max();
      }
      return values;
    }
    values.reserve(std::min(count, (text_.size() - pos_) / 2 + 1));
    if (lines != nullptr) lines->reserve(values.capacity());
    for (size_t k = 0; k < count; ++k) {
      int token_line;
      const std::string_view token = NextToken(&token_line);
      if (token.empty()) {
        Fail(token_line, fmt::format("truncated data: {} needs {} integers, the file ends after {}",
                                     what, count, k));
      }
      std::string_view digits = token;
      if (digits[0] == '+') digits.remove_prefix(1);
      int64_t value;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (ec == std::errc::result_out_of_range) {
        value = std::numeric_limits<int64_t>::max();
      } else if (ec != std::errc() || end != digits.data() + digits.size()) {
        Fail(token_line, fmt::format("{} needs {} integers, found '{}' after {}", what, count,
                                     Printable(token), k));
      }
      values.push_back(value);
      if (lines != nullptr) lines->push_back(token_line);
    }
    return values;
  }

  void ReadHeader();
  void ReadPoints(const std::vector<std::string_view>& tokens);
  Cells ReadCellArray(const std::vector<std::string_view>& tokens, const std::string& name);
  void ReadCells(const std::vector<std::string_view>& tokens);
  void ReadPolyDataCells(const std::string& keyword, const std::vector<std::string_view>& tokens);
  SurfaceReadResult AssembleSurfaceData(double scale);
  void ReadCellTypes(const std::vector<std::string_view>& tokens);
  void ReadAttribute(const std::string& keyword, const std::vector<std::string_view>& tokens);
  void ReadField(const std::vector<std::string_view>& tokens);
  void SkipMetadata();
  void KeepPointArray(std::string name, std::vector<double> values, int line);
  VtkVolumeData Assemble(double scale);
  void ParseBody();

  std::string_view text_;
  std::string source_;
  size_t pos_;
  int line_{1};         // Line of text_[pos_] (meaningful in ASCII).
  int header_line_{1};  // Line of the last header line read.
  bool binary_{false};
  std::string section_{"header"};

  bool have_dataset_{false};
  std::vector<double> points_;  // x y z per point, as in the file.
  bool have_points_{false};
  std::optional<Cells> cells_;
  std::vector<int64_t> cell_types_;
  std::vector<int> cell_type_lines_;
  bool have_cell_types_{false};
  enum class Mode { kNone, kPoint, kCell } mode_{Mode::kNone};
  size_t attribute_tuples_{0};  // Tuples per array in the current mode.
  std::map<std::string, std::vector<double>> point_arrays_;
  // POLYDATA: read as a triangle surface.
  bool want_surface_{false};
  std::vector<int> polygon_sizes_;
  std::vector<int> polygon_indices_;
  int num_skipped_polydata_cells_{0};
};

void VtkParser::ReadHeader() {
  const std::string_view first = ReadRawLine();
  if (Lower(first).rfind("# vtk datafile version", 0) != 0) {
    FailIn("header", 1,
           fmt::format("not a legacy VTK file: the first line is '{}', expected '# vtk DataFile "
                       "Version ...'",
                       Printable(first)));
  }
  if (AtEnd()) FailIn("header", 1, "truncated file: it ends after the first line");
  ReadRawLine();  // The title: free text.
  const auto format = ReadHeaderLine();
  const std::string f = format.empty() ? std::string() : Lower(format[0]);
  if (format.size() != 1 || (f != "ascii" && f != "binary")) {
    FailIn("header", header_line_,
           fmt::format("the file format must be ASCII or BINARY, found '{}'",
                       format.empty() ? std::string("end of file") : Printable(format[0])));
  }
  binary_ = f == "binary";
}

void VtkParser::ReadPoints(const std::vector<std::string_view>& tokens) {
  section_ = "POINTS";
  if (have_points_) Fail(header_line_, "a second POINTS section");
  if (tokens.size() != 3) Fail(header_line_, "expected 'POINTS count type'");
  const int64_t n = ParseCount(tokens[1], "POINTS count");
  const DataType type = ParseType(tokens[2]);
  points_ = ReadDoubles(type, size_t(3 * n), "POINTS", /*require_finite=*/true, 3);
  have_points_ = true;
}

Cells VtkParser::ReadCellArray(const std::vector<std::string_view>& tokens, const std::string& name) {
  section_ = name;
  if (tokens.size() != 3) Fail(header_line_, fmt::format("expected '{} count size'", name));
  const int64_t n = ParseCount(tokens[1], name + " count");
  const int64_t size = ParseCount(tokens[2], name + " size");
  const int cells_line = header_line_;
  Cells cells;
  if (PeekKeyword() == "OFFSETS") {
    // Version 5.1 layout: n offsets (cells + 1), then `size` indices.
    auto offsets_header = ReadHeaderLine();
    section_ = "OFFSETS";
    if (offsets_header.size() != 2) Fail(header_line_, "expected 'OFFSETS type'");
    std::vector<int> offset_lines;
    cells.offsets = ReadIntegers(ParseType(offsets_header[1]), size_t(n), "OFFSETS", &offset_lines);
    auto connectivity_header = ReadHeaderLine();
    section_ = "CONNECTIVITY";
    if (connectivity_header.size() != 2 || Lower(connectivity_header[0]) != "connectivity") {
      Fail(header_line_, "expected 'CONNECTIVITY type' after the OFFSETS data");
    }
    std::vector<int> connectivity_lines;
    cells.connectivity = ReadIntegers(ParseType(connectivity_header[1]), size_t(size),
                                      "CONNECTIVITY", &connectivity_lines);
    if (cells.offsets.empty() || cells.offsets[0] != 0) {
      FailIn("OFFSETS", offset_lines.empty() ? cells_line : offset_lines[0],
             "the first offset must be 0");
    }
    for (size_t c = 0; c + 1 < cells.offsets.size(); ++c) {
      if (cells.offsets[c + 1] < cells.offsets[c] || cells.offsets[c + 1] > size) {
        FailIn("OFFSETS", binary_ ? 0 : offset_lines[c + 1],
               fmt::format("offset {} of cell {} is out of order or beyond the {} indices of "
                           "CONNECTIVITY",
                           cells.offsets[c + 1], c, size));
      }
      if (!binary_) {
        cells.line.push_back(cells.offsets[c] < size ? connectivity_lines[cells.offsets[c]]
                                                     : offset_lines[c]);
      }
    }
    if (cells.offsets.back() != size) {
      FailIn("OFFSETS", binary_ ? 0 : offset_lines.back(),
             fmt::format("the last offset is {} but CONNECTIVITY holds {} indices",
                         cells.offsets.back(), size));
    }
  } else {
    // Classic layout: per cell, its vertex count then its indices; `size`
    // integers in all. Binary data is 32-bit.
    std::vector<int> lines;
    const std::vector<int64_t> data = ReadIntegers(kInt32, size_t(size), name, &lines);
    // Each cell takes at least one integer (its vertex count), so the data
    // just read bounds the number of cells: reserve by it, never by the
    // announced count, which a corrupt header can make huge.
    cells.offsets.reserve(std::min(size_t(n), data.size()) + 1);
    cells.connectivity.reserve(size_t(size));
    cells.offsets.push_back(0);
    size_t k = 0;
    for (int64_t c = 0; c < n; ++c) {
      if (k >= data.size()) {
        Fail(binary_ ? 0 : (lines.empty() ? cells_line : lines.back()),
             fmt::format("{} announces {} cells in {} integers, but the integers run out "
                         "after {} cells",
                         name, n, size, c));
      }
      const int64_t count = data[k];
      const int line = binary_ ? 0 : lines[k];
      if (count < 0 || size_t(count) > data.size() - k - 1) {
        Fail(line, fmt::format("cell {} announces {} vertices, but only {} integers of {} "
                               "remain",
                               c, count, data.size() - k - 1, name));
      }
      if (!binary_) cells.line.push_back(line);
      cells.connectivity.insert(cells.connectivity.end(), data.begin() + int64_t(k) + 1,
                                data.begin() + int64_t(k) + 1 + count);
      k += size_t(count) + 1;
      cells.offsets.push_back(int64_t(cells.connectivity.size()));
    }
    if (k != data.size()) {
      Fail(binary_ ? 0 : lines[k],
           fmt::format("{} announces size {} but its {} cells use {} integers", name, size, n, k));
    }
  }
  return cells;
}

void VtkParser::ReadCells(const std::vector<std::string_view>& tokens) {
  if (cells_) Fail(header_line_, "a second CELLS section");
  const int cells_line = header_line_;
  Cells cells = ReadCellArray(tokens, "CELLS");
  if (have_cell_types_ && cell_types_.size() != cells.offsets.size() - 1) {
    Fail(cells_line, fmt::format("CELLS has {} cells but CELL_TYPES has {} types",
                                 cells.offsets.size() - 1, cell_types_.size()));
  }
  cells_ = std::move(cells);
}

void VtkParser::ReadCellTypes(const std::vector<std::string_view>& tokens) {
  section_ = "CELL_TYPES";
  if (have_cell_types_) Fail(header_line_, "a second CELL_TYPES section");
  if (tokens.size() != 2) Fail(header_line_, "expected 'CELL_TYPES count'");
  const int64_t n = ParseCount(tokens[1], "CELL_TYPES count");
  if (cells_ && size_t(n) != cells_->offsets.size() - 1) {
    Fail(header_line_, fmt::format("CELL_TYPES announces {} types but CELLS has {} cells", n,
                                   cells_->offsets.size() - 1));
  }
  cell_types_ = ReadIntegers(kInt32, size_t(n), "CELL_TYPES", &cell_type_lines_);
  have_cell_types_ = true;
}

void VtkParser::SkipMetadata() {
  // METADATA blocks (VTK 5.1 writers) run to the next blank line.
  while (!AtEnd()) {
    const std::string_view line = ReadRawLine();
    if (Split(line).empty()) break;
  }
}

void VtkParser::KeepPointArray(std::string name, std::vector<double> values, int line) {
  for (size_t k = 0; k < values.size(); ++k) {
    if (!std::isfinite(values[k])) {
      Fail(line, fmt::format("point array '{}': the value of point {} is not finite ({})",
                             Printable(name), k, values[k]));
    }
  }
  if (point_arrays_.count(name) > 0) {
    Fail(line, fmt::format("a second point array named '{}'", Printable(name)));
  }
  point_arrays_.emplace(std::move(name), std::move(values));
}

void VtkParser::ReadField(const std::vector<std::string_view>& tokens) {
  section_ = "FIELD";
  if (tokens.size() != 3) Fail(header_line_, "expected 'FIELD name count'");
  const int64_t num_arrays = ParseCount(tokens[2], "FIELD array count");
  for (int64_t a = 0; a < num_arrays; ++a) {
    const auto header = ReadHeaderLine();
    if (header.empty()) Fail(header_line_, "truncated data: FIELD ends before its arrays");
    if (Lower(header[0]) == "null_array") continue;
    if (header.size() != 4) {
      Fail(header_line_, "expected 'name components tuples type' for a FIELD array");
    }
    const std::string name = DecodeLegacyName(header[0]);
    section_ = fmt::format("FIELD array '{}'", Printable(name));
    const int line = header_line_;
    const int64_t components = ParseCount(header[1], "component count");
    const int64_t tuples = ParseCount(header[2], "tuple count");
    const DataType type = ParseType(header[3]);
    // Only one-component arrays of the points are kept; field data of the
    // whole data set (before POINTS) or of cells is of no use to a mesh.
    const bool keep =
        mode_ == Mode::kPoint && components == 1 && size_t(tuples) == attribute_tuples_;
    std::vector<double> values =
        ReadDoubles(type, size_t(components * tuples), section_, keep, 1);
    if (PeekKeyword() == "METADATA") {
      ReadHeaderLine();
      SkipMetadata();
    }
    if (keep) KeepPointArray(name, std::move(values), line);
    section_ = "FIELD";
  }
}

void VtkParser::ReadAttribute(const std::string& keyword,
                              const std::vector<std::string_view>& tokens) {
  section_ = keyword;
  if (mode_ == Mode::kNone) {
    Fail(header_line_, fmt::format("{} outside POINT_DATA or CELL_DATA", keyword));
  }
  const size_t n = attribute_tuples_;
  auto expect = [&](size_t count, std::string_view form) {
    if (tokens.size() != count) Fail(header_line_, fmt::format("expected '{}'", form));
  };
  if (keyword == "SCALARS") {
    if (tokens.size() != 3 && tokens.size() != 4) {
      Fail(header_line_, "expected 'SCALARS name type [components]'");
    }
    const std::string name = DecodeLegacyName(tokens[1]);
    section_ = fmt::format("SCALARS '{}'", Printable(name));
    const int line = header_line_;
    const DataType type = ParseType(tokens[2]);
    int64_t components = 1;
    if (tokens.size() == 4) components = ParseCount(tokens[3], "SCALARS component count");
    if (components < 1 || components > 4) {
      Fail(header_line_, fmt::format("SCALARS must have 1 to 4 components, not {}", components));
    }
    const auto table = ReadHeaderLine();
    if (table.size() != 2 || Lower(table[0]) != "lookup_table") {
      Fail(header_line_, "expected 'LOOKUP_TABLE name' after SCALARS");
    }
    const bool keep = mode_ == Mode::kPoint && components == 1;
    std::vector<double> values =
        ReadDoubles(type, n * size_t(components), section_, keep, int(components));
    if (keep) KeepPointArray(name, std::move(values), line);
  } else if (keyword == "LOOKUP_TABLE") {
    // A colour table: `size` RGBA entries, floats in ASCII, bytes in binary.
    expect(3, "LOOKUP_TABLE name size");
    const int64_t size = ParseCount(tokens[2], "LOOKUP_TABLE size");
    ReadDoubles(binary_ ? DataType{Kind::kUnsigned, 1, "unsigned_char"}
                        : DataType{Kind::kFloat, 4, "float"},
                size_t(4 * size), "LOOKUP_TABLE", false, 4);
  } else if (keyword == "COLOR_SCALARS") {
    expect(3, "COLOR_SCALARS name components");
    const int64_t components = ParseCount(tokens[2], "COLOR_SCALARS component count");
    ReadDoubles(binary_ ? DataType{Kind::kUnsigned, 1, "unsigned_char"}
                        : DataType{Kind::kFloat, 4, "float"},
                n * size_t(components), "COLOR_SCALARS", false, int(components));
  } else if (keyword == "VECTORS" || keyword == "NORMALS") {
    expect(3, keyword + " name type");
    ReadDoubles(ParseType(tokens[2]), 3 * n, keyword, false, 3);
  } else if (keyword == "TENSORS" || keyword == "TENSORS6") {
    expect(3, keyword + " name type");
    const size_t components = keyword == "TENSORS" ? 9 : 6;
    ReadDoubles(ParseType(tokens[2]), components * n, keyword, false, int(components));
  } else if (keyword == "TEXTURE_COORDINATES") {
    expect(4, "TEXTURE_COORDINATES name dimension type");
    const int64_t dimension = ParseCount(tokens[2], "TEXTURE_COORDINATES dimension");
    ReadDoubles(ParseType(tokens[3]), size_t(dimension) * n, keyword, false, int(dimension));
  } else if (keyword == "GLOBAL_IDS" || keyword == "PEDIGREE_IDS") {
    expect(3, keyword + " name type");
    ReadDoubles(ParseType(tokens[2]), n, keyword, false, 1);
  } else {
    ReadField(tokens);
  }
}

void VtkParser::ParseBody() {
  while (true) {
    const auto tokens = ReadHeaderLine();
    if (tokens.empty()) break;
    std::string keyword(tokens[0]);
    for (char& c : keyword) c = char(std::toupper(static_cast<unsigned char>(c)));
    if (keyword == "DATASET") {
      section_ = "DATASET";
      if (have_dataset_) Fail(header_line_, "a second DATASET line");
      if (tokens.size() != 2) Fail(header_line_, "expected 'DATASET type'");
      const std::string wanted = want_surface_ ? "polydata" : "unstructured_grid";
      if (Lower(tokens[1]) != wanted) {
        Fail(header_line_,
             want_surface_
                 ? fmt::format("DATASET {} is not supported: a triangle surface must be POLYDATA "
                               "(an UNSTRUCTURED_GRID is read as a tetrahedral volume)",
                               Printable(tokens[1]))
                 : fmt::format("DATASET {} is not supported: a volume mesh must be an "
                               "UNSTRUCTURED_GRID of tetrahedra (POLYDATA is read as a "
                               "triangle surface)",
                               Printable(tokens[1])));
      }
      have_dataset_ = true;
      continue;
    }
    if (!have_dataset_ && keyword != "FIELD") {
      section_ = keyword;
      Fail(header_line_, fmt::format("'{}' before the DATASET line", Printable(tokens[0])));
    }
    if (keyword == "POINTS") {
      ReadPoints(tokens);
    } else if (want_surface_ && (keyword == "POLYGONS" || keyword == "TRIANGLE_STRIPS" ||
                                 keyword == "VERTICES" || keyword == "LINES")) {
      ReadPolyDataCells(keyword, tokens);
    } else if (!want_surface_ && keyword == "CELLS") {
      ReadCells(tokens);
    } else if (!want_surface_ && keyword == "CELL_TYPES") {
      ReadCellTypes(tokens);
    } else if (keyword == "POINT_DATA" || keyword == "CELL_DATA") {
      section_ = keyword;
      if (tokens.size() != 2) Fail(header_line_, fmt::format("expected '{} count'", keyword));
      const int64_t n = ParseCount(tokens[1], keyword + " count");
      if (keyword == "POINT_DATA") {
        if (!have_points_) Fail(header_line_, "POINT_DATA before POINTS");
        if (size_t(n) != points_.size() / 3) {
          Fail(header_line_, fmt::format("POINT_DATA announces {} points but POINTS has {}", n,
                                         points_.size() / 3));
        }
        mode_ = Mode::kPoint;
      } else {
        if (cells_ && size_t(n) != cells_->offsets.size() - 1) {
          Fail(header_line_, fmt::format("CELL_DATA announces {} cells but CELLS has {}", n,
                                         cells_->offsets.size() - 1));
        }
        mode_ = Mode::kCell;
      }
      attribute_tuples_ = size_t(n);
    } else if (keyword == "METADATA") {
      SkipMetadata();
    } else if (keyword == "FIELD" || keyword == "SCALARS" || keyword == "LOOKUP_TABLE" ||
               keyword == "COLOR_SCALARS" || keyword == "VECTORS" || keyword == "NORMALS" ||
               keyword == "TENSORS" || keyword == "TENSORS6" || keyword == "TEXTURE_COORDINATES" ||
               keyword == "GLOBAL_IDS" || keyword == "PEDIGREE_IDS") {
      if (keyword == "FIELD" && mode_ == Mode::kNone) {
        ReadField(tokens);  // Field data of the whole data set: read, unused.
      } else {
        ReadAttribute(keyword, tokens);
      }
    } else {
      const char c = tokens[0][0];
      if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
        Fail(header_line_,
             fmt::format("unexpected number '{}' where a keyword belongs: the {} data holds more "
                         "values than its header announces",
                         Printable(tokens[0]), section_));
      }
      section_ = Printable(tokens[0]);
      Fail(header_line_, fmt::format("unknown keyword '{}'", Printable(tokens[0])));
    }
  }
}

VtkVolumeData VtkParser::Parse(double scale) {
  ReadHeader();
  ParseBody();
  return Assemble(scale);
}

SurfaceReadResult VtkParser::ParseSurface(double scale) {
  want_surface_ = true;
  ReadHeader();
  ParseBody();
  return AssembleSurfaceData(scale);
}

void VtkParser::ReadPolyDataCells(const std::string& keyword,
                                  const std::vector<std::string_view>& tokens) {
  if (!have_points_) Fail(header_line_, fmt::format("{} before POINTS", keyword));
  Cells cells = ReadCellArray(tokens, keyword);
  const int64_t num_points = int64_t(points_.size() / 3);
  for (size_t c = 0; c + 1 < cells.offsets.size(); ++c) {
    for (int64_t k = cells.offsets[c]; k < cells.offsets[c + 1]; ++k) {
      const int64_t v = cells.connectivity[size_t(k)];
      if (v < 0 || v >= num_points) {
        FailIn(keyword, binary_ ? 0 : cells.line[c],
               fmt::format("cell {} of {} refers to point {}, out of range [0, {})", c, keyword, v,
                           num_points));
      }
    }
  }
  if (keyword == "VERTICES" || keyword == "LINES") {
    num_skipped_polydata_cells_ += int(cells.offsets.size()) - 1;
    return;
  }
  for (size_t c = 0; c + 1 < cells.offsets.size(); ++c) {
    const int64_t begin = cells.offsets[c];
    const int64_t count = cells.offsets[c + 1] - begin;
    const int cell_line = binary_ ? 0 : cells.line[c];
    if (count < 3) {
      FailIn(keyword, cell_line,
             fmt::format("cell {} of {} has {} vertices; a polygon or strip needs at least 3", c,
                         keyword, count));
    }
    if (keyword == "POLYGONS") {
      polygon_sizes_.push_back(int(count));
      for (int64_t k = 0; k < count; ++k) {
        polygon_indices_.push_back(int(cells.connectivity[size_t(begin + k)]));
      }
    } else {
      // A strip v0 v1 v2 v3 ... is the triangles (v0 v1 v2), (v2 v1 v3),
      // ...: every other one reversed so all share the strip's winding.
      for (int64_t k = 0; k + 2 < count; ++k) {
        const int64_t* v = &cells.connectivity[size_t(begin + k)];
        const bool odd = (k % 2) == 1;
        polygon_sizes_.push_back(3);
        polygon_indices_.push_back(int(odd ? v[1] : v[0]));
        polygon_indices_.push_back(int(odd ? v[0] : v[1]));
        polygon_indices_.push_back(int(v[2]));
        }
    }
  }
}

SurfaceReadResult VtkParser::AssembleSurfaceData(double scale) {
  if (!have_dataset_) FailFile("no DATASET line: this VTK file holds no data set");
  if (!have_points_) FailFile("no POINTS section");
  if (polygon_sizes_.empty()) {
    FailFile(fmt::format("no POLYGONS or TRIANGLE_STRIPS: the POLYDATA has no surface ({} "
                         "vertex and line cells skipped)",
                         num_skipped_polydata_cells_));
  }
  std::vector<Eigen::Vector3d> positions(points_.size() / 3);
  for (size_t v = 0; v < positions.size(); ++v) {
    positions[v] = Eigen::Vector3d(points_[3 * v], points_[3 * v + 1], points_[3 * v + 2]);
  }
  const auto location = [&](int v) { return fmt::format("{}, POINTS point {}", source_, v); };
  return internal::AssembleSurface(positions, polygon_sizes_, polygon_indices_, scale, source_,
                                   "VTK POLYDATA", location);
}

VtkVolumeData VtkParser::Assemble(double scale) {
  if (!have_dataset_) FailFile("no DATASET line: this VTK file holds no data set");
  if (!have_points_) FailFile("no POINTS section");
  if (!cells_) FailFile("no CELLS section");
  if (!have_cell_types_) FailFile("no CELL_TYPES section");
  const Cells& cells = *cells_;
  const size_t num_cells = cells.offsets.size() - 1;
  const int64_t num_points = int64_t(points_.size() / 3);
  auto cell_line = [&](size_t c) { return binary_ ? 0 : cells.line[c]; };
  auto type_line = [&](size_t c) { return binary_ ? 0 : cell_type_lines_[c]; };

  VtkVolumeData data;
  std::vector<VolumeMesh::Element> tetrahedra;
  std::vector<size_t> tetrahedron_cell;
  for (size_t c = 0; c < num_cells; ++c) {
    const internal::VtkCellType* info = internal::FindVtkCellType(cell_types_[c]);
    if (info == nullptr) {
      FailIn("CELL_TYPES", type_line(c),
             fmt::format("cell {} has unknown VTK cell type {}", c, cell_types_[c]));
    }
    if (info->dimension == 3 && info->id != internal::kVtkTetra) {
      FailIn("CELL_TYPES", type_line(c),
             fmt::format("cell {} is a {} (VTK cell type {}); only tetrahedra (type 10) are "
                         "supported",
                         c, info->name, info->id));
    }
    const int64_t begin = cells.offsets[c];
    const int64_t count = cells.offsets[c + 1] - begin;
    if (info->num_vertices >= 0 && count != info->num_vertices) {
      FailIn("CELLS", cell_line(c),
             fmt::format("cell {} is a {} (VTK cell type {}) but lists {} vertices instead of {}",
                         c, info->name, info->id, count, info->num_vertices));
    }
    for (int64_t i = 0; i < count; ++i) {
      const int64_t v = cells.connectivity[size_t(begin + i)];
      if (v < 0 || v >= num_points) {
        FailIn("CELLS", cell_line(c),
               fmt::format("cell {} refers to point {}, out of range [0, {})", c, v, num_points));
      }
    }
    if (info->id != internal::kVtkTetra) {
      ++data.num_skipped_cells;
      continue;
    }
    VolumeMesh::Element t;
    for (int i = 0; i < 4; ++i) t[i] = int(cells.connectivity[size_t(begin + i)]);
    tetrahedra.push_back(t);
    tetrahedron_cell.push_back(c);
  }
  if (tetrahedra.empty()) {
    FailFile(fmt::format("no tetrahedra (VTK cell type 10) among its {} cells", num_cells));
  }
  const auto location = [&](size_t e) {
    const size_t c = tetrahedron_cell[e];
    return binary_ ? fmt::format("{}, section CELLS: cell {}", source_, c)
                   : fmt::format("{}, line {}: cell {}", source_, cell_line(c), c);
  };
  std::vector<int> kept_points;
  VtkVolumeData assembled =
      internal::AssembleVolume(points_, std::move(tetrahedra), scale, source_, location, &kept_points);
  assembled.num_skipped_cells = data.num_skipped_cells;
  for (auto& [name, values] : point_arrays_) {
    std::vector<double> kept(kept_points.size());
    for (size_t k = 0; k < kept_points.size(); ++k) kept[k] = values[size_t(kept_points[k])];
    assembled.point_scalars.emplace(name, std::move(kept));
  }
  return assembled;
}


}  // namespace

VtkVolumeData ReadVtkVolumeString(std::string_view contents, std::string_view source_name,
                                  double scale) {
  internal::ValidateReadScale(scale, "VTK", source_name);
  VtkParser parser(contents, source_name);
  return parser.Parse(scale);
}

VtkVolumeData ReadVtkVolumeFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, "VTK", file.string());
  const std::string contents = internal::ReadFileToString(file, "VTK file");
  return ReadVtkVolumeString(contents, file.string(), scale);
}

}  // namespace hydrocontact

namespace hydrocontact {

SurfaceReadResult ReadVtkSurfaceString(std::string_view contents, std::string_view source_name,
                                       double scale) {
  internal::ValidateReadScale(scale, "VTK", source_name);
  VtkParser parser(contents, source_name);
  return parser.ParseSurface(scale);
}

SurfaceReadResult ReadVtkSurfaceFile(const std::filesystem::path& file, double scale) {
  internal::ValidateReadScale(scale, "VTK", file.string());
  const std::string contents = internal::ReadFileToString(file, "VTK file");
  return ReadVtkSurfaceString(contents, file.string(), scale);
}

bool VtkStringHoldsPolyData(std::string_view contents) {
  // The DATASET line follows the three header lines, possibly after blank
  // lines; a FIELD block of the whole data set may only come after it.
  size_t pos = 0;
  for (int line = 0; line < 64 && pos < contents.size(); ++line) {
    size_t end = contents.find('\n', pos);
    if (end == std::string_view::npos) end = contents.size();
    const auto tokens = Split(contents.substr(pos, end - pos));
    pos = end + 1;
    if (line < 3 || tokens.empty()) continue;
    return tokens.size() == 2 && Lower(tokens[0]) == "dataset" && Lower(tokens[1]) == "polydata";
  }
  return false;
}

}  // namespace hydrocontact
