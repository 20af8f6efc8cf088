#pragma once

/// @file
/// Line-by-line, token-by-token reading of text mesh data (STL, PLY and gmsh
/// ASCII) with exact, locale-free number parsing and errors that name the
/// source and line.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hydrocontact::internal {

/// Parses a whole token as a double (std::from_chars: correctly rounded);
/// a leading '+' is accepted. False if the token is not entirely a number.
bool ParseDoubleToken(std::string_view token, double* value);

/// Parses a whole token as a 64-bit integer; a leading '+' is accepted.
bool ParseIntegerToken(std::string_view token, int64_t* value);

/// Splits `line` at whitespace (space, tab, CR, form feed, vertical tab).
void SplitTokens(std::string_view line, std::vector<std::string_view>* tokens);

/// A token cut to a readable length, with non-printable bytes shown as '?',
/// for one-line error messages.
std::string PrintableToken(std::string_view token);

/// The length of the UTF-8 byte order mark (EF BB BF) that editors on
/// Windows put at the start of text files, 3 if `text` starts with one, else
/// 0. The text formats' readers start after it.
inline size_t Utf8BomLength(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

/// Reads `text` line by line. Line numbers start at 1. Reading from the
/// start (`start` 0) skips a UTF-8 byte order mark.
class LineScanner {
 public:
  LineScanner(std::string_view text, std::string_view source, size_t start = 0);

  /// True when every line has been read.
  bool AtEnd() const { return pos_ >= text_.size(); }

  /// Reads the next line (without its line end), splits it into tokens and
  /// returns them; empty lines give no tokens. At the end returns false.
  bool NextLine(std::vector<std::string_view>* tokens);

  /// Reads lines until one has tokens; false at the end of the text.
  bool NextNonBlankLine(std::vector<std::string_view>* tokens);

  /// The number of the line last read.
  int line() const { return line_; }
  /// Byte offset of the start of the next line.
  size_t offset() const { return pos_; }
  /// Moves to byte `offset` (the start of a line), counting `lines` more lines.
  void Seek(size_t offset, int lines) {
    pos_ = offset;
    line_ += lines;
  }

  /// Throws std::runtime_error "source, line N: what".
  [[noreturn]] void Fail(const std::string& what) const;

  /// The token as a finite double; fails naming `what` otherwise.
  double Double(std::string_view token, std::string_view what) const;
  /// The token as an integer in [min, max]; fails naming `what` otherwise.
  int64_t Integer(std::string_view token, std::string_view what, int64_t min, int64_t max) const;

 private:
  std::string_view text_;
  std::string source_;
  size_t pos_;
  int line_{0};
};

}  // namespace hydrocontact::internal
