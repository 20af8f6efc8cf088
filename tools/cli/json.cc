#include "tools/cli/json.h"

#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact::cli {

Json& Json::Set(const std::string& key, Json value) {
  auto* object = std::get_if<Object>(&value_);
  if (object == nullptr) throw std::logic_error("Json::Set on a non-object");
  for (auto& [k, v] : *object) {
    if (k == key) {
      v = std::move(value);
      return *this;
    }
  }
  object->emplace_back(key, std::move(value));
  return *this;
}

Json& Json::Push(Json value) {
  auto* array = std::get_if<Array>(&value_);
  if (array == nullptr) throw std::logic_error("Json::Push on a non-array");
  array->push_back(std::move(value));
  return *this;
}

std::string Json::Dump(int indent) const {
  std::string out;
  DumpTo(out, indent, 0);
  out += '\n';
  return out;
}

namespace {

// The length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), or 0.
size_t Utf8SequenceLength(const std::string& s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  size_t n;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) low = 0xA0;
    if (c == 0xED) high = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < n; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return n;
}

// Writes `s` as a JSON string. JSON text is UTF-8: a byte that does not
// start a well-formed sequence (a file name in another encoding, say) is
// written as U+FFFD, the replacement character, so the output stays valid.
void Escape(std::string& out, const std::string& s) {
  out += '"';
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = Utf8SequenceLength(s, i);
      if (n == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(s, i, n);
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          out += fmt::format("\\u{:04x}", int(c));
        } else {
          out += char(c);
        }
    }
    ++i;
  }
  out += '"';
}

}  // namespace

void Json::DumpTo(std::string& out, int indent, int depth) const {
  const std::string pad(size_t(indent) * (depth + 1), ' ');
  const std::string close_pad(size_t(indent) * depth, ' ');
  if (std::holds_alternative<std::nullptr_t>(value_)) {
    out += "null";
  } else if (const bool* b = std::get_if<bool>(&value_)) {
    out += *b ? "true" : "false";
  } else if (const int64_t* i = std::get_if<int64_t>(&value_)) {
    out += std::to_string(*i);
  } else if (const double* d = std::get_if<double>(&value_)) {
    out += std::isfinite(*d) ? fmt::format("{}", *d) : "null";
  } else if (const std::string* s = std::get_if<std::string>(&value_)) {
    Escape(out, *s);
  } else if (const Array* a = std::get_if<Array>(&value_)) {
    // Short arrays of scalars (vectors) stay on one line.
    bool flat = a->size() <= 4;
    for (const Json& e : *a) {
      if (std::holds_alternative<Array>(e.value_) || std::holds_alternative<Object>(e.value_)) flat = false;
    }
    out += '[';
    for (size_t k = 0; k < a->size(); ++k) {
      if (k > 0) out += flat ? ", " : ",";
      if (!flat && indent > 0) out += "\n" + pad;
      (*a)[k].DumpTo(out, indent, depth + 1);
    }
    if (!flat && !a->empty() && indent > 0) out += "\n" + close_pad;
    out += ']';
  } else {
    const Object& o = std::get<Object>(value_);
    out += '{';
    for (size_t k = 0; k < o.size(); ++k) {
      if (k > 0) out += ',';
      if (indent > 0) out += "\n" + pad;
      Escape(out, o[k].first);
      out += ": ";
      o[k].second.DumpTo(out, indent, depth + 1);
    }
    if (!o.empty() && indent > 0) out += "\n" + close_pad;
    out += '}';
  }
}

}  // namespace hydrocontact::cli
