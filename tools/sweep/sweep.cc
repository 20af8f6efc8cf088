/// @file
/// hydrocontact_sweep: an adversarial sweep of the distance queries over
/// every pair of shapes (issue 10). Each case poses two shapes near contact
/// (gaps from ±1e-12 to 1e-6 of their size, identical and nested shapes,
/// flush faces, rotations by multiples of π/2, thin shapes, scales 1e-6 to
/// 1e4 m) and checks invariants that need no reference answer:
///
/// - every number finite;
/// - p_WCa − p_WCb = φ · n̂ (the result's own invariant), ‖n̂‖ = 1;
/// - φ ≥ g(u) for every direction u, where g(u) = −h_A(−u) − h_B(u) is the
///   lower bound on the signed distance given by the support functions
///   h (computed here, independently of the library); and φ ≤ g(n̂) + tol
///   for convex pairs, since the signed distance is max over u of g(u);
/// - the witness points lie on their surfaces to 1e-6 of the size (the library's point query
///   on each, a different code path);
/// - the same φ whichever geometry is first, and opposite normals;
/// - point queries: at Q = S_G(u) + g·u the signed distance is g when Q is
///   outside (it is the supporting point's normal), and at least
///   max over u' of (u'·Q − h_G(u')) everywhere, with the nearest point
///   |Q − N| = |φ| away;
/// - contact surfaces (a smaller family): the triangle and polygon
///   representations report the same total area and force, all finite.
///
/// It prints the number of cases and of violations per family, and exits
/// non-zero if any invariant failed. Each violation printed names the two
/// shapes' sizes and poses to full precision, enough to reproduce it.
/// usage: hydrocontact_sweep [cases] (default 1000000) [seed] (default 1)
/// [violations printed in full] (default 20); --help says so; bad arguments
/// exit 2 with one line.

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include <Eigen/Geometry>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

enum Kind { kSphere, kBox, kCylinder, kCapsule, kEllipsoid, kConvex, kHalfSpace, kNumKinds };
const char* kKindNames[] = {"sphere", "box", "cylinder", "capsule", "ellipsoid", "convex",
                            "halfspace"};

// A shape with what the sweep needs to know of it: the library's distance
// data and, independently, its support function.
struct Solid {
  Kind kind;
  Shape shape{Sphere(1)};
  DistanceGeometry geometry;
  Vector3d size{1, 1, 1};  // Sphere: r; box: half sizes; cylinder/capsule: r, r, half length.
  std::vector<Vector3d> hull;  // Convex: its vertices.
  double scale{1};             // Characteristic length.
};

// The point of the solid (in its frame G) extreme along d_G (unit).
Vector3d SupportG(const Solid& s, const Vector3d& d) {
  switch (s.kind) {
    case kSphere: return s.size.x() * d;
    case kBox:
      return {d.x() >= 0 ? s.size.x() : -s.size.x(), d.y() >= 0 ? s.size.y() : -s.size.y(),
              d.z() >= 0 ? s.size.z() : -s.size.z()};
    case kCylinder: {
      const double rho = std::hypot(d.x(), d.y());
      Vector3d p(0, 0, d.z() >= 0 ? s.size.z() : -s.size.z());
      if (rho > 0) p.head<2>() = s.size.x() * d.head<2>() / rho;
      return p;
    }
    case kCapsule: return Vector3d(0, 0, d.z() >= 0 ? s.size.z() : -s.size.z()) + s.size.x() * d;
    case kEllipsoid: {
      const Vector3d Ed = s.size.cwiseProduct(d);
      return s.size.cwiseProduct(Ed) / Ed.norm();
    }
    case kConvex: {
      Vector3d best = s.hull[0];
      for (const Vector3d& v : s.hull) {
        if (d.dot(v) > d.dot(best)) best = v;
      }
      return best;
    }
    default: return Vector3d::Zero();  // Half-space: handled by the callers.
  }
}

// h_G(u) in W: max over the solid of u · p_W. +∞ for a half-space unless u
// is its outward normal.
double SupportValue(const Solid& s, const RigidTransform& X_WG, const Vector3d& u_W) {
  if (s.kind == kHalfSpace) {
    const Vector3d n_W = X_WG.rotation().col(2);
    if ((u_W - n_W).norm() < 1e-15) return n_W.dot(X_WG.translation());
    return INFINITY;
  }
  const Vector3d d_G = X_WG.rotation().transpose() * u_W;
  return u_W.dot(X_WG * SupportG(s, d_G));
}

Vector3d RandomUnit(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Vector3d v(normal(rng), normal(rng), normal(rng));
  return v.normalized();
}

Eigen::Matrix3d RandomRotation(std::mt19937_64& rng, bool quarter_turns) {
  if (quarter_turns) {
    std::uniform_int_distribution<int> k(0, 3);
    return (Eigen::AngleAxisd(k(rng) * M_PI / 2, Vector3d::UnitZ()) *
            Eigen::AngleAxisd(k(rng) * M_PI / 2, Vector3d::UnitY()) *
            Eigen::AngleAxisd(k(rng) * M_PI / 2, Vector3d::UnitX()))
        .toRotationMatrix();
  }
  std::normal_distribution<double> normal;
  return Eigen::Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng))
      .normalized()
      .toRotationMatrix();
}

// The hull's file name, one per process: the Convex cases read it again and
// again, and other sweeps (the test suite of another build) may run
// meanwhile.
std::string HullFileName() {
  return fmt::format("hydrocontact_sweep_hull_{}.obj", static_cast<long>(::getpid()));
}

std::filesystem::path HullFile() {
  // A fixed irregular polytope (unit size): an icosahedron stretched and
  // with one vertex pulled out, so it has faces, edges and vertices of
  // every orientation.
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::temp_directory_path(ec);
  if (ec) {
    const char* tmpdir = std::getenv("TMPDIR");
    throw std::runtime_error(fmt::format("the temporary folder (TMPDIR='{}') cannot be used: {}",
                                         tmpdir ? tmpdir : "", ec.message()));
  }
  const std::filesystem::path file = folder / HullFileName();
  const double t = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vector3d> v{{-1, t, 0}, {1, t, 0},  {-1, -t, 0}, {1, -t, 0},
                          {0, -1, t}, {0, 1, t},  {0, -1, -t}, {0, 1, -t},
                          {t, 0, -1}, {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  for (auto& p : v) p = Vector3d(0.5 * p.x(), 0.35 * p.y(), 0.3 * p.z());
  v[0] *= 1.3;
  const int f[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                        {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                        {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                        {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  std::ofstream out(file);
  for (const auto& p : v) out << fmt::format("v {} {} {}\n", p.x(), p.y(), p.z());
  for (const auto& t3 : f) out << fmt::format("f {} {} {}\n", t3[0] + 1, t3[1] + 1, t3[2] + 1);
  if (!out.flush()) {
    throw std::runtime_error(fmt::format("cannot write the hull's temporary file '{}'", file.string()));
  }
  return file;
}

// The hull's file, written on first use (removed by main at the end).
const std::filesystem::path& HullPath() {
  static const std::filesystem::path file = HullFile();
  return file;
}

// A solid of `kind` at length scale `scale`; `thin` flattens it by 1e-3
// along one axis (or elongates a capsule/cylinder).
Solid MakeSolid(Kind kind, double scale, bool thin, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> aspect(0.3, 1.0);
  Solid s;
  s.kind = kind;
  s.scale = scale;
  const double a = scale * aspect(rng), b = scale * aspect(rng), c = scale * aspect(rng);
  // Thin by 1e-3, but never below the smallest supported size.
  const double flat = thin ? std::max(1e-3, 4e-9 / scale) : 1;
  switch (kind) {
    case kSphere:
      s.shape = Sphere(a);
      s.size = {a, a, a};
      break;
    case kBox:
      s.shape = Box(2 * a, 2 * b, 2 * c * flat);
      s.size = {a, b, c * flat};
      break;
    case kCylinder:
      s.shape = Cylinder(a, 2 * c * flat);
      s.size = {a, a, c * flat};
      break;
    case kCapsule:
      s.shape = Capsule(a * flat, 2 * c);
      s.size = {a * flat, a * flat, c};
      break;
    case kEllipsoid:
      s.shape = Ellipsoid(a, b, c * flat);
      s.size = {a, b, c * flat};
      break;
    case kConvex: {
      const std::filesystem::path& file = HullPath();
      s.shape = Convex(file, scale);
      break;
    }
    default: s.shape = HalfSpace(); break;
  }
  s.geometry = MakeDistanceGeometry(s.shape);
  if (kind == kConvex) s.hull = HullVertices(s.geometry);
  return s;
}

struct Counts {
  long cases{0};
  long violations{0};
};

class Sweep {
 public:
  explicit Sweep(uint64_t seed) : rng_(seed) {}

  void Fail(const std::string& family, const std::string& what) {
    ++counts_[family].violations;
    if (printed_++ < print_limit_) std::fprintf(stderr, "violation [%s]: %s\n", family.c_str(), what.c_str());
  }

  // One pair case.
  void PairCase(Kind ka, Kind kb) {
    std::uniform_real_distribution<double> unit(0, 1);
    const int mode = int(unit(rng_) * 6);  // 0 general, 1 quarter turns/flush, 2 identical,
                                           // 3 nested, 4 thin, 5 tiny gaps
    const double scale = std::pow(10.0, -6 + 10 * unit(rng_));
    const bool thin = mode == 4;
    Solid A = MakeSolid(ka, scale, thin && unit(rng_) < 0.5, rng_);
    Solid B = (mode == 2 && ka == kb) ? A : MakeSolid(kb, scale, thin, rng_);
    const bool quarter = mode == 1 || mode == 2;
    const Vector3d p_WA = scale * Vector3d(unit(rng_) - 0.5, unit(rng_) - 0.5, unit(rng_) - 0.5);
    const RigidTransform X_WA(RandomRotation(rng_, quarter), p_WA);
    RigidTransform X_WB;
    // The gap, relative to the scale.
    static const double kGaps[] = {-1e-6, -1e-9, -1e-12, 0, 1e-12, 1e-9, 1e-6, -0.1, 0.1};
    const double gap = scale * kGaps[int(unit(rng_) * 9)];
    Vector3d u;  // From A toward B.
    if (ka == kHalfSpace) {
      u = X_WA.rotation().col(2);
    } else {
      u = quarter ? X_WA.rotation().col(int(unit(rng_) * 3)) * (unit(rng_) < 0.5 ? 1 : -1)
                  : RandomUnit(rng_);
    }
    Eigen::Matrix3d R_WB = RandomRotation(rng_, quarter);
    if (kb == kHalfSpace) {
      // B's outward normal must face A: −u.
      R_WB = Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), -u).toRotationMatrix();
    }
    if (mode == 2 && ka == kb) {
      X_WB = X_WA;  // Identical shapes at the same pose.
    } else if (mode == 3 && ka != kHalfSpace && kb != kHalfSpace) {
      X_WB = RigidTransform(R_WB, p_WA + 0.01 * scale * RandomUnit(rng_));  // Nested.
    } else {
      // Tangential offset, then B's lowest point along u at A's highest
      // plus the gap.
      Vector3d tangent = RandomUnit(rng_);
      tangent -= tangent.dot(u) * u;
      const double offset = (mode == 1 ? 0.0 : 0.3 * unit(rng_)) * scale;
      const RigidTransform X_WB0(R_WB, Vector3d::Zero());
      double h_A = SupportValue(A, X_WA, u);
      double low_B = -SupportValue(B, X_WB0, -u);
      if (ka == kHalfSpace) h_A = u.dot(X_WA.translation());
      if (kb == kHalfSpace) low_B = 0;
      const Vector3d p = p_WA + offset * tangent;
      X_WB = RigidTransform(R_WB, p + (h_A + gap - u.dot(p) - low_B) * u);
    }
    if (ka == kHalfSpace && kb == kHalfSpace) return;
    const std::string family =
        fmt::format("{}-{}", kKindNames[ka], kKindNames[kb]);
    ++counts_[family].cases;
    const GeometryId id1 = GeometryId::get_new_id();
    const GeometryId id2 = GeometryId::get_new_id();
    SignedDistancePair r, s;
    try {
      r = ComputeSignedDistancePair(id1, A.geometry, X_WA, id2, B.geometry, X_WB);
      s = ComputeSignedDistancePair(id1, B.geometry, X_WB, id2, A.geometry, X_WA);
    } catch (const std::exception& e) {
      Fail(family, fmt::format("threw: {}", e.what()));
      return;
    }
    const double tol = 1e-9 * scale;
    const Vector3d p_WCa = X_WA * r.p_ACa, p_WCb = X_WB * r.p_BCb;
    // Enough to reproduce the case: the shapes' sizes and poses.
    auto pose = [](const RigidTransform& X) {
      const Eigen::Matrix3d& R = X.rotation();
      const Vector3d& p = X.translation();
      return fmt::format("R ({:.17g}) p ({:.17g})",
                         fmt::join(R.data(), R.data() + 9, ", "),
                         fmt::join(p.data(), p.data() + 3, ", "));
    };
    auto solid = [&](const Solid& S, const RigidTransform& X) {
      return fmt::format("{} size ({:.17g}, {:.17g}, {:.17g}) scale {:.17g} {}", kKindNames[S.kind],
                         S.size.x(), S.size.y(), S.size.z(), S.scale, pose(X));
    };
    auto context = [&] {
      return fmt::format("scale {:g} mode {} gap {:g}: phi {:.17g} swapped {:.17g}\n  A {}\n  B {}",
                         scale, mode, gap, r.distance, s.distance, solid(A, X_WA), solid(B, X_WB));
    };
    if (!std::isfinite(r.distance) || !p_WCa.allFinite() || !p_WCb.allFinite() ||
        !r.nhat_BA_W.allFinite() || !std::isfinite(s.distance)) {
      Fail(family, "non-finite result: " + context());
      return;
    }
    if (std::abs(r.nhat_BA_W.norm() - 1) > 1e-9 ||
        (p_WCa - p_WCb - r.distance * r.nhat_BA_W).norm() > tol) {
      Fail(family, "p_WCa - p_WCb != phi n: " + context());
    }
    if (std::abs(r.distance - s.distance) > tol) Fail(family, "asymmetric phi: " + context());
    if (r.is_nhat_BA_W_unique && s.is_nhat_BA_W_unique && (r.nhat_BA_W + s.nhat_BA_W).norm() > 1e-5) {
      Fail(family, fmt::format("asymmetric normal ({}): {}", (r.nhat_BA_W + s.nhat_BA_W).norm(),
                               context()));
    }
    // Lower bounds from the support functions; g at the reported normal.
    auto g = [&](const Vector3d& n_BA) {
      return -SupportValue(A, X_WA, -n_BA) - SupportValue(B, X_WB, n_BA);
    };
    if (ka != kHalfSpace && kb != kHalfSpace) {
      for (int k = 0; k < 3; ++k) {
        const Vector3d n = k == 0 ? Vector3d(-u) : RandomUnit(rng_);
        if (g(n) > r.distance + tol) {
          Fail(family, fmt::format("phi below the support bound g = {:.17g}: {}", g(n), context()));
        }
      }
      if (std::abs(g(r.nhat_BA_W) - r.distance) > tol) {
        Fail(family, fmt::format("phi != g(n) = {:.17g}: {}", g(r.nhat_BA_W), context()));
      }
    }
    // Witnesses on their surfaces.
    const double on_a = ComputeSignedDistanceToPoint(id1, A.geometry, X_WA, p_WCa).distance;
    const double on_b = ComputeSignedDistanceToPoint(id2, B.geometry, X_WB, p_WCb).distance;
    // Witnesses: to the documented 1e-6 of the size (directions on curved
    // surfaces are accurate to 1e-6 rad, witnesses to its square there).
    if (std::abs(on_a) > 1e-6 * scale || std::abs(on_b) > 1e-6 * scale) {
      Fail(family, fmt::format("witness off its surface by {:g}, {:g}: {}", on_a, on_b, context()));
    }
  }

  // One point case against a solid.
  void PointCase(Kind kind) {
    if (kind == kHalfSpace) return;
    std::uniform_real_distribution<double> unit(0, 1);
    const double scale = std::pow(10.0, -6 + 10 * unit(rng_));
    const Solid G = MakeSolid(kind, scale, unit(rng_) < 0.2, rng_);
    const RigidTransform X_WG(RandomRotation(rng_, unit(rng_) < 0.3),
                              scale * Vector3d(unit(rng_), unit(rng_), unit(rng_)));
    static const double kGaps[] = {-0.1, -1e-6, -1e-12, 0, 1e-12, 1e-6, 0.1};
    const double gap = scale * kGaps[int(unit(rng_) * 7)];
    const Vector3d u = RandomUnit(rng_);
    const Vector3d p_WQ = X_WG * SupportG(G, X_WG.rotation().transpose() * u) + gap * u;
    const std::string family = fmt::format("point-{}", kKindNames[kind]);
    ++counts_[family].cases;
    SignedDistanceToPoint d;
    try {
      d = ComputeSignedDistanceToPoint(GeometryId::get_new_id(), G.geometry, X_WG, p_WQ);
    } catch (const std::exception& e) {
      Fail(family, fmt::format("threw: {}", e.what()));
      return;
    }
    const double tol = 1e-9 * scale;
    const Vector3d p_GQ = X_WG.inverse() * p_WQ;
    // Enough to reproduce the case: the shape's size and Q in its frame.
    auto where = [&] {
      return fmt::format("scale {:.17g} size ({:.17g}, {:.17g}, {:.17g}) Q_G ({:.17g}, {:.17g}, {:.17g})",
                         scale, G.size.x(), G.size.y(), G.size.z(), p_GQ.x(), p_GQ.y(), p_GQ.z());
    };
    if (!std::isfinite(d.distance) || !d.p_GN.allFinite() || !d.grad_W.allFinite()) {
      Fail(family, "non-finite result");
      return;
    }
    if (gap >= 0 && std::abs(d.distance - gap) > tol) {
      Fail(family, fmt::format("phi {:.17g} != gap {:.17g}: {}", d.distance, gap, where()));
    }
    for (int k = 0; k < 3; ++k) {
      const Vector3d v = RandomUnit(rng_);
      if (v.dot(p_WQ) - SupportValue(G, X_WG, v) > d.distance + tol) {
        Fail(family, fmt::format("phi {:.17g} below a support bound: {}", d.distance, where()));
      }
    }
    if (std::abs((p_WQ - X_WG * d.p_GN).norm() - std::abs(d.distance)) > tol) {
      Fail(family, fmt::format("|Q - N| != |phi|: {}", where()));
    }
  }

  // One contact-surface case: a compliant shape against a rigid one,
  // pressed in by a fraction of their size.
  void SurfaceCase(Kind ka, Kind kb) {
    if (ka == kHalfSpace || ka == kConvex || kb == kConvex) return;
    std::uniform_real_distribution<double> unit(0, 1);
    const double scale = std::pow(10.0, -3 + 4 * unit(rng_));
    const Solid A = MakeSolid(ka, scale, false, rng_);
    const Solid B = MakeSolid(kb, scale, false, rng_);
    const std::string family = fmt::format("surface-{}-{}", kKindNames[ka], kKindNames[kb]);
    ++counts_[family].cases;
    const bool quarter = unit(rng_) < 0.5;
    const RigidTransform X_WA(RandomRotation(rng_, quarter), Vector3d::Zero());
    const Vector3d u = RandomUnit(rng_);
    Eigen::Matrix3d R_WB = RandomRotation(rng_, quarter);
    if (kb == kHalfSpace) {
      R_WB = Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), -u).toRotationMatrix();
    }
    const double h_A = SupportValue(A, X_WA, u);
    const double low_B = kb == kHalfSpace ? 0 : -SupportValue(B, RigidTransform(R_WB, Vector3d::Zero()), -u);
    const RigidTransform X_WB(R_WB, (h_A - 0.1 * scale - low_B) * u);
    try {
      SceneGraph scene;
      const FrameId world = scene.world_frame_id();
      scene.RegisterGeometry(world, X_WA, A.shape, "A",
                             ProximityProperties::Compliant(1e6, 0.5 * scale));
      scene.RegisterGeometry(world, X_WB, B.shape, "B", ProximityProperties::Rigid(0.5 * scale));
      const QueryObject query(scene);
      const auto tri = query.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle);
      const auto poly = query.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon);
      if (tri.size() != poly.size()) {
        Fail(family, "triangle and polygon report different numbers of surfaces");
        return;
      }
      for (size_t i = 0; i < tri.size(); ++i) {
        const double area_t = tri[i].total_area(), area_p = poly[i].total_area();
        if (!std::isfinite(area_t) || std::abs(area_t - area_p) > 1e-9 * (area_t + 1e-300)) {
          Fail(family, fmt::format("triangle area {:.17g} != polygon area {:.17g}", area_t, area_p));
        }
        auto force = [](const ContactSurface& c) {
          Vector3d f = Vector3d::Zero();
          for (int k = 0; k < c.num_faces(); ++k) {
            const double p = c.is_triangle()
                                 ? c.tri_e_MN().EvaluateCartesian(k, c.centroid(k))
                                 : c.poly_e_MN().EvaluateCartesian(k, c.centroid(k));
            f += p * c.area(k) * c.face_normal(k);
          }
          return f;
        };
        const Vector3d f_t = force(tri[i]), f_p = force(poly[i]);
        if (!f_t.allFinite() || (f_t - f_p).norm() > 1e-9 * (f_p.norm() + 1e-300)) {
          Fail(family, fmt::format("triangle force != polygon force ({:g})", (f_t - f_p).norm()));
        }
      }
    } catch (const std::exception& e) {
      Fail(family, fmt::format("threw: {}", e.what()));
    }
  }

  // Prints the table; returns 0 when no invariant failed.
  int Report() const {
    long cases = 0, violations = 0;
    for (const auto& [family, c] : counts_) {
      std::printf("%-28s %10ld cases %6ld violations\n", family.c_str(), c.cases, c.violations);
      cases += c.cases;
      violations += c.violations;
    }
    std::printf("%-28s %10ld cases %6ld violations\n", "TOTAL", cases, violations);
    return violations == 0 ? 0 : 1;
  }

 private:
  std::mt19937_64 rng_;
  std::map<std::string, Counts> counts_;
  long printed_{0};

 public:
  long print_limit_{20};
};

}  // namespace
}  // namespace hydrocontact

namespace {

constexpr const char* kUsage =
    "usage: hydrocontact_sweep [CASES] [SEED] [PRINTED]\n"
    "  CASES    the number of cases, >= 1 (default 1000000)\n"
    "  SEED     the random seed, an integer in [0, 2^64) (default 1)\n"
    "  PRINTED  how many violations to print in full, >= 0 (default 20)\n"
    "Prints the cases and violations per family; exits 1 if any invariant failed,\n"
    "2 on bad arguments or when the sweep cannot run.\n";

// The decimal integer `text` in [min, max] (all of it, no sign for
// unsigned), or a one-line error naming the argument.
template <class Int>
Int ParseArgument(const char* name, const std::string& text, Int min, Int max) {
  Int value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < min || value > max) {
    throw std::invalid_argument(fmt::format("{}: '{}' is not an integer in [{}, {}]", name, text, min, max));
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hydrocontact;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  try {
    if (args.size() > 3) {
      throw std::invalid_argument(fmt::format("{} arguments given, at most 3 are taken (see --help)", args.size()));
    }
    const long cases = args.size() > 0 ? ParseArgument<long>("CASES", args[0], 1, 1L << 50) : 1000000;
    const uint64_t seed = args.size() > 1
                              ? ParseArgument<uint64_t>("SEED", args[1], 0, std::numeric_limits<uint64_t>::max())
                              : 1;
    Sweep sweep(seed);
    if (args.size() > 2) sweep.print_limit_ = ParseArgument<long>("PRINTED", args[2], 0, 1L << 50);
    // Of every 100 cases: 1 contact surface, 19 point queries, 80 pairs.
    long done = 0;
    for (long i = 0; done < cases; ++i) {
      for (int a = 0; a < kNumKinds && done < cases; ++a) {
        for (int b = 0; b < kNumKinds && done < cases; ++b, ++done) {
          const long slot = done % 100;
          if (slot == 0) {
            sweep.SurfaceCase(Kind(a), Kind(b));
          } else if (slot < 20) {
            sweep.PointCase(Kind(b));
          } else {
            sweep.PairCase(Kind(a), Kind(b));
          }
        }
      }
    }
    std::error_code ignored;
    std::filesystem::remove(HullPath(), ignored);
    return sweep.Report();
  } catch (const std::exception& e) {
    // Bad arguments, or a sweep that cannot run (its temporary folder, say):
    // one line, and no table that would read as a pass.
    std::fprintf(stderr, "hydrocontact_sweep: %s\n", e.what());
    std::error_code ignored;
    std::filesystem::remove(std::filesystem::temp_directory_path(ignored) / HullFileName(), ignored);
    return 2;
  }
}
