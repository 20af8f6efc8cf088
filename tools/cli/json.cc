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
void Escape(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
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
