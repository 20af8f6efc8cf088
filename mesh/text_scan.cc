#include "mesh/text_scan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact::internal {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

}  // namespace

bool ParseDoubleToken(std::string_view token, double* value) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), *value);
  return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

bool ParseIntegerToken(std::string_view token, int64_t* value) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), *value);
  return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

void SplitTokens(std::string_view line, std::vector<std::string_view>* tokens) {
  tokens->clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && IsSpace(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !IsSpace(line[i])) ++i;
    if (i > start) tokens->push_back(line.substr(start, i - start));
  }
}

std::string PrintableToken(std::string_view token) {
  std::string out;
  for (char c : token.substr(0, 40)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u >= 0x20 && u < 0x7f) ? c : '?';
  }
  if (token.size() > 40) out += "...";
  return out;
}

LineScanner::LineScanner(std::string_view text, std::string_view source, size_t start)
    : text_(text), source_(source), pos_(start == 0 ? Utf8BomLength(text) : start) {}

bool LineScanner::NextLine(std::vector<std::string_view>* tokens) {
  tokens->clear();
  if (AtEnd()) return false;
  size_t end = text_.find('\n', pos_);
  if (end == std::string_view::npos) end = text_.size();
  const std::string_view line = text_.substr(pos_, end - pos_);
  // (The last line may lack its line end: stop at the end of the text, so
  // offset() never points past it.)
  pos_ = std::min(end + 1, text_.size());
  ++line_;
  SplitTokens(line, tokens);
  return true;
}

bool LineScanner::NextNonBlankLine(std::vector<std::string_view>* tokens) {
  while (NextLine(tokens)) {
    if (!tokens->empty()) return true;
  }
  return false;
}

void LineScanner::Fail(const std::string& what) const {
  throw std::runtime_error(fmt::format("{}, line {}: {}", source_, line_, what));
}

double LineScanner::Double(std::string_view token, std::string_view what) const {
  double value;
  if (!ParseDoubleToken(token, &value)) {
    Fail(fmt::format("{}: '{}' is not a number", what, PrintableToken(token)));
  }
  if (!std::isfinite(value)) {
    Fail(fmt::format("{}: '{}' is not finite", what, PrintableToken(token)));
  }
  return value;
}

int64_t LineScanner::Integer(std::string_view token, std::string_view what, int64_t min,
                             int64_t max) const {
  int64_t value;
  if (!ParseIntegerToken(token, &value)) {
    Fail(fmt::format("{}: '{}' is not an integer", what, PrintableToken(token)));
  }
  if (value < min || value > max) {
    Fail(fmt::format("{}: {} is out of range [{}, {}]", what, value, min, max));
  }
  return value;
}

}  // namespace hydrocontact::internal
