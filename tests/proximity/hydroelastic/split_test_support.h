#pragma once

/// @file
/// What the tests of split pairs share: the test executors
/// (tests/proximity/test_executors.h) and byte-for-byte comparison of
/// contact polygons.

#include <cstring>
#include <vector>

#include "proximity/hydroelastic/contact_surface_builder.h"
#include "tests/proximity/test_executors.h"

namespace hydrocontact::test {

template <class T>
bool SameBytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// Whether two sets of polygons are equal bit for bit, in the same order.
inline bool SamePolygons(const ContactPolygons& a, const ContactPolygons& b) {
  return SameBytes(a.vertices, b.vertices) && SameBytes(a.ends, b.ends) && SameBytes(a.normals, b.normals) &&
         SameBytes(a.grad_first, b.grad_first) && SameBytes(a.grad_second, b.grad_second);
}

}  // namespace hydrocontact::test
