#include "geometry/identifier.h"

#include <set>
#include <sstream>
#include <unordered_set>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Identifier: new ids are valid, unique and increasing") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  CHECK(a.is_valid());
  CHECK(b.is_valid());
  CHECK(a != b);
  CHECK(a < b);
  CHECK(b.get_value() > a.get_value());
}

TEST_CASE("Identifier: a default id is invalid and its value cannot be read") {
  const GeometryId invalid;
  CHECK_FALSE(invalid.is_valid());
  CHECK_THROWS_WITH(invalid.get_value(), Catch::Contains("invalid"));
  CHECK(invalid < GeometryId::get_new_id());
  CHECK(invalid == GeometryId());
}

TEST_CASE("Identifier: hashable, ordered and printable") {
  std::unordered_set<FrameId> hashed;
  std::set<FrameId> ordered;
  for (int i = 0; i < 100; ++i) {
    const FrameId id = FrameId::get_new_id();
    hashed.insert(id);
    ordered.insert(id);
  }
  CHECK(hashed.size() == 100);
  CHECK(ordered.size() == 100);
  const GeometryId g = GeometryId::get_new_id();
  std::ostringstream out;
  out << g;
  CHECK(out.str() == "GeometryId(" + std::to_string(g.get_value()) + ")");
  CHECK(FrameId().to_string() == "FrameId(invalid)");
}

}  // namespace
}  // namespace hydrocontact
