#include "proximity/hydroelastic/polygon_clipping.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using Eigen::Vector4d;

// A polygon from (x, y, z) positions with value = x + 10 y + 100 z, a linear
// function, so interpolated values can be checked against it exactly.
ClipPolygon MakePolygon(std::initializer_list<Vector3d> points) {
  ClipPolygon polygon;
  for (const Vector3d& p : points) {
    Vector4d v;
    v << p, p.x() + 10 * p.y() + 100 * p.z();
    polygon.push_back(v);
  }
  return polygon;
}

double LinearValue(const Vector4d& v) { return v.x() + 10 * v.y() + 100 * v.z(); }

double Area(const ClipPolygon& polygon) { return PolygonAreaVector(polygon).norm() / 2; }

TEST_CASE("ClipByHalfSpace cuts a square and interpolates values linearly", "[clipping]") {
  const ClipPolygon square = MakePolygon(
      {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0), Vector3d(0, 1, 0)});
  ClipPolygon out;
  // x ≤ 0.25 keeps the strip [0, 0.25] × [0, 1]: area 1/4, 4 vertices.
  REQUIRE(ClipByHalfSpace(square, {Vector3d(4, 0, 0), 1.0}, &out));
  REQUIRE(out.size == 4);
  CHECK(Area(out) == Approx(0.25));
  for (int i = 0; i < out.size; ++i) {
    CHECK(out[i].x() <= 0.25 + 1e-15);
    CHECK(out[i][3] == Approx(LinearValue(out[i])));
  }
  // The kept part keeps the orientation (+z).
  CHECK(PolygonAreaVector(out).z() > 0);

  // Cutting off one corner with x + y ≤ 1.5 leaves a pentagon of area
  // 1 − (0.5²)/2.
  REQUIRE(ClipByHalfSpace(square, {Vector3d(1, 1, 0), 1.5}, &out));
  CHECK(out.size == 5);
  CHECK(Area(out) == Approx(1 - 0.125));
}

TEST_CASE("ClipByHalfSpace: vertices on the plane are kept once", "[clipping]") {
  const ClipPolygon square = MakePolygon(
      {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0), Vector3d(0, 1, 0)});
  ClipPolygon out;
  // The plane x = 1 passes through two vertices: nothing is cut or doubled.
  REQUIRE(ClipByHalfSpace(square, {Vector3d(1, 0, 0), 1.0}, &out));
  CHECK(out.size == 4);
  CHECK(Area(out) == Approx(1.0));
  // The diagonal x + y ≤ 1 passes through vertices 1 and 3: a triangle.
  REQUIRE(ClipByHalfSpace(square, {Vector3d(1, 1, 0), 1.0}, &out));
  CHECK(out.size == 3);
  CHECK(Area(out) == Approx(0.5));
  // Wholly outside: empty. Wholly inside: unchanged.
  REQUIRE(ClipByHalfSpace(square, {Vector3d(1, 0, 0), -0.5}, &out));
  CHECK(out.size == 0);
  REQUIRE(ClipByHalfSpace(square, {Vector3d(0, 0, 1), 0.0}, &out));
  CHECK(out.size == 4);
}

TEST_CASE("A triangle clipped by a tetrahedron's four planes can have seven sides",
          "[clipping]") {
  // A large triangle in z = 0.1 and the tetrahedron (0,0,0),(1,0,0),(0,1,0),
  // (0,0,1), shifted so every face cuts: the section of the tetrahedron by
  // z = 0.1 is the triangle x, y ≥ 0, x + y ≤ 0.9, and the big triangle
  // clips it to that section (area 0.9²/2) when it contains it.
  ClipPolygon polygon =
      MakePolygon({Vector3d(-1, -1, 0.1), Vector3d(3, -1, 0.1), Vector3d(-1, 3, 0.1)});
  const ClipHalfSpace faces[4] = {{Vector3d(-1, 0, 0), 0.0},
                                  {Vector3d(0, -1, 0), 0.0},
                                  {Vector3d(0, 0, -1), 0.0},
                                  {Vector3d(1, 1, 1), 1.0}};
  ClipPolygon out;
  for (const ClipHalfSpace& face : faces) {
    REQUIRE(ClipByHalfSpace(polygon, face, &out));
    polygon = out;
  }
  CHECK(polygon.size == 3);
  CHECK(Area(polygon) == Approx(0.9 * 0.9 / 2));

  // Seven sides: the triangle (0,0), (1,0), (0,1) loses its three corners to
  // x + y ≥ 0.1, x ≤ 0.9 and y ≤ 0.9 (a hexagon, each corner a right
  // triangle of area 0.1²/2), then the hexagon's vertex (0.9, 0) to
  // x − y ≤ 0.85 (a right triangle with legs 0.05): area
  // 1/2 − 3·0.005 − 0.05²/2 = 0.48375.
  polygon = MakePolygon({Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)});
  const ClipHalfSpace cuts[4] = {{Vector3d(-1, -1, 0), -0.1},
                                 {Vector3d(1, 0, 0), 0.9},
                                 {Vector3d(0, 1, 0), 0.9},
                                 {Vector3d(1, -1, 0), 0.85}};
  for (const ClipHalfSpace& cut : cuts) {
    REQUIRE(ClipByHalfSpace(polygon, cut, &out));
    polygon = out;
  }
  CHECK(polygon.size == 7);
  CHECK(Area(polygon) == Approx(0.48375));
  for (int i = 0; i < polygon.size; ++i) CHECK(polygon[i][3] == Approx(LinearValue(polygon[i])));
}

TEST_CASE("Two tetrahedra sharing a face see exactly opposite half-spaces", "[clipping]") {
  // Vertices 0..4; tetrahedra (0,1,2,3) and (1,2,3,4) share face {1,2,3}.
  const Vector3d p[5] = {Vector3d(0, 0, 0), Vector3d(1, 0.1, 0), Vector3d(0.2, 1, 0.3),
                         Vector3d(0.1, 0.3, 1), Vector3d(1, 1, 1)};
  // The shared face listed in each tetrahedron's outward order: for the
  // first, opposite vertex 0 → (1, 2, 3); for the second (local order
  // 1,2,3,4 → vertex 4 opposite), the reverse winding (1, 3, 2).
  const ClipHalfSpace a = TetrahedronFaceHalfSpace({1, 2, 3}, {&p[1], &p[2], &p[3]});
  const ClipHalfSpace b = TetrahedronFaceHalfSpace({1, 3, 2}, {&p[1], &p[3], &p[2]});
  CHECK(a.keeps_coplanar != b.keeps_coplanar);
  // Each tetrahedron's far vertex is inside its own half-space.
  CHECK(a.Evaluate(p[0]) < 0);
  CHECK(b.Evaluate(p[4]) < 0);
  for (const Vector3d& x : {Vector3d(0.3, 0.3, 0.3), Vector3d(-2, 5, 1e-3), Vector3d(0.7, 0.41, 0.2)}) {
    CHECK(a.Evaluate(x) == -b.Evaluate(x));
  }
  // A triangle in the shared face, up to round-off: the two halves of it
  // that each keeps add up to the whole.
  ClipPolygon in = MakePolygon({p[1], p[2], p[3]});
  ClipPolygon out_a, out_b;
  REQUIRE(ClipByHalfSpace(in, a, &out_a));
  REQUIRE(ClipByHalfSpace(in, b, &out_b));
  CHECK(Area(out_a) + Area(out_b) == Approx(Area(in)).epsilon(1e-14));
  // A polygon crossing the face is split into pieces whose areas add up.
  ClipPolygon crossing = MakePolygon({Vector3d(-1, 0.2, 0.4), Vector3d(2, 0.2, 0.4), Vector3d(0.5, 0.9, 0.4)});
  REQUIRE(ClipByHalfSpace(crossing, a, &out_a));
  REQUIRE(ClipByHalfSpace(crossing, b, &out_b));
  CHECK(Area(out_a) > 0);
  CHECK(Area(out_b) > 0);
  CHECK(Area(out_a) + Area(out_b) == Approx(Area(crossing)).epsilon(1e-14));
}

TEST_CASE("A polygon exactly in a shared face is kept by one tetrahedron only", "[clipping]") {
  // The face {1,2,3} lies in the plane x = 0, where every value is exact.
  const Vector3d p[5] = {Vector3d(-1, 0.2, 0.2), Vector3d(0, 0, 0), Vector3d(0, 1, 0),
                         Vector3d(0, 0, 1), Vector3d(1, 0.2, 0.2)};
  const ClipHalfSpace a = TetrahedronFaceHalfSpace({1, 2, 3}, {&p[1], &p[2], &p[3]});
  const ClipHalfSpace b = TetrahedronFaceHalfSpace({1, 3, 2}, {&p[1], &p[3], &p[2]});
  const ClipPolygon in =
      MakePolygon({Vector3d(0, 0.1, 0.1), Vector3d(0, 0.5, 0.1), Vector3d(0, 0.1, 0.5)});
  ClipPolygon out_a, out_b;
  REQUIRE(ClipByHalfSpace(in, a, &out_a));
  REQUIRE(ClipByHalfSpace(in, b, &out_b));
  CHECK(out_a.size + out_b.size == 3);
  CHECK(Area(out_a) + Area(out_b) == Approx(Area(in)));
  // An ordinary half-space keeps it.
  REQUIRE(ClipByHalfSpace(in, ClipHalfSpace{Vector3d::UnitX(), 0.0}, &out_a));
  CHECK(out_a.size == 3);
}

TEST_CASE("RemoveDuplicateVertices drops exact repeats, cyclically", "[clipping]") {
  ClipPolygon polygon = MakePolygon({Vector3d(0, 0, 0), Vector3d(0, 0, 0), Vector3d(1, 0, 0),
                                     Vector3d(1, 1, 0), Vector3d(0, 0, 0)});
  RemoveDuplicateVertices(&polygon);
  CHECK(polygon.size == 3);
  CHECK(Area(polygon) == Approx(0.5));
}

TEST_CASE("SliceTetrahedron: triangle and quadrilateral cuts", "[clipping]") {
  // The unit right tetrahedron; the value carried is z.
  std::array<Vector4d, 4> tet;
  const Vector3d p[4] = {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                         Vector3d(0, 0, 1)};
  for (int i = 0; i < 4; ++i) tet[i] << p[i], p[i].z();
  auto h_of = [&](auto f) {
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) h[i] = f(p[i]);
    return h;
  };
  ClipPolygon out;

  SECTION("h = x − 1/4: one vertex alone, a triangle of area (3/4)²/2 facing +x") {
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x() - 0.25; }), Vector3d::UnitX(),
                     &out);
    REQUIRE(out.size == 3);
    CHECK(Area(out) == Approx(0.75 * 0.75 / 2));
    CHECK(PolygonAreaVector(out).normalized().isApprox(Vector3d::UnitX()));
    for (int i = 0; i < 3; ++i) {
      CHECK(out[i].x() == Approx(0.25));
      CHECK(out[i][3] == Approx(out[i].z()));
    }
  }
  SECTION("the orientation follows the given normal") {
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x() - 0.25; }),
                     -Vector3d::UnitX(), &out);
    CHECK(PolygonAreaVector(out).normalized().isApprox(-Vector3d::UnitX()));
  }
  SECTION("h = x + y − 1/2: two and two, a rectangle 1/2 × √(1/2)") {
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x() + q.y() - 0.5; }),
                     Vector3d(1, 1, 0), &out);
    REQUIRE(out.size == 4);
    CHECK(Area(out) == Approx(0.5 * std::sqrt(0.5)));
    CHECK(PolygonAreaVector(out).normalized().isApprox(Vector3d(1, 1, 0).normalized()));
    for (int i = 0; i < 4; ++i) {
      CHECK(out[i].x() + out[i].y() == Approx(0.5));
      CHECK(out[i][3] == Approx(out[i].z()).margin(1e-15));
    }
  }
  SECTION("no sign change: empty") {
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x() + 2; }), Vector3d::UnitX(),
                     &out);
    CHECK(out.size == 0);
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x() - 2; }), Vector3d::UnitX(),
                     &out);
    CHECK(out.size == 0);
  }
  SECTION("a cut through three vertices reproduces them exactly") {
    SliceTetrahedron(tet, h_of([](const Vector3d& q) { return q.x(); }), Vector3d::UnitX(), &out);
    REQUIRE(out.size == 3);
    CHECK(Area(out) == Approx(0.5));
    for (int i = 0; i < 3; ++i) CHECK(out[i].x() == 0.0);
  }
}

// The specialised slicing (kTetrahedronSliceCases) on the unit right
// tetrahedron 0, e_x, e_y, e_z (positively oriented: det(e_x, e_y, e_z) = 1),
// carrying the linear value f = 1 + 2x + 3y + 4z, against cuts derived by
// hand. Each case gives h's values at the vertices, the expected vertex
// count after RemoveRepeatedVertices, the area, and the direction of ∇h.
TEST_CASE("SlicePositiveTetrahedron: hand-derived cuts, with exact zeros at vertices",
          "[clipping]") {
  const Vector3d v[4] = {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                         Vector3d(0, 0, 1)};
  const std::array<const Vector3d*, 4> p{&v[0], &v[1], &v[2], &v[3]};
  auto f = [](const Vector3d& q) { return 1 + 2 * q.x() + 3 * q.y() + 4 * q.z(); };
  const std::array<double, 4> value{f(v[0]), f(v[1]), f(v[2]), f(v[3])};
  struct Case {
    const char* name;
    Vector3d grad;  // h(q) = grad·q + h0
    double h0;
    int size;
    double area;
  };
  const Case cases[] = {
      // x + y + z = 1/2 cuts the three edges at the origin at 1/2: an
      // equilateral triangle of side √2/2, area (√3/4)(1/2) = √3/8.
      {"x + y + z − 1/2 (three positive)", Vector3d(1, 1, 1), -0.5, 3, std::sqrt(3.0) / 8},
      // x = 1/4: (1/4,0,0), (1/4,3/4,0), (1/4,0,3/4): a right triangle with
      // legs 3/4, area (3/4)²/2.
      {"x − 1/4 (one positive)", Vector3d(1, 0, 0), -0.25, 3, 0.75 * 0.75 / 2},
      // x + y = 1/4: (1/4,0,0), (0,1/4,0), (0,1/4,3/4), (1/4,0,3/4): a
      // rectangle √2/4 × 3/4.
      {"x + y − 1/4 (two and two)", Vector3d(1, 1, 0), -0.25, 4, std::sqrt(2.0) / 4 * 0.75},
      // x = 0 through vertices 0, 2, 3: the face x = 0, area 1/2.
      {"x (one positive, three zeros)", Vector3d(1, 0, 0), 0, 3, 0.5},
      // 2x + y = 1 through vertex 2: (1/2,0,0), e_y, (1/2,0,1/2); the sides
      // from (1/2,0,0) are (−1/2,1,0) and (0,0,1/2), whose cross product
      // (1/2,1/4,0) has length √5/4: area √5/8.
      {"2x + y − 1 (one positive, one zero)", Vector3d(2, 1, 0), -1, 3, std::sqrt(5.0) / 8},
      // x + y = z through vertex 0: the quadrilateral's two cuts at vertex
      // 0 coincide, leaving 0, (1/2,0,1/2), (0,1/2,1/2): the sides' cross
      // product (−1/4,−1/4,1/4) has length √3/4: area √3/8.
      {"x + y − z (two and two, one zero)", Vector3d(1, 1, -1), 0, 3, std::sqrt(3.0) / 8},
      // 1 − x − y ≥ 0 holds with equality on the edge 1–2 only: the cut
      // collapses to that segment.
      {"1 − x − y (two positive, two zeros)", Vector3d(-1, -1, 0), 1, 2, 0},
      // x + y + z = 0 touches vertex 0 only: three cuts at vertex 0.
      {"x + y + z (three positive, one zero)", Vector3d(1, 1, 1), 0, 1, 0},
      // h ≤ 0 everywhere (zero on the face x + y + z = 1): no cut at all.
      {"x + y + z − 1 (none positive)", Vector3d(1, 1, 1), -1, 0, 0},
      {"x + 2 (all positive)", Vector3d(1, 0, 0), 2, 0, 0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) h[i] = c.grad.dot(v[i]) + c.h0;
    ClipPolygon out;
    SlicePositiveTetrahedron(p, value, h, PositiveSignPattern(h), &out);
    RemoveRepeatedVertices(&out);
    REQUIRE(out.size == c.size);
    for (int i = 0; i < out.size; ++i) {
      CHECK(c.grad.dot(out.position(i)) + c.h0 == Approx(0).margin(1e-15));
      CHECK(out[i][3] == Approx(f(out.position(i))).epsilon(1e-15));
    }
    if (c.size >= 3) {
      CHECK(Area(out) == Approx(c.area).epsilon(1e-14));
      CHECK(PolygonAreaVector(out).normalized().isApprox(c.grad.normalized(), 1e-14));
    }
  }
}

// The table must reproduce SliceTetrahedron (followed by
// RemoveDuplicateVertices) exactly: same vertices, same order, same bits.
// Every sign pattern of h, with zeros, on many random positively oriented
// tetrahedra; SliceTetrahedron is given the gradient of the linear function
// taking the values h, which is what the kernels pass it.
TEST_CASE("SlicePositiveTetrahedron equals SliceTetrahedron for every sign pattern",
          "[clipping]") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> coordinate(-1, 1), magnitude(0.05, 2);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Vector3d v[4];
    for (Vector3d& q : v) q = Vector3d(coordinate(random), coordinate(random), coordinate(random));
    Eigen::Matrix3d edges;
    edges << (v[1] - v[0]).transpose(), (v[2] - v[0]).transpose(), (v[3] - v[0]).transpose();
    if (std::abs(edges.determinant()) < 1e-3) continue;
    if (edges.determinant() < 0) {
      std::swap(v[2], v[3]);
      edges << (v[1] - v[0]).transpose(), (v[2] - v[0]).transpose(), (v[3] - v[0]).transpose();
    }
    REQUIRE(SignedTetrahedronVolume(v[0], v[1], v[2], v[3]) > 0);
    const std::array<const Vector3d*, 4> p{&v[0], &v[1], &v[2], &v[3]};
    const std::array<double, 4> value{magnitude(random), magnitude(random), magnitude(random),
                                      magnitude(random)};
    std::array<Vector4d, 4> vertices;
    for (int i = 0; i < 4; ++i) vertices[i] << v[i], value[i];
    // Signs −1, 0, +1 at each vertex: 81 patterns.
    for (int signs = 0; signs < 81; ++signs) {
      std::array<double, 4> h;
      for (int i = 0, rest = signs; i < 4; ++i, rest /= 3) h[i] = (rest % 3 - 1) * magnitude(random);
      // ∇h: (v_i − v_0)·∇h = h_i − h_0.
      const Vector3d grad_h = edges.inverse() * Vector3d(h[1] - h[0], h[2] - h[0], h[3] - h[0]);
      ClipPolygon expected, actual;
      SliceTetrahedron(vertices, h, grad_h, &expected);
      RemoveDuplicateVertices(&expected);
      SlicePositiveTetrahedron(p, value, h, PositiveSignPattern(h), &actual);
      RemoveRepeatedVertices(&actual);
      INFO("trial " << trial << ", h = " << h[0] << " " << h[1] << " " << h[2] << " " << h[3]);
      REQUIRE(actual.size == expected.size);
      for (int k = 0; k < actual.size; ++k) CHECK((actual[k].array() == expected[k].array()).all());
      // Rotated: vertex k stored at k + 1, the last at 0.
      ClipPolygon rotated;
      SlicePositiveTetrahedron(p, value, h, PositiveSignPattern(h), &rotated, true);
      ClipPolygon plain;
      SlicePositiveTetrahedron(p, value, h, PositiveSignPattern(h), &plain);
      REQUIRE(rotated.size == plain.size);
      for (int k = 0; k < plain.size; ++k) {
        CHECK((rotated[(k + 1) % plain.size].array() == plain[k].array()).all());
      }
      // A triangle's spare fourth vertex, past its end (slot 3, or 4 when
      // rotated), repeats its first.
      if (plain.size == 3) {
        CHECK((plain.vertices[3].array() == plain[0].array()).all());
        CHECK((rotated.vertices[4].array() == plain[0].array()).all());
      }
      ++compared;
    }
  }
  CHECK(compared > 100 * 81);
}

TEST_CASE("PatternCuts is true exactly for the sign patterns with a slice", "[clipping]") {
  // By hand: h = 0 cuts a tetrahedron unless every vertex value is positive
  // (all four bits, 15) or none is (0); every mixed pattern has one or two
  // positive vertices against the rest and so a triangle or quadrilateral.
  CHECK_FALSE(PatternCuts(0));
  CHECK_FALSE(PatternCuts(15));
  for (int pattern = 1; pattern < 15; ++pattern) {
    INFO("pattern " << pattern);
    CHECK(PatternCuts(pattern));
    // The table agrees: 3 slice vertices for a lone vertex on one side, 4
    // for two on each.
    const int positive = std::popcount(static_cast<unsigned>(pattern));
    CHECK(kTetrahedronSliceCases[pattern].size == (positive == 2 ? 4 : 3));
  }
  CHECK(kTetrahedronSliceCases[0].size == 0);
  CHECK(kTetrahedronSliceCases[15].size == 0);
  // Out of range values (no sign pattern) are not cuts either.
  CHECK_FALSE(PatternCuts(16));
  CHECK_FALSE(PatternCuts(-1));
  // The extremes too, without overflow (the sanitizer run checks that).
  CHECK_FALSE(PatternCuts(std::numeric_limits<int>::min()));
  CHECK_FALSE(PatternCuts(std::numeric_limits<int>::max()));
}

TEST_CASE("SliceOutsideAFace: never for a slice no face rejects, always for one a face clearly does",
          "[clipping]") {
  // Against the slice itself: SliceTetrahedron makes it, and a face
  // rejects it when Evaluate > 0 at every vertex (ClipByTetrahedron's
  // test). Soundness: a true answer needs such a face. Power: a face with
  // every vertex beyond twice the margin must give a true answer (the
  // slicing's and the function's round-off together stay below 23ε·S,
  // about a third of the margin; see SliceOutsideAFace).
  // The faces are built to sit on the edge: through the slice vertex
  // nearest them (d = 0 there up to round-off, the hardest case), or
  // beyond the slice by a few margins, or anywhere; the tetrahedra are
  // small and far from the origin, where round-off is largest relative to
  // their size.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(-1, 1), positive(0.05, 1);
  int sound_true = 0, near_zero = 0, beyond = 0, zero_margin_wrong = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const double size = std::pow(10.0, -3 + 3 * positive(random));
    const Vector3d centre =
        std::pow(10.0, 2 * positive(random)) * Vector3d(unit(random), unit(random), unit(random));
    Vector3d v[4];
    for (Vector3d& q : v) q = centre + size * Vector3d(unit(random), unit(random), unit(random));
    std::array<double, 4> h;
    for (double& value : h) value = unit(random);
    // An exact zero: the slice passes through that vertex.
    if (trial % 5 == 0) h[trial / 5 % 4] = 0;
    const int pattern = PositiveSignPattern(h);
    if (pattern == 0 || pattern == 15) continue;
    std::array<Vector4d, 4> vertices;
    for (int i = 0; i < 4; ++i) vertices[i] << v[i], 0;
    ClipPolygon slice;
    SliceTetrahedron(vertices, h, Vector3d::UnitX(), &slice);
    REQUIRE(slice.size >= 3);
    std::array<ClipHalfSpace, 4> faces;
    for (int f = 0; f < 4; ++f) {
      Vector3d normal(unit(random), unit(random), unit(random));
      normal *= std::pow(10.0, 3 * unit(random));  // unnormalized, as a face's cross product is
      double nearest = INFINITY;
      for (int k = 0; k < slice.size; ++k) {
        nearest = std::min(nearest, normal.dot(slice[k].head<3>()));
      }
      // d = n·x − offset: through the nearest vertex (every face of a
      // third of the trials), a little short of it (the slice beyond by
      // ~10⁻¹³ of its scale; another third), or mixed with faces anywhere.
      const int mode = trial % 3;
      const int kind = mode == 2 ? f % 3 : mode;
      const double scale_f = normal.lpNorm<1>() * (centre.lpNorm<Eigen::Infinity>() + size);
      const double offset = kind == 0   ? nearest
                            : kind == 1 ? nearest - 1e-13 * scale_f
                                        : normal.dot(centre) + size * normal.norm() * unit(random);
      faces[f] = ClipHalfSpace{normal, offset};
    }
    double X = 0;
    for (const Vector3d& q : v) X = std::max(X, q.lpNorm<Eigen::Infinity>());
    double scale = 0;
    std::array<std::array<double, 4>, 4> d;
    for (int f = 0; f < 4; ++f) {
      scale = std::max(scale, faces[f].normal.lpNorm<1>() * X + std::abs(faces[f].offset));
      for (int i = 0; i < 4; ++i) d[f][i] = faces[f].Evaluate(v[i]);
    }
    const double margin = SliceOutsideMargin(scale);
    bool rejected_by_a_face = false, clearly_rejected = false;
    for (int f = 0; f < 4; ++f) {
      double least = INFINITY;
      for (int k = 0; k < slice.size; ++k) least = std::min(least, faces[f].Evaluate(slice[k]));
      rejected_by_a_face |= least > 0;
      clearly_rejected |= least > 2 * margin;
      near_zero += std::abs(least) <= margin;
    }
    INFO("trial " << trial);
    const bool answer = SliceOutsideAFace(d, h, margin);
    if (answer) {
      REQUIRE(rejected_by_a_face);
      ++sound_true;
    }
    if (clearly_rejected) {
      REQUIRE(answer);
      ++beyond;
    }
    // Without the margin the answer would be wrong for some faces through
    // a slice vertex: the margin is needed, not decoration.
    zero_margin_wrong += SliceOutsideAFace(d, h, 0) && !rejected_by_a_face;
  }
  // Every kind of case occurred often enough to mean something.
  CHECK(sound_true > 500);
  CHECK(beyond > 500);
  CHECK(near_zero > 1000);
  CHECK(zero_margin_wrong > 0);
}

TEST_CASE("RemoveRepeatedVertices equals RemoveDuplicateVertices", "[clipping]") {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(1, 1, 0), d(0, 1, 0);
  // Repeats in every position, cyclic ones, all-equal, and none; a vertex
  // equal to a non-neighbour (b … b) is not a repeat for either.
  const std::vector<std::vector<Vector3d>> polygons{
      {a, b, c, d},    {a, a, b, c},    {a, b, b, c},       {a, b, c, c},
      {a, b, c, a},    {a, a, a},       {a, b, a, b},       {a, b, c, b},
      {a, b, c, d, a}, {a, b, b, c, c}, {a, a, b, b, c, a}, {a},
      {a, b},          {a, a},          {b, a, c, a, d, a}, {a, b, c}};
  for (const auto& points : polygons) {
    ClipPolygon expected;
    for (const Vector3d& q : points) expected.push_back(Vector4d(q.x(), q.y(), q.z(), q.x() + 7));
    ClipPolygon actual = expected;
    RemoveDuplicateVertices(&expected);
    RemoveRepeatedVertices(&actual);
    INFO("polygon of " << points.size() << " vertices");
    REQUIRE(actual.size == expected.size);
    for (int k = 0; k < actual.size; ++k) CHECK((actual[k].array() == expected[k].array()).all());
  }
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("ClipByTetrahedron: inside, outside and cut polygons", "[clipping]") {
  // The unit tetrahedron (0, e_x, e_y, e_z); its inside is x, y, z ≥ 0 and
  // x + y + z ≤ 1.
  const Eigen::Vector3d p[4] = {Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitY(), Vector3d::UnitZ()};
  const std::array<ClipHalfSpace, 4> faces = TetrahedronFaceHalfSpaces({0, 1, 2, 3}, {&p[0], &p[1], &p[2], &p[3]});
  auto triangle = [](const Vector3d& a, const Vector3d& b, const Vector3d& c) {
    ClipPolygon polygon;
    for (const Vector3d& q : {a, b, c}) {
      Vector4d v;
      v << q, q.x();  // The value is x, so clipped vertices must keep value == x.
      polygon.push_back(v);
    }
    return polygon;
  };
  ClipPolygon a, b;
  // Wholly inside: returned unchanged.
  a = triangle({0.1, 0.1, 0.1}, {0.3, 0.1, 0.1}, {0.1, 0.3, 0.1});
  ClipPolygon* inside = ClipByTetrahedron(faces, &a, &b);
  REQUIRE(inside != nullptr);
  CHECK(inside->size == 3);
  CHECK(PolygonAreaVector(*inside).norm() == Approx(0.04).epsilon(1e-14));  // Twice ½·0.2·0.2.
  // Wholly outside (beyond x + y + z = 1): rejected.
  a = triangle({1, 1, 1}, {2, 1, 1}, {1, 2, 1});
  CHECK(ClipByTetrahedron(faces, &a, &b) == nullptr);
  // The plane z = 0.5 cut by the tetrahedron is the triangle x, y ≥ 0,
  // x + y ≤ 0.5: area 1/8, whatever larger triangle in that plane we start from.
  a = triangle({-1, -1, 0.5}, {3, -1, 0.5}, {-1, 3, 0.5});
  ClipPolygon* cut = ClipByTetrahedron(faces, &a, &b);
  REQUIRE(cut != nullptr);
  CHECK(PolygonAreaVector(*cut).norm() / 2 == Approx(0.125).epsilon(1e-14));
  for (int k = 0; k < cut->size; ++k) {
    CHECK((*cut)[k][3] == Approx((*cut)[k][0]).margin(1e-15));
    CHECK((*cut)[k][2] == Approx(0.5).margin(1e-15));
  }
}

}  // namespace
}  // namespace hydrocontact
