#pragma once

/// @file
/// A minimal JSON value for the tool's output: objects keep insertion order;
/// doubles are printed in the shortest form that reads back exactly; a
/// non-finite double is printed as null (JSON has no NaN).

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <Eigen/Core>

namespace hydrocontact::cli {

class Json {
 public:
  using Object = std::vector<std::pair<std::string, Json>>;
  using Array = std::vector<Json>;

  Json() : value_(nullptr) {}
  Json(std::nullptr_t) : value_(nullptr) {}
  Json(bool b) : value_(b) {}
  Json(int i) : value_(int64_t(i)) {}
  Json(int64_t i) : value_(i) {}
  Json(size_t i) : value_(int64_t(i)) {}
  Json(double d) : value_(d) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(const Eigen::Vector3d& v) : value_(Array{Json(v.x()), Json(v.y()), Json(v.z())}) {}
  Json(Array a) : value_(std::move(a)) {}

  static Json MakeObject() {
    Json j;
    j.value_ = Object{};
    return j;
  }
  static Json MakeArray() {
    Json j;
    j.value_ = Array{};
    return j;
  }

  /// Adds (or replaces) a member of an object. Returns *this for chaining.
  Json& Set(const std::string& key, Json value);
  /// Appends to an array.
  Json& Push(Json value);

  /// Serialises with `indent`-space indentation; with indent 0, on one line
  /// (JSON Lines).
  std::string Dump(int indent = 2) const;

 private:
  void DumpTo(std::string& out, int indent, int depth) const;
  std::variant<std::nullptr_t, bool, int64_t, double, std::string, Array, Object> value_;
};

}  // namespace hydrocontact::cli
