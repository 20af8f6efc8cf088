#include "proximity/representation/make_inflated_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "proximity/representation/make_mesh_common.h"
#include "proximity/surface_validation.h"

namespace hydrocontact {

std::optional<Eigen::Vector3d> CalcLeastPushVector(std::span<const Eigen::Vector3d> normals) {
  if (normals.empty()) return std::nullopt;
  // Wolfe's algorithm for the point x of conv(normals) nearest the origin:
  // x is kept as the combination Σ λ_i n_{S_i} of an affinely independent
  // "corral" S (at most 4 points in 3D). A major step adds the normal most
  // against x; minor steps move to the affine minimum of S, dropping
  // points whose weights would turn negative. Unit normals set the scale:
  // the tolerances are absolute.
  constexpr double kOptimal = 1e-14, kZeroWeight = 1e-15;
  std::vector<int> S{0};
  std::vector<double> lambda{1.0};
  Eigen::Vector3d x = normals[0];
  auto combine = [&](const std::vector<double>& weights) {
    Eigen::Vector3d p = Eigen::Vector3d::Zero();
    for (size_t i = 0; i < S.size(); ++i) p += weights[i] * normals[size_t(S[i])];
    return p;
  };
  for (int major = 0; major < 64; ++major) {
    int j = 0;
    for (int i = 1; i < int(normals.size()); ++i) {
      if (normals[size_t(i)].dot(x) < normals[size_t(j)].dot(x)) j = i;
    }
    // Optimal: no normal lies beyond the plane through x normal to x.
    if (x.dot(x) - normals[size_t(j)].dot(x) <= kOptimal) break;
    if (std::find(S.begin(), S.end(), j) != S.end() || S.size() == 4) break;  // Round-off.
    S.push_back(j);
    lambda.push_back(0.0);
    for (int minor = 0; minor < 8; ++minor) {
      // The affine minimum μ of S: minimise |Σ μ_i n_i|² with Σ μ_i = 1,
      // i.e. [G 1; 1ᵀ 0][μ; ν] = [0; 1] with G the Gram matrix.
      const int k = int(S.size());
      Eigen::MatrixXd kkt = Eigen::MatrixXd::Zero(k + 1, k + 1);
      for (int a = 0; a < k; ++a) {
        for (int b = 0; b < k; ++b) kkt(a, b) = normals[size_t(S[a])].dot(normals[size_t(S[b])]);
        kkt(a, k) = kkt(k, a) = 1;
      }
      Eigen::VectorXd rhs = Eigen::VectorXd::Zero(k + 1);
      rhs(k) = 1;
      const Eigen::VectorXd solution = kkt.completeOrthogonalDecomposition().solve(rhs);
      std::vector<double> mu(solution.data(), solution.data() + k);
      if (std::all_of(mu.begin(), mu.end(), [](double m) { return m > kZeroWeight; })) {
        lambda = mu;
        x = combine(lambda);
        break;
      }
      // Step from λ toward μ until the first weight reaches 0; drop it.
      double theta = 1;
      for (int i = 0; i < k; ++i) {
        if (mu[size_t(i)] <= kZeroWeight) {
          theta = std::min(theta, lambda[size_t(i)] / (lambda[size_t(i)] - mu[size_t(i)]));
        }
      }
      std::vector<int> kept_S;
      std::vector<double> kept_lambda;
      for (int i = 0; i < k; ++i) {
        const double w = (1 - theta) * lambda[size_t(i)] + theta * mu[size_t(i)];
        if (w > kZeroWeight) {
          kept_S.push_back(S[size_t(i)]);
          kept_lambda.push_back(w);
        }
      }
      if (kept_S.empty()) {  // Round-off only: keep the newest point.
        kept_S = {S.back()};
        kept_lambda = {1.0};
      }
      S = std::move(kept_S);
      lambda = std::move(kept_lambda);
      double sum = 0;
      for (double w : lambda) sum += w;
      for (double& w : lambda) w /= sum;
      x = combine(lambda);
    }
  }
  if (!(x.norm() > 1e-9)) return std::nullopt;
  return x / x.squaredNorm();
}

std::vector<std::vector<Eigen::Vector3d>> CalcDistinctNormalsAroundVertices(
    const TriangleSurfaceMesh& surface) {
  std::vector<std::vector<Eigen::Vector3d>> normals(static_cast<size_t>(surface.num_vertices()));
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const Eigen::Vector3d& nhat = surface.face_normal(f);
    for (int v : surface.element(f)) {
      std::vector<Eigen::Vector3d>& around = normals[size_t(v)];
      const bool seen = std::any_of(around.begin(), around.end(), [&](const Eigen::Vector3d& m) {
        return (m - nhat).squaredNorm() < 1e-24;
      });
      if (!seen) around.push_back(nhat);
    }
  }
  return normals;
}

std::vector<Eigen::Vector3d> CalcInflationDisplacements(const TriangleSurfaceMesh& surface,
                                                        double margin) {
  internal::RequireMargin("inflation", margin);
  const std::vector<std::vector<Eigen::Vector3d>> normals = CalcDistinctNormalsAroundVertices(surface);
  std::vector<Eigen::Vector3d> displacement(normals.size(), Eigen::Vector3d::Zero());
  for (size_t v = 0; v < normals.size(); ++v) {
    const std::optional<Eigen::Vector3d> m = CalcLeastPushVector(normals[v]);
    if (!m) continue;
    const double length = m->norm();
    displacement[v] = margin * (length > kMaxInflationPush ? (kMaxInflationPush / length) * *m : *m);
  }
  return displacement;
}

namespace {

using Eigen::Vector3d;

// Why `surface`, inflated by `margin` (> 0), no longer bounds a solid, or
// nullopt when it still does (then *inflated, if given, is the result).
// Moving the vertices changes no edge, so two things can go wrong: a
// triangle turns over (a concave region narrower than the offset), or parts
// of the surface reach each other (two parts closer than about twice the
// margin, the walls of a slit or a gap) and the surface crosses or lies on
// itself. The first is a sign test per
// triangle; the second is FindSurfaceDefects, the check every surface that
// must bound a solid passes (surface_validation.h), O(F log F).
std::optional<std::string> FindInflationFold(const TriangleSurfaceMesh& surface,
                                             const std::vector<Vector3d>& unit_push, double margin,
                                             TriangleSurfaceMesh* inflated) {
  std::vector<Vector3d> vertices = surface.vertices();
  for (size_t v = 0; v < vertices.size(); ++v) vertices[v] += margin * unit_push[v];
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const auto& t = surface.element(f);
    const Vector3d n = (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]);
    if (!(n.dot(surface.face_normal(f)) > 0)) {
      return fmt::format("inflating it turns triangle {} over", f);
    }
  }
  TriangleSurfaceMesh result(surface.triangles(), std::move(vertices));
  const SurfaceDefects defects = FindSurfaceDefects(result);
  // The refusal for `count` pairs of triangles that meet wrongly, naming
  // the first pair and a point where it meets.
  auto describe = [](const char* how, size_t count, const char* pairs, const std::array<int, 2>& pair,
                     const Vector3d& p, const char* reach) {
    return fmt::format(
        "inflated, the surface {} ({} {}; triangles {} and {} at ({:g}, {:g}, {:g})): parts of it "
        "{}",
        how, count, pairs, pair[0], pair[1], p.x(), p.y(), p.z(), reach);
  };
  if (!defects.crossing_triangles.empty()) {
    return describe("crosses itself", defects.crossing_triangles.size(), "crossing triangle pair(s)",
                    defects.crossing_triangles.front(), defects.crossing_points.front(),
                    "closer than about twice the margin grow into each other");
  }
  if (!defects.overlapping_triangles.empty()) {
    return describe("lies on itself", defects.overlapping_triangles.size(),
                    "pair(s) of coplanar triangles overlap", defects.overlapping_triangles.front(),
                    defects.overlap_points.front(), "twice the margin apart grow onto each other");
  }
  if (!defects.misnested_shells.empty()) {
    return fmt::format(
        "inflated, a shell of the surface (triangle {}) passes over another, which now wrongly "
        "nests it",
        defects.misnested_shells.front().first_triangle);
  }
  // (Open, non-manifold or misoriented edges are as they were before the
  // vertices moved: the caller's concern, not the margin's.)
  if (inflated) *inflated = std::move(result);
  return std::nullopt;
}

// The advice of a refusal of `margin`: the largest margin/2^k (k = 1..20)
// that `works` (each try costs one FindInflationFold), or, if none does,
// that the input itself may be at fault. Only refusals pay for the search.
template <class Works>
std::string SuggestMargin(double margin, Works&& works) {
  double m = margin;
  for (int k = 1; k <= 20; ++k) {
    m /= 2;
    if (works(m)) return fmt::format("use a smaller margin (at most {:g} m does not fold it)", m);
  }
  return fmt::format(
      "use a smaller margin (none down to {:g} m avoids this, so the surface may not bound a "
      "solid even without one)",
      m);
}

}  // namespace

TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin) {
  internal::RequireMargin("inflation", margin);
  if (margin == 0) return surface;
  // Displacements scale with the margin: computed once for the margin and
  // every smaller one SuggestMargin tries.
  const std::vector<Vector3d> unit_push = CalcInflationDisplacements(surface, 1.0);
  TriangleSurfaceMesh inflated;
  if (const std::optional<std::string> fold = FindInflationFold(surface, unit_push, margin, &inflated)) {
    throw std::invalid_argument(fmt::format(
        "margin {} m is too large for this surface: {}; {}", margin, *fold,
        SuggestMargin(margin, [&](double m) { return !FindInflationFold(surface, unit_push, m, nullptr); })));
  }
  return inflated;
}

VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin) {
  internal::RequireMargin("inflation", margin);
  if (margin == 0) return mesh;
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  // The inflated mesh's vertices, or why `m` folds it: a tetrahedron
  // inverted, or the boundary folded as a surface would be (two parts of
  // the volume grown into each other invert nothing).
  const std::vector<Vector3d> unit_push = CalcInflationDisplacements(boundary.surface, 1.0);
  auto inflate = [&](double m, std::vector<Vector3d>* vertices) -> std::optional<std::string> {
    *vertices = mesh.vertices();
    for (size_t s = 0; s < unit_push.size(); ++s) {
      (*vertices)[boundary.volume_vertex[s]] += m * unit_push[s];
    }
    for (int e = 0; e < mesh.num_elements(); ++e) {
      const auto& t = mesh.element(e);
      if (!(SignedTetrahedronVolume((*vertices)[t[0]], (*vertices)[t[1]], (*vertices)[t[2]],
                                    (*vertices)[t[3]]) > 0)) {
        return fmt::format("inflating its boundary inverts tetrahedron {}", e);
      }
    }
    if (const std::optional<std::string> fold = FindInflationFold(boundary.surface, unit_push, m, nullptr)) {
      return "its boundary: " + *fold;
    }
    return std::nullopt;
  };
  std::vector<Vector3d> vertices;
  if (const std::optional<std::string> fold = inflate(margin, &vertices)) {
    throw std::invalid_argument(fmt::format(
        "margin {} m is too large for this volume mesh: {}; {}", margin, *fold,
        SuggestMargin(margin, [&](double m) {
          std::vector<Vector3d> scratch;
          return !inflate(m, &scratch);
        })));
  }
  return VolumeMesh(mesh.tetrahedra(), std::move(vertices));
}

}  // namespace hydrocontact
