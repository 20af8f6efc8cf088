#pragma once

/// @file
/// A small JSON reader for the tool's input files (scenes): the whole of
/// RFC 8259 except that numbers are read as doubles. Objects keep their
/// members in file order; duplicate keys are refused.

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hydrocontact::cli {

/// A parsed JSON value with the line it started on (for messages).
class JsonValue {
 public:
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;

  JsonValue() = default;

  bool is_null() const { return std::holds_alternative<std::monostate>(value_); }
  bool is_bool() const { return std::holds_alternative<bool>(value_); }
  bool is_number() const { return std::holds_alternative<double>(value_); }
  bool is_string() const { return std::holds_alternative<std::string>(value_); }
  bool is_array() const { return std::holds_alternative<Array>(value_); }
  bool is_object() const { return std::holds_alternative<Object>(value_); }

  /// Accessors. Preconditions: the matching is_*().
  bool as_bool() const { return std::get<bool>(value_); }
  double as_number() const { return std::get<double>(value_); }
  const std::string& as_string() const { return std::get<std::string>(value_); }
  const Array& as_array() const { return std::get<Array>(value_); }
  const Object& as_object() const { return std::get<Object>(value_); }

  /// The member `key` of an object, or nullptr. Precondition: is_object().
  const JsonValue* Find(const std::string& key) const;

  /// "null", "boolean", "number", "string", "array" or "object".
  const char* type_name() const;
  /// The 1-based line the value starts on.
  int line() const { return line_; }

 private:
  friend class JsonParser;
  std::variant<std::monostate, bool, double, std::string, Array, Object> value_;
  int line_{1};
};

/// Parses `text` (the contents of `source`, used in messages).
/// @throws std::invalid_argument "source:line: what" for malformed JSON
///         (including trailing data, duplicate keys, nesting deeper than
///         256 and non-finite numbers).
JsonValue ParseJson(const std::string& text, const std::string& source);

}  // namespace hydrocontact::cli
