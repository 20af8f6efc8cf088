#pragma once

/// @file
/// Strongly typed, process-unique identifiers for geometries and frames.

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace hydrocontact {

/// A process-unique identifier tagged by the kind of object it names, so a
/// GeometryId can never be passed where a FrameId is expected.
///
/// A default-constructed identifier is *invalid*: it names nothing. Reading
/// its value (`get_value()`) throws std::logic_error, and every SceneGraph
/// call that receives one throws, so an uninitialised id cannot silently
/// alias a real one. Valid ids come only from get_new_id(); values increase
/// monotonically over the life of the process, which makes the ordering of
/// ids (and so the order of query results) deterministic for a given sequence
/// of registrations.
template <class Tag>
class Identifier {
 public:
  /// Constructs an invalid identifier.
  Identifier() = default;

  /// Returns a new valid identifier, distinct from every other one of this
  /// kind created in this process. Thread-safe.
  static Identifier get_new_id() {
    static std::atomic<int64_t> next{1};
    return Identifier(next.fetch_add(1, std::memory_order_relaxed));
  }

  /// True unless default-constructed.
  bool is_valid() const { return value_ > 0; }

  /// The underlying integer. @throws std::logic_error if invalid.
  int64_t get_value() const {
    if (!is_valid()) {
      throw std::logic_error(std::string(Tag::kName) +
                             ": the value of an invalid (default-constructed) "
                             "identifier was requested");
    }
    return value_;
  }

  // Comparisons are defined on invalid ids too (they compare equal to each
  // other and below every valid id) so ids may sit in ordered containers;
  // it is the SceneGraph that refuses to *use* an invalid id.
  friend bool operator==(Identifier a, Identifier b) = default;
  friend auto operator<=>(Identifier a, Identifier b) = default;

  /// "GeometryId(7)", or "GeometryId(invalid)".
  std::string to_string() const {
    return std::string(Tag::kName) + "(" +
           (is_valid() ? std::to_string(value_) : std::string("invalid")) + ")";
  }

  friend std::ostream& operator<<(std::ostream& out, Identifier id) {
    return out << id.to_string();
  }

  /// The raw value without validity check, for hashing only.
  int64_t raw_value() const { return value_; }

 private:
  explicit Identifier(int64_t value) : value_(value) {}
  int64_t value_{0};
};

struct GeometryIdTag {
  static constexpr const char* kName = "GeometryId";
};
struct FrameIdTag {
  static constexpr const char* kName = "FrameId";
};

/// Identifies a geometry registered in a SceneGraph.
using GeometryId = Identifier<GeometryIdTag>;
/// Identifies a frame registered in a SceneGraph.
using FrameId = Identifier<FrameIdTag>;

}  // namespace hydrocontact

template <class Tag>
struct std::hash<hydrocontact::Identifier<Tag>> {
  size_t operator()(hydrocontact::Identifier<Tag> id) const noexcept {
    return std::hash<int64_t>()(id.raw_value());
  }
};
