#include "mesh/height_field_io.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "mesh/text_file.h"
#include "mesh/text_scan.h"

namespace hydrocontact {

HeightField ReadHeightFieldString(std::string_view contents, std::string_view source_name) {
  // Commas become spaces and comments blanks, keeping every line end, so
  // the scanner's line numbers are the file's.
  std::string text(contents);
  bool in_comment = false;
  for (char& c : text) {
    if (c == '\n') {
      in_comment = false;
    } else if (in_comment || c == '#') {
      in_comment = true;
      c = ' ';
    } else if (c == ',') {
      c = ' ';
    }
  }
  internal::LineScanner scanner(text, source_name);
  std::vector<std::string_view> tokens;
  if (!scanner.NextNonBlankLine(&tokens)) {
    throw std::runtime_error(fmt::format(
        "{}: no header line (expected 'nx ny dx dy thickness' before the heights)", source_name));
  }
  if (tokens.size() != 5) {
    scanner.Fail(fmt::format(
        "the header must hold five values 'nx ny dx dy thickness', found {}", tokens.size()));
  }
  const int header_line = scanner.line();
  constexpr int64_t kMaxCount = HeightField::kMaxSamples;
  const int64_t nx = scanner.Integer(tokens[0], "header value nx", 2, kMaxCount);
  const int64_t ny = scanner.Integer(tokens[1], "header value ny", 2, kMaxCount);
  if (nx * ny > HeightField::kMaxSamples) {
    scanner.Fail(fmt::format("nx·ny = {}·{} exceeds the supported {} samples", nx, ny,
                             HeightField::kMaxSamples));
  }
  const double dx = scanner.Double(tokens[2], "header value dx");
  const double dy = scanner.Double(tokens[3], "header value dy");
  const double thickness = scanner.Double(tokens[4], "header value thickness");
  // Grown row by row (never reserved from the header's counts): a short
  // file cannot make the reader allocate what its header claims.
  std::vector<double> heights;
  int64_t rows = 0;
  while (scanner.NextNonBlankLine(&tokens)) {
    if (rows == ny) {
      scanner.Fail(fmt::format("more than ny = {} rows of heights (nothing may follow the last "
                               "row)",
                               ny));
    }
    if (int64_t(tokens.size()) != nx) {
      scanner.Fail(fmt::format("row {} (y index) has {} values, expected nx = {}", rows,
                               tokens.size(), nx));
    }
    for (int64_t i = 0; i < nx; ++i) {
      const double h =
          scanner.Double(tokens[i], fmt::format("height at sample (i={}, j={})", i, rows));
      if (!(std::abs(h) <= kMaxCoordinate)) {
        scanner.Fail(fmt::format("height at sample (i={}, j={}) is {}, beyond the supported "
                                 "magnitude {} m",
                                 i, rows, h, kMaxCoordinate));
      }
      heights.push_back(h);
    }
    ++rows;
  }
  if (rows < ny) {
    throw std::runtime_error(fmt::format(
        "{}, line {}: the file ends after {} of ny = {} rows of heights", source_name,
        scanner.line(), rows, ny));
  }
  // Every height was checked above: what the constructor can still refuse
  // is a header value.
  try {
    return HeightField(static_cast<int>(nx), static_cast<int>(ny), dx, dy, std::move(heights),
                       thickness);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(
        fmt::format("{}, line {} (header): {}", source_name, header_line, e.what()));
  }
}

HeightField ReadHeightFieldFile(const std::filesystem::path& file) {
  const std::string contents = internal::ReadFileToString(file, "height field file");
  return ReadHeightFieldString(contents, file.string());
}

std::string WriteHeightFieldString(const HeightField& field) {
  std::string out = fmt::format("{} {} {} {} {}\n", field.nx(), field.ny(), field.dx(), field.dy(),
                                field.thickness());
  for (int j = 0; j < field.ny(); ++j) {
    for (int i = 0; i < field.nx(); ++i) {
      if (i > 0) out += ' ';
      out += fmt::format("{}", field.height(i, j));
    }
    out += '\n';
  }
  return out;
}

}  // namespace hydrocontact
