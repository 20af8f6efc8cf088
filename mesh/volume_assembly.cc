#include "mesh/volume_assembly.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact::internal {

VtkVolumeData AssembleVolume(const std::vector<double>& points,
                             std::vector<VolumeMesh::Element> tetrahedra, double scale,
                             std::string_view source,
                             const std::function<std::string(size_t)>& tetrahedron_location,
                             std::vector<int>* kept_points) {
  if (tetrahedra.empty()) throw std::runtime_error(fmt::format("{}: no tetrahedra", source));
  VtkVolumeData data;
  // Keep the points the tetrahedra use, in file order.
  const int64_t num_points = int64_t(points.size() / 3);
  std::vector<int> new_index(size_t(num_points), -1);
  for (const auto& t : tetrahedra) {
    for (int v : t) new_index[size_t(v)] = 0;
  }
  std::vector<Eigen::Vector3d> vertices;
  if (kept_points != nullptr) kept_points->clear();
  for (int64_t v = 0; v < num_points; ++v) {
    if (new_index[size_t(v)] < 0) continue;
    new_index[size_t(v)] = int(vertices.size());
    if (kept_points != nullptr) kept_points->push_back(int(v));
    const Eigen::Vector3d p =
        scale * Eigen::Vector3d(points[size_t(3 * v)], points[size_t(3 * v + 1)],
                                points[size_t(3 * v + 2)]);
    if (!IsWithinCoordinateRange(p)) {
      // Beyond the supported coordinates volumes and areas overflow; say
      // whether the point itself or the scale put it there.
      const Eigen::Vector3d q(points[size_t(3 * v)], points[size_t(3 * v + 1)], points[size_t(3 * v + 2)]);
      throw std::runtime_error(
          IsWithinCoordinateRange(q)
              ? fmt::format("{}: point {} ({}, {}, {}) times scale {} lies beyond the supported range of "
                            "coordinates (|x| <= {} m): the scale is too large",
                            source, v, q.x(), q.y(), q.z(), scale, kMaxCoordinate)
              : fmt::format("{}: point {} ({}, {}, {}) lies beyond the supported range of coordinates "
                            "(|x| <= {} m)",
                            source, v, q.x(), q.y(), q.z(), kMaxCoordinate));
    }
    vertices.push_back(p);
  }
  data.num_unused_points = int(num_points) - int(vertices.size());
  for (auto& t : tetrahedra) {
    for (int& v : t) v = new_index[size_t(v)];
  }

  // Orientation. Zero volume is judged by VolumeMesh's own test so that the
  // file's cell is named here rather than a renumbered element there.
  int num_positive = 0, num_negative = 0;
  size_t first_positive = 0, first_negative = 0;
  for (size_t e = 0; e < tetrahedra.size(); ++e) {
    const auto& t = tetrahedra[e];
    const Eigen::Vector3d* p[4] = {&vertices[size_t(t[0])], &vertices[size_t(t[1])],
                                   &vertices[size_t(t[2])], &vertices[size_t(t[3])]};
    const double volume = SignedTetrahedronVolume(*p[0], *p[1], *p[2], *p[3]);
    double longest_sq = 0;
    for (int i = 0; i < 4; ++i) {
      for (int j = i + 1; j < 4; ++j) {
        longest_sq = std::max(longest_sq, (*p[i] - *p[j]).squaredNorm());
      }
    }
    const double longest_cubed = longest_sq * std::sqrt(longest_sq);
    if (!(6 * std::abs(volume) > 1e-12 * longest_cubed)) {
      throw std::runtime_error(fmt::format("{} is a degenerate tetrahedron (zero volume)",
                                           tetrahedron_location(e)));
    }
    if (volume > 0) {
      if (num_positive++ == 0) first_positive = e;
    } else {
      if (num_negative++ == 0) first_negative = e;
    }
  }
  if (num_positive == 0) {
    // The whole file uses the opposite convention: flip every tetrahedron.
    for (auto& t : tetrahedra) std::swap(t[1], t[2]);
    data.orientation_flipped = true;
  } else if (num_negative > 0) {
    const bool negative_is_minority = num_negative <= num_positive;
    throw std::runtime_error(fmt::format(
        "{} is {} while most tetrahedra are {} ({} positive, {} negative); a file's tetrahedra "
        "must all have one orientation",
        tetrahedron_location(negative_is_minority ? first_negative : first_positive),
        negative_is_minority ? "an inverted tetrahedron (negative volume)"
                             : "a positively oriented tetrahedron",
        negative_is_minority ? "positively oriented" : "inverted", num_positive, num_negative));
  }
  try {
    data.mesh = VolumeMesh(std::move(tetrahedra), std::move(vertices));
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format(
        "{}: {} (tetrahedra numbered in file order, other cells not counted)", source, e.what()));
  }
  return data;
}

}  // namespace hydrocontact::internal
