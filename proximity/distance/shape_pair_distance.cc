#include "proximity/distance/shape_pair_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "proximity/distance/box_box_penetration.h"
#include "proximity/distance/convex_signed_distance.h"
#include "proximity/distance/ellipsoid_point_distance.h"
#include "proximity/distance/height_field_distance.h"
#include "proximity/distance/mesh_distance_pair.h"
#include "proximity/distance/mesh_distance_shapes.h"
#include "proximity/distance/segment_distance.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// A pair's answer in W, before ids are attached. Invariant:
// p_WCa − p_WCb = distance · nhat_BA_W.
struct WorldPair {
  double distance{0};
  Vector3d p_WCa{Vector3d::Zero()};
  Vector3d p_WCb{Vector3d::Zero()};
  Vector3d nhat_BA_W{Vector3d::UnitZ()};
  bool unique{true};
};

// The same answer with A and B exchanged.
WorldPair Flip(const WorldPair& r) {
  WorldPair f = r;
  std::swap(f.p_WCa, f.p_WCb);
  f.nhat_BA_W = -r.nhat_BA_W;
  return f;
}

// From a result in A's frame (ConvexSignedDistance or MeshSignedDistance,
// which share their fields).
template <class PairInA>
WorldPair FromFrameA(const PairInA& r, const RigidTransform& X_WA) {
  WorldPair w;
  w.distance = r.distance;
  w.p_WCa = X_WA * r.p_ACa;
  w.p_WCb = X_WA * r.p_ACb_A;
  // Normalised here: the mesh queries' normals near touching can be off
  // unit length by ~1e-8 (averaged gradients).
  w.nhat_BA_W = (X_WA.rotation() * r.nhat_BA_A).normalized();
  w.unique = r.is_nhat_unique;
  return w;
}

template <class T>
bool Is(const DistanceGeometry& g) {
  return std::holds_alternative<T>(g.shape);
}

// The support mapping of a convex geometry (not a half-space or a Mesh).
using AnySupport = std::variant<PointSupport, SegmentSupport, BoxSupport, CylinderSupport,
                                EllipsoidSupport, PolytopeSupport>;

AnySupport MakeSupport(const DistanceGeometry& g) {
  if (const auto* s = std::get_if<Sphere>(&g.shape)) return PointSupport{Vector3d::Zero(), s->radius()};
  if (const auto* b = std::get_if<Box>(&g.shape)) return BoxSupport{b->half_size()};
  if (const auto* c = std::get_if<Cylinder>(&g.shape)) {
    return CylinderSupport{c->radius(), c->length() / 2};
  }
  if (const auto* c = std::get_if<Capsule>(&g.shape)) {
    const Vector3d half(0, 0, c->length() / 2);
    return SegmentSupport{-half, half, c->radius()};
  }
  if (const auto* e = std::get_if<Ellipsoid>(&g.shape)) return EllipsoidSupport{e->semi_axes()};
  if (Is<Convex>(g)) return PolytopeSupport{HullVertices(g)};
  throw std::logic_error(
      fmt::format("MakeSupport: a {} has no support mapping", ShapeName(g.shape)));
}

WorldPair ConvexPair(const DistanceGeometry& A, const RigidTransform& X_WA,
                     const DistanceGeometry& B, const RigidTransform& X_WB) {
  const RigidTransform X_AB = X_WA.inverse() * X_WB;
  const AnySupport support_A = MakeSupport(A);
  const AnySupport support_B = MakeSupport(B);
  const ConvexSignedDistance r = std::visit(
      [&](const auto& a, const auto& b) { return ComputeConvexSignedDistance(a, b, X_AB); },
      support_A, support_B);
  return FromFrameA(r, X_WA);
}

// The point of G (in G) extreme along the unit direction d_G; where a
// whole feature is extreme (a face or edge of a box, a cylinder's cap, a
// capsule's side, a hull face) its middle, so a resting object reports the
// middle of its contact. Not for a Mesh (see MeshAgainst).
Vector3d ExtremePoint(const DistanceGeometry& g, const Vector3d& d_G) {
  // Direction components below this count as zero: the feature is flat.
  constexpr double kFlat = 1e-12;
  auto side = [&](double component, double extent) {
    return std::abs(component) <= kFlat ? 0.0 : (component > 0 ? extent : -extent);
  };
  if (const auto* s = std::get_if<Sphere>(&g.shape)) return s->radius() * d_G;
  if (const auto* b = std::get_if<Box>(&g.shape)) {
    const Vector3d h = b->half_size();
    return {side(d_G.x(), h.x()), side(d_G.y(), h.y()), side(d_G.z(), h.z())};
  }
  if (const auto* c = std::get_if<Cylinder>(&g.shape)) {
    const double rho = std::hypot(d_G.x(), d_G.y());
    Vector3d p(0, 0, side(d_G.z(), c->length() / 2));
    if (rho > kFlat) {
      p.x() = c->radius() * d_G.x() / rho;
      p.y() = c->radius() * d_G.y() / rho;
    }
    return p;
  }
  if (const auto* c = std::get_if<Capsule>(&g.shape)) {
    return Vector3d(0, 0, side(d_G.z(), c->length() / 2)) + c->radius() * d_G;
  }
  if (const auto* e = std::get_if<Ellipsoid>(&g.shape)) {
    return EllipsoidSupport{e->semi_axes()}.Support(d_G);
  }
  if (const auto* t = std::get_if<Torus>(&g.shape)) {
    // Along ±z a whole circle is extreme, and its middle is off the torus:
    // the circle's point on +x is reported instead.
    const double rho = std::hypot(d_G.x(), d_G.y());
    const Vector3d radial = rho > kFlat ? Vector3d(d_G.x() / rho, d_G.y() / rho, 0)
                                        : Vector3d::UnitX();
    return t->major_radius() * radial + t->minor_radius() * d_G;
  }
  if (const auto* field = std::get_if<HeightField>(&g.shape)) {
    return CalcHeightFieldSupport(*field, *g.mesh, d_G, true);
  }
  const std::vector<Vector3d>& vertices = HullVertices(g);
  double best = -std::numeric_limits<double>::infinity();
  for (const Vector3d& v : vertices) best = std::max(best, d_G.dot(v));
  const double tie = 1e-12 * std::max(g.bounding_radius, 1e-300);
  Vector3d sum = Vector3d::Zero();
  int count = 0;
  for (const Vector3d& v : vertices) {
    if (d_G.dot(v) >= best - tie) {
      sum += v;
      ++count;
    }
  }
  return sum / count;
}

// Geometry G (as A) against the half-space H (as B).
WorldPair AgainstHalfSpace(const DistanceGeometry& G, const RigidTransform& X_WG,
                           const RigidTransform& X_WH) {
  const Vector3d n_W = X_WH.rotation().col(2);
  const Vector3d d_G = -(X_WG.rotation().transpose() * n_W);
  const Vector3d p_WC = X_WG * ExtremePoint(G, d_G);
  WorldPair r;
  r.distance = n_W.dot(p_WC - X_WH.translation());
  r.p_WCa = p_WC;
  r.p_WCb = p_WC - r.distance * n_W;
  r.nhat_BA_W = n_W;
  return r;
}

// The sphere S (as A) against any geometry G (as B): the point query at
// S's centre, minus the radius.
WorldPair SphereAgainst(const Sphere& S, const RigidTransform& X_WS, const DistanceGeometry& G,
                        const RigidTransform& X_WG) {
  const Vector3d& p_WSo = X_WS.translation();
  const PointShapeDistance d = CalcPointDistance(G, X_WG.inverse() * p_WSo);
  WorldPair r;
  r.nhat_BA_W = X_WG.rotation() * d.grad_G;
  r.distance = d.distance - S.radius();
  r.p_WCb = X_WG * d.p_GN;
  r.p_WCa = p_WSo - S.radius() * r.nhat_BA_W;
  r.unique = d.is_grad_unique;
  return r;
}

// The mesh M (as A) against any geometry G but a sphere (as B), by the
// mesh queries (proximity/mesh_distance_pair.h, mesh_distance_shapes.h);
// a Convex enters as the mesh of its hull.
WorldPair MeshAgainst(const DistanceGeometry& M, const RigidTransform& X_WM,
                      const DistanceGeometry& G, const RigidTransform& X_WG,
                      const ParallelExecutor* executor) {
  const RigidTransform X_MG = X_WM.inverse() * X_WG;
  if (Is<Mesh>(G) || Is<Convex>(G) || Is<Torus>(G) || Is<HeightField>(G)) {
    return FromFrameA(CalcMeshMeshSignedDistance(*M.mesh, *G.mesh, X_MG), X_WM);
  }
  return std::visit(
      [&](const auto& shape) -> WorldPair {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Mesh> || std::is_same_v<T, Convex> ||
                      std::is_same_v<T, Torus> || std::is_same_v<T, HeightField>) {
          throw std::logic_error("unreachable: mesh and convex are handled above");
        } else if constexpr (requires { CalcMeshShapeSignedDistance(*M.mesh, shape, X_MG, executor); }) {
          return FromFrameA(CalcMeshShapeSignedDistance(*M.mesh, shape, X_MG, executor), X_WM);
        } else {
          return FromFrameA(CalcMeshShapeSignedDistance(*M.mesh, shape, X_MG), X_WM);
        }
      },
      G.shape);
}

WorldPair PairInWorld(const DistanceGeometry& A, const RigidTransform& X_WA,
                      const DistanceGeometry& B, const RigidTransform& X_WB,
                      const ParallelExecutor* executor) {
  if (const auto* s = std::get_if<Sphere>(&A.shape)) return SphereAgainst(*s, X_WA, B, X_WB);
  if (const auto* s = std::get_if<Sphere>(&B.shape)) return Flip(SphereAgainst(*s, X_WB, A, X_WA));
  if (Is<Mesh>(A)) return MeshAgainst(A, X_WA, B, X_WB, executor);
  if (Is<Mesh>(B)) return Flip(MeshAgainst(B, X_WB, A, X_WA, executor));
  if (Is<HalfSpace>(B)) return AgainstHalfSpace(A, X_WA, X_WB);
  if (Is<HalfSpace>(A)) return Flip(AgainstHalfSpace(B, X_WB, X_WA));
  // A torus (not convex) with anything but a sphere or half-space: as the
  // mesh of its tessellation (distance_geometry.h).
  if (Is<Torus>(A)) return MeshAgainst(A, X_WA, B, X_WB, executor);
  if (Is<Torus>(B)) return Flip(MeshAgainst(B, X_WB, A, X_WA, executor));
  // A height field likewise, as its tessellation (distance_geometry.h).
  if (Is<HeightField>(A)) return MeshAgainst(A, X_WA, B, X_WB, executor);
  if (Is<HeightField>(B)) return Flip(MeshAgainst(B, X_WB, A, X_WA, executor));
  if (Is<Capsule>(A) && Is<Capsule>(B)) {
    return FromFrameA(CalcCapsuleCapsuleDistance(std::get<Capsule>(A.shape),
                                                 std::get<Capsule>(B.shape),
                                                 X_WA.inverse() * X_WB),
                      X_WA);
  }
  if (Is<Box>(A) && Is<Box>(B)) {
    const auto r = CalcBoxBoxPenetration(std::get<Box>(A.shape), std::get<Box>(B.shape),
                                         X_WA.inverse() * X_WB);
    if (r.has_value()) return FromFrameA(*r, X_WA);
  }
  return ConvexPair(A, X_WA, B, X_WB);
}

}  // namespace

PointShapeDistance CalcPointDistance(const DistanceGeometry& G, const Vector3d& p_GQ) {
  internal::RequireDistanceGeometry(G, "CalcPointDistance");
  if (!p_GQ.allFinite()) {
    throw std::invalid_argument(fmt::format("CalcPointDistance: the point ({}, {}, {}) is not finite",
                                            p_GQ.x(), p_GQ.y(), p_GQ.z()));
  }
  internal::RequireNearGeometry("CalcPointDistance", "the point", p_GQ);
  if (Is<Convex>(G)) {
    // Q against the hull, both in G: the witness on B is N, and the
    // direction from B toward A (Q) is ∇φ.
    const ConvexSignedDistance r = ComputeConvexSignedDistance(
        PointSupport{p_GQ}, PolytopeSupport{HullVertices(G)}, RigidTransform());
    PointShapeDistance d;
    d.p_GN = r.p_ACb_A;
    d.distance = r.distance;
    d.grad_G = r.nhat_BA_A;
    d.is_grad_unique = r.is_nhat_unique;
    return d;
  }
  if (Is<Mesh>(G)) {
    const MeshPointDistance m = CalcMeshPointDistance(*G.mesh, p_GQ);
    PointShapeDistance d;
    d.p_GN = m.p_GN;
    d.distance = m.distance;
    d.grad_G = m.grad_G;
    d.is_grad_unique = m.is_grad_unique;
    return d;
  }
  if (const auto* field = std::get_if<HeightField>(&G.shape)) {
    return CalcHeightFieldPointDistance(*field, *G.mesh, p_GQ);
  }
  return std::visit(
      [&](const auto& shape) -> PointShapeDistance {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Mesh> || std::is_same_v<T, Convex> ||
                      std::is_same_v<T, HeightField>) {
          throw std::logic_error("unreachable: meshes are handled above");
        } else {
          return hydrocontact::CalcPointDistance(shape, p_GQ);
        }
      },
      G.shape);
}

namespace {

// Who asks for a signed distance pair, for the messages of its checks: the
// public function the caller called (ComputePenetration is built on the
// pair) and what it computes.
struct PairQuery {
  const char* geometry_A;  // e.g. "ComputeSignedDistancePair (geometry A)"
  const char* geometry_B;
  const char* what;        // e.g. "signed distance between"
};
constexpr PairQuery kSignedDistancePair{"ComputeSignedDistancePair (geometry A)",
                                        "ComputeSignedDistancePair (geometry B)",
                                        "signed distance between"};
constexpr PairQuery kPenetration{"ComputePenetration (geometry A)",
                                 "ComputePenetration (geometry B)", "penetration of"};

// The pair of checked geometries with id_A < id_B (see
// SignedDistancePairFor).
SignedDistancePair OrderedSignedDistancePair(const PairQuery& query, GeometryId id_A,
                                             const DistanceGeometry& A,
                                             const RigidTransform& X_WA, GeometryId id_B,
                                             const DistanceGeometry& B,
                                             const RigidTransform& X_WB,
                                             const ParallelExecutor* executor) {
  if (Is<HalfSpace>(A) && Is<HalfSpace>(B)) {
    throw std::invalid_argument(fmt::format(
        "{} {} and {}: both are half-spaces, whose distance is unbounded (parallel planes "
        "apart) or whose overlap is infinite",
        query.what, id_A.to_string(), id_B.to_string()));
  }
  const WorldPair w = PairInWorld(A, X_WA, B, X_WB, executor);
  SignedDistancePair pair;
  pair.id_A = id_A;
  pair.id_B = id_B;
  pair.p_ACa = X_WA.inverse() * w.p_WCa;
  pair.p_BCb = X_WB.inverse() * w.p_WCb;
  pair.distance = w.distance;
  pair.nhat_BA_W = w.nhat_BA_W;
  pair.is_nhat_BA_W_unique = w.unique;
  return pair;
}

// ComputeSignedDistancePair, its messages naming `query`: the checks once,
// in the caller's order (so "A" and "B" are the caller's), then the pair
// ordered by id.
SignedDistancePair SignedDistancePairFor(const PairQuery& query, GeometryId id_A,
                                         const DistanceGeometry& A, const RigidTransform& X_WA,
                                         GeometryId id_B, const DistanceGeometry& B,
                                         const RigidTransform& X_WB,
                                         const ParallelExecutor* executor) {
  internal::RequireDistanceGeometry(A, query.geometry_A);
  internal::RequireDistanceGeometry(B, query.geometry_B);
  internal::RequirePoseInRange(query.geometry_A, id_A, X_WA.translation());
  internal::RequirePoseInRange(query.geometry_B, id_B, X_WB.translation());
  return id_B < id_A ? OrderedSignedDistancePair(query, id_B, B, X_WB, id_A, A, X_WA, executor)
                     : OrderedSignedDistancePair(query, id_A, A, X_WA, id_B, B, X_WB, executor);
}

}  // namespace

SignedDistancePair ComputeSignedDistancePair(GeometryId id_A, const DistanceGeometry& A,
                                             const RigidTransform& X_WA, GeometryId id_B,
                                             const DistanceGeometry& B,
                                             const RigidTransform& X_WB,
                                             const ParallelExecutor* executor) {
  return SignedDistancePairFor(kSignedDistancePair, id_A, A, X_WA, id_B, B, X_WB, executor);
}

std::optional<PenetrationAsPointPair> ComputePenetration(GeometryId id_A,
                                                         const DistanceGeometry& A,
                                                         const RigidTransform& X_WA,
                                                         GeometryId id_B,
                                                         const DistanceGeometry& B,
                                                         const RigidTransform& X_WB,
                                                         const ParallelExecutor* executor) {
  const SignedDistancePair sd =
      SignedDistancePairFor(kPenetration, id_A, A, X_WA, id_B, B, X_WB, executor);
  if (!(sd.distance < 0)) return std::nullopt;
  // sd is ordered by id; pick the poses to match.
  const bool swapped = sd.id_A != id_A;
  const RigidTransform& X_WFirst = swapped ? X_WB : X_WA;
  const RigidTransform& X_WSecond = swapped ? X_WA : X_WB;
  PenetrationAsPointPair pair;
  pair.id_A = sd.id_A;
  pair.id_B = sd.id_B;
  pair.p_WCa = X_WFirst * sd.p_ACa;
  pair.p_WCb = X_WSecond * sd.p_BCb;
  pair.nhat_BA_W = sd.nhat_BA_W;
  pair.depth = -sd.distance;
  return pair;
}

SignedDistanceToPoint ComputeSignedDistanceToPoint(GeometryId id, const DistanceGeometry& G,
                                                   const RigidTransform& X_WG,
                                                   const Vector3d& p_WQ) {
  if (!p_WQ.allFinite()) {
    throw std::invalid_argument(fmt::format(
        "signed distance from a point to {}: the point ({}, {}, {}) is not finite",
        id.to_string(), p_WQ.x(), p_WQ.y(), p_WQ.z()));
  }
  internal::RequirePoseInRange("signed distance from a point", id, X_WG.translation());
  // Checked before the message is formatted: a query in range allocates
  // nothing (a plant calls this every step).
  if (!IsWithinCoordinateRange(p_WQ)) {
    internal::RequireCoordinates(fmt::format("signed distance from a point to {}", id.to_string()),
                                 "the point", p_WQ);
  }
  const PointShapeDistance d = CalcPointDistance(G, X_WG.inverse() * p_WQ);
  SignedDistanceToPoint r;
  r.id_G = id;
  r.p_GN = d.p_GN;
  r.distance = d.distance;
  r.grad_W = X_WG.rotation() * d.grad_G;
  r.is_grad_W_unique = d.is_grad_unique;
  return r;
}

}  // namespace hydrocontact
