"""Every QueryObject query from Python against answers derived by hand."""

import math

import numpy as np
import pytest

import hydrocontact as hc
from conftest import translation

TRI = hc.HydroelasticContactRepresentation.kTriangle
POLY = hc.HydroelasticContactRepresentation.kPolygon


def normal_force(surface):
    """∫ p n dA over the surface. The pressure is linear on each face, so its
    integral over a face is the face's area times the pressure at the face's
    centroid; for a triangle that is the mean of its three vertex values."""
    assert surface.is_triangle()
    mean = surface.pressures[surface.faces].mean(axis=1)
    return (surface.areas * mean) @ surface.face_normals


def test_sphere_half_space_penetration(scene):
    # A sphere of radius 0.5 centred 0.4 above the plane z = 0 of a
    # half-space: depth 0.5 − 0.4 = 0.1. The floor is registered first, so it
    # is A: the point of A deepest in B is the plane's point under the centre,
    # (0, 0, 0); the point of B deepest in A is the sphere's bottom, (0, 0, −0.1);
    # moving A down (−z) separates them.
    floor = scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), hc.HalfSpace(), "floor")
    ball = scene.RegisterGeometry(scene.world_frame_id(), translation(0, 0, 0.4), hc.Sphere(0.5), "ball")
    (pair,) = scene.query_object().ComputePointPairPenetration()
    assert (pair.id_A, pair.id_B) == (floor, ball)
    assert pair.depth == pytest.approx(0.1, abs=1e-12)
    np.testing.assert_allclose(pair.nhat_BA_W, [0, 0, -1], atol=1e-12)
    np.testing.assert_allclose(pair.p_WCa, [0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(pair.p_WCb, [0, 0, -0.1], atol=1e-12)
    assert pair.p_WCa.shape == (3,) and pair.p_WCa.dtype == np.float64
    assert scene.query_object().HasCollisions()


def test_signed_distance_between_separated_spheres(scene):
    # Radii 0.1 and 0.2, centres 1 apart along x: distance 1 − 0.3 = 0.7. The
    # witness points, each in its own geometry's frame, are (0.1, 0, 0) on A and
    # (−0.2, 0, 0) on B; the gradient with respect to A's position points
    # from B to A, −x.
    w = scene.world_frame_id()
    a = scene.RegisterGeometry(w, np.eye(4), hc.Sphere(0.1), "a")
    b = scene.RegisterGeometry(w, translation(1, 0, 0), hc.Sphere(0.2), "b")
    q = scene.query_object()
    for d in (q.ComputeSignedDistancePairClosestPoints(b, a),
              q.ComputeSignedDistancePairwiseClosestPoints(1.0)[0],
              q.ComputeSignedDistancePairwiseClosestPoints()[0]):
        assert (d.id_A, d.id_B) == (a, b)
        assert d.distance == pytest.approx(0.7, abs=1e-12)
        np.testing.assert_allclose(d.p_ACa, [0.1, 0, 0], atol=1e-12)
        np.testing.assert_allclose(d.p_BCb, [-0.2, 0, 0], atol=1e-12)
        np.testing.assert_allclose(d.nhat_BA_W, [-1, 0, 0], atol=1e-12)
        assert d.is_nhat_BA_W_unique
    # Beyond max_distance: nothing.
    assert q.ComputeSignedDistancePairwiseClosestPoints(0.5) == []
    swapped = hc.SwapRoles(q.ComputeSignedDistancePairClosestPoints(a, b))
    assert swapped.id_A == b and swapped.nhat_BA_W[0] == pytest.approx(1)


def test_signed_distance_to_point(scene):
    # A 1×2×3 box at the origin and a sphere of radius 1 at (0, 0, 5). From
    # Q = (2, 0, 0): the box's nearest point is (0.5, 0, 0), distance 1.5,
    # gradient +x; the sphere's is at distance |Q − c| − 1 = √29 − 1.
    w = scene.world_frame_id()
    box = scene.RegisterGeometry(w, np.eye(4), hc.Box(1, 2, 3), "box")
    ball = scene.RegisterGeometry(w, translation(0, 0, 5), hc.Sphere(1), "ball")
    q = scene.query_object()
    near, far = q.ComputeSignedDistanceToPoint([2, 0, 0])
    assert near.id_G == box and far.id_G == ball
    assert near.distance == pytest.approx(1.5, abs=1e-12)
    np.testing.assert_allclose(near.p_GN, [0.5, 0, 0], atol=1e-12)
    np.testing.assert_allclose(near.grad_W, [1, 0, 0], atol=1e-12)
    assert far.distance == pytest.approx(math.sqrt(29) - 1, abs=1e-12)
    # The threshold keeps only the box.
    assert [d.id_G for d in q.ComputeSignedDistanceToPoint(np.array([2.0, 0, 0]), 2.0)] == [box]
    # Per geometry, in the order asked: inside the box at its centre, the
    # nearest face is x = ±0.5, at −0.5.
    inside, = q.ComputeSignedDistanceGeometryToPoint([0, 0, 0], [box])
    assert inside.distance == pytest.approx(-0.5, abs=1e-12)
    assert [d.id_G for d in q.ComputeSignedDistanceGeometryToPoint([2, 0, 0], [ball, box])] == [ball, box]


def test_rigid_box_on_compliant_half_space_area_and_force(scene):
    # A rigid 0.2 m cube sunk d = 0.01 into a compliant half-space (E = 1e6 Pa,
    # slab 1 m: p = E·(−z)/slab). The surface is the part of the cube's
    # boundary below z = 0: the bottom face (0.2² = 0.04 m²) and a 0.2 × 0.01
    # strip of each of the four sides, area 0.04 + 4·0.002 = 0.048 m². The
    # side forces cancel; the bottom carries p = E·d = 1e4 Pa everywhere, so
    # |F| = 1e4 · 0.04 = 400 N, along z.
    E, d = 1e6, 0.01
    w = scene.world_frame_id()
    floor_props = hc.ProximityProperties.Compliant(E)
    floor_props.set_slab_thickness(1.0)
    floor = scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", floor_props)
    box = scene.RegisterGeometry(w, translation(0, 0, 0.1 - d), hc.Box.MakeCube(0.2), "box",
                                 hc.ProximityProperties.Rigid())
    q = scene.query_object()
    (tri,) = q.ComputeContactSurfaces(TRI)
    (poly,) = q.ComputeContactSurfaces(POLY)
    assert (tri.id_M(), tri.id_N()) == (floor, box)
    for s in (tri, poly):
        assert s.total_area() == pytest.approx(0.048, rel=1e-12)
        assert s.areas.sum() == pytest.approx(0.048, rel=1e-12)
        assert s.pressures.max() == pytest.approx(E * d, rel=1e-12)
        assert s.pressures.min() == pytest.approx(0, abs=1e-6)
    F = normal_force(tri)
    np.testing.assert_allclose(F, [0, 0, F[2]], atol=1e-9)
    assert abs(F[2]) == pytest.approx(400, rel=1e-9)
    # The half-space (M, compliant) has a gradient; the rigid box (N) has none.
    # ∇p_M = −E/slab ẑ on every face.
    assert tri.grad_eN_W is None and not tri.HasGradE_N()
    np.testing.assert_allclose(tri.grad_eM_W, np.tile([0, 0, -E], (tri.num_faces(), 1)))


def test_compliant_box_on_rigid_half_space_area(scene):
    # A compliant 0.2 m cube 0.01 into a rigid half-space: the surface is the
    # cube's section by the plane z = 0, a 0.2 × 0.2 square (0.04 m²), with
    # normals along z (out of N into M).
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(w, translation(0, 0, 0.09), hc.Box.MakeCube(0.2), "box",
                           hc.ProximityProperties.Compliant(1e6))
    (s,) = scene.query_object().ComputeContactSurfaces(POLY)
    assert s.total_area() == pytest.approx(0.04, rel=1e-12)
    np.testing.assert_allclose(np.abs(s.face_normals[:, 2]), 1, atol=1e-12)
    np.testing.assert_allclose(s.vertices[:, 2], 0, atol=1e-12)
    np.testing.assert_allclose(s.centroid(), [0, 0, 0], atol=1e-12)


def sphere_force_error(hint):
    """Relative error of the force of a compliant sphere (r = 0.1 m, E = 1e6 Pa)
    pressed d = 0.02 m into a rigid half-space, at resolution hint `hint`.

    Closed form (the same as the C++ test's): with p = E (1 − |x|/r), the
    surface is the disc of radius a = √(r² − c²), c = r − d, and
    F = ∫₀^a E (1 − √(ρ² + c²)/r) 2πρ dρ = E (π a² − 2π (r³ − c³)/(3r))."""
    E, r, d = 1e6, 0.1, 0.02
    c = r - d
    a2 = r * r - c * c
    force = E * (math.pi * a2 - 2 * math.pi * (r ** 3 - c ** 3) / (3 * r))
    scene = hc.SceneGraph()
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(w, translation(0, 0, r - d), hc.Sphere(r), "ball",
                           hc.ProximityProperties.Compliant(E, hint))
    (s,) = scene.query_object().ComputeContactSurfaces(TRI)
    F = normal_force(s)
    # The disc is centred under the sphere: the force is vertical.
    np.testing.assert_allclose(F[:2], 0, atol=1e-9 * abs(F[2]))
    return abs(abs(F[2]) / force - 1)


def test_compliant_sphere_force_converges_to_closed_form():
    coarse, fine = sphere_force_error(0.04), sphere_force_error(0.01)
    assert fine < 0.05
    assert fine < coarse


def test_compliant_spheres_meet_on_the_mid_plane(scene):
    # Equal moduli: the surface is where the two pressure fields are equal, the
    # plane x = 0.45 halfway between the centres 0.9 apart; normals ±x.
    w = scene.world_frame_id()
    props = hc.ProximityProperties.Compliant(1e6, 0.1)
    scene.RegisterGeometry(w, np.eye(4), hc.Sphere(0.5), "a", props)
    scene.RegisterGeometry(w, translation(0.9, 0, 0), hc.Sphere(0.5), "b", props)
    (s,) = scene.query_object().ComputeContactSurfaces(POLY)
    np.testing.assert_allclose(s.vertices[:, 0], 0.45, atol=1e-9)
    np.testing.assert_allclose(np.abs(s.face_normals[:, 0]), 1, atol=1e-9)
    # Both are compliant: both gradients, and ∇p_M·n > 0 > ∇p_N·n.
    gM, gN = s.grad_eM_W, s.grad_eN_W
    assert gM.shape == gN.shape == (s.num_faces(), 3)
    assert np.all(np.einsum("ij,ij->i", gM, s.face_normals) > 0)
    assert np.all(np.einsum("ij,ij->i", gN, s.face_normals) < 0)


def test_fallbacks_and_contact_patches(scene):
    # A rigid 1 m cube resting 0.01 into a rigid half-space: no contact surface
    # (rigid–rigid), so the point-pair fallback gives depth 0.01 and the patch
    # fallback the 1 × 1 square of the bottom face, at signed distance −0.01.
    w = scene.world_frame_id()
    floor = scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    box = scene.RegisterGeometry(w, translation(0, 0, 0.49), hc.Box(1, 1, 1), "box", hc.ProximityProperties.Rigid())
    q = scene.query_object()
    with pytest.raises(ValueError, match=r"cannot produce a contact surface"):
        q.ComputeContactSurfaces()
    surfaces, pairs = q.ComputeContactSurfacesWithFallback(TRI)
    assert surfaces == [] and len(pairs) == 1 and pairs[0].depth == pytest.approx(0.01, abs=1e-12)
    surfaces, patches = q.ComputeContactSurfacesWithPatchFallback(POLY)
    assert surfaces == [] and len(patches) == 1
    for patch in (patches[0], q.ComputeContactPatches()[0], q.ComputeContactPatches(hc.ContactPatchSettings(1e-4))[0]):
        assert (patch.id_A, patch.id_B) == (floor, box)
        assert patch.penetration_depth == pytest.approx(-0.01, abs=1e-12)
        assert patch.size() == 4 and patch.points.shape == (4, 2)
        # Shoelace area of the counter-clockwise square: +1.
        x, y = patch.points[:, 0], patch.points[:, 1]
        assert 0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) == pytest.approx(1, rel=1e-12)
        # From A (the floor) to B (the box): +z.
        np.testing.assert_allclose(patch.normal_W(), [0, 0, 1], atol=1e-12)
        np.testing.assert_allclose(np.abs(patch.points_W[:, :2]), 0.5, atol=1e-12)
        # Resting flat: every point's own depth is the patch's.
        assert patch.point_penetration_depths.shape == (4,)
        np.testing.assert_allclose(patch.point_penetration_depths, -0.01, atol=1e-14)


def test_contact_patch_point_depths(scene):
    # The same cube rolled by a = 4e-4 rad about x, its lowest edge 0.01 deep:
    # the bottom corners at y ≈ ±0.5 are at heights z_c ∓ 0.5·sin(a) − 0.5·cos(a)
    # (local y = ∓0.5 for the low and high edge), and each point's own depth
    # is its corner's height (the separation along the vertical normal).
    a = 4e-4
    z_c = 0.5 * (np.cos(a) + np.sin(a)) - 0.01
    c, s = np.cos(a), np.sin(a)
    X = np.array([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, z_c], [0, 0, 0, 1.0]])
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(w, X, hc.Box(1, 1, 1), "box", hc.ProximityProperties.Rigid())
    (patch,) = scene.query_object().ComputeContactPatches()
    assert patch.size() == 4
    for p, d in zip(patch.points_W, patch.point_penetration_depths):
        y_local = np.sign(p[1]) * 0.5  # the corner's local y (sin(a) is tiny)
        assert d == pytest.approx(z_c + y_local * s - 0.5 * c, abs=1e-14)
    assert min(patch.point_penetration_depths) == pytest.approx(patch.penetration_depth, abs=1e-14)
    # Built by hand: AddPoint records the patch's depth or the one given.
    hand = hc.ContactPatch()
    hand.penetration_depth = -0.02
    hand.AddPoint([0.1, 0.2, 0.3])
    hand.AddPoint([0.4, 0.5, 0.6], point_penetration_depth=-0.005)
    np.testing.assert_allclose(hand.point_penetration_depths, [-0.02, -0.005])


def test_contact_kinematics_sphere_on_plane(scene):
    # A sphere of radius 0.5 with its centre 0.6 above a half-space: perr =
    # 0.1. It moves at v = (1, 0, −3) without spinning: the gap closes at
    # 3 m/s (verr = −3, Cz = +z from A, the floor, into B) and B's material
    # point at the contact slides at 1 m/s along x relative to the floor.
    w = scene.world_frame_id()
    floor = scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor")
    ball = scene.RegisterGeometry(w, translation(0, 0, 0.6), hc.Sphere(0.5), "ball")
    q = scene.query_object()
    V_ball = hc.SpatialVelocity(w_W=[0, 0, 0], v_W=[1, 0, -3])
    (k,) = q.ComputeContactKinematics({ball: V_ball}, max_distance=0.2)
    pair = q.ComputeSignedDistancePairClosestPoints(floor, ball)
    k2 = q.CalcContactKinematics(pair, hc.SpatialVelocity(), V_ball)
    for kin in (k, k2):
        assert (kin.id_A, kin.id_B) == (floor, ball)
        assert kin.method == hc.ContactKinematicsMethod.kSpherePlane
        assert kin.perr == pytest.approx(0.1, abs=1e-12)
        assert kin.verr == pytest.approx(-3, abs=1e-12)
        assert kin.slip_speed() == pytest.approx(1, abs=1e-12)
        assert not kin.IsProximal(0.05) and kin.IsProximal(0.1 + 1e-9)
        np.testing.assert_allclose(kin.X_WC.rotation()[:, 2], [0, 0, 1], atol=1e-12)
    # sign = −1 negates perr and verr.
    assert q.CalcContactKinematics(pair, hc.SpatialVelocity(), V_ball, sign=-1).verr == pytest.approx(3)
    # With the ball's acceleration a = (0, 0, −9.81): aerr = −9.81.
    A = hc.SpatialAcceleration(a_W=[0, 0, -9.81])
    assert q.CalcContactKinematics(pair, hc.SpatialVelocity(), V_ball, hc.SpatialAcceleration(), A).aerr == \
        pytest.approx(-9.81, abs=1e-12)


def test_ray_casts(scene):
    # A unit sphere at the origin. From (−5, 0, 0) along +x the ray enters at
    # (−1, 0, 0), 4 m away, normal −x; from the centre it leaves at 1 m.
    # Excluding the sphere, nothing is hit.
    ball = scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), hc.Sphere(1), "ball")
    q = scene.query_object()
    hit = q.CastRay([-5, 0, 0], [2, 0, 0])
    assert hit.id == ball and hit.entering
    assert hit.distance == pytest.approx(4, abs=1e-12)
    np.testing.assert_allclose(hit.p_WH, [-1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(hit.nhat_W, [-1, 0, 0], atol=1e-12)
    assert q.CastRay([-5, 0, 0], [1, 0, 0], 3.9) is None
    assert q.CastRay([-5, 0, 0], [1, 0, 0], excluded=[ball]) is None
    hits = q.CastRays(np.array([[-5.0, 0, 0], [0, 0, 0], [0, 5, 0]]), np.array([[1.0, 0, 0], [0, 0, 1], [1, 0, 0]]))
    assert hits[0].distance == pytest.approx(4) and not hits[1].entering
    assert hits[1].distance == pytest.approx(1) and hits[2] is None


def test_threads_give_identical_results(scene):
    w = scene.world_frame_id()
    props = hc.ProximityProperties.Compliant(1e6, 0.05)
    for i in range(6):
        scene.RegisterGeometry(w, translation(0.15 * i, 0, 0), hc.Sphere(0.1), f"s{i}", props)
    q = scene.query_object()
    one = q.ComputeContactSurfaces(POLY)
    q.set_max_threads(2)
    assert q.max_threads() == 2
    two = q.ComputeContactSurfaces(POLY)
    assert len(one) == len(two) == 5
    assert all(a.Equal(b) for a, b in zip(one, two))
    assert len(q.FindCollisionCandidates()) == 5


def test_representations(scene):
    # A compliant sphere's field is p = E (1 − |x|/r): E at the centre, 0 on
    # the boundary. A rigid box's surface is its boundary: area 6·0.2².
    w = scene.world_frame_id()
    ball = scene.RegisterGeometry(w, np.eye(4), hc.Sphere(0.1), "ball", hc.ProximityProperties.Compliant(1e6, 0.05))
    box = scene.RegisterGeometry(w, translation(1, 0, 0), hc.Box.MakeCube(0.2), "box", hc.ProximityProperties.Rigid())
    plain = scene.RegisterGeometry(w, translation(2, 0, 0), hc.Sphere(0.1), "plain")
    q = scene.query_object()
    rep = q.representation(ball)
    assert isinstance(rep, hc.CompliantMesh) and rep.hydroelastic_modulus == 1e6
    assert rep.pressures.max() == pytest.approx(1e6) and rep.pressures.min() == pytest.approx(0, abs=1e-9)
    assert rep.mesh.tetrahedra.shape == (rep.mesh.num_elements(), 4) and rep.mesh.tetrahedra.dtype == np.int32
    rigid = q.representation(box)
    assert isinstance(rigid, hc.RigidMesh) and rigid.mesh.total_area() == pytest.approx(0.24)
    assert q.representation(plain) is None
    assert q.name(box) == "box" and isinstance(q.shape(box), hc.Box)
    assert q.properties(ball).compliance() == hc.Compliance.kCompliant
