#pragma once

/// @file
/// What the tests of split pairs and of the kernels' early rejections
/// share: the test executors (tests/proximity/test_executors.h) and
/// byte-for-byte comparison of contact polygons, in order or in any order.

#include <algorithm>
#include <cstring>
#include <utility>
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

/// Each polygon as one list of numbers (vertices, normal, gradients), the
/// lists sorted: equal for two sets of polygons that hold the same
/// polygons, bit for bit, in any order.
inline std::vector<std::vector<double>> SortedRecords(const ContactPolygons& polygons) {
  std::vector<std::vector<double>> records;
  for (int k = 0; k < polygons.num_polygons(); ++k) {
    std::vector<double> r;
    for (int i = polygons.begin(k); i < polygons.ends[k]; ++i) {
      r.insert(r.end(), polygons.vertices[i].data(), polygons.vertices[i].data() + 4);
    }
    for (const Eigen::Vector3d* v : {&polygons.normals[k], &polygons.grad_first[k], &polygons.grad_second[k]}) {
      r.insert(r.end(), v->data(), v->data() + 3);
    }
    records.push_back(std::move(r));
  }
  std::sort(records.begin(), records.end());
  return records;
}

}  // namespace hydrocontact::test
