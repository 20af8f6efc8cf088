"""SceneGraph from Python: registration, poses (4×4 and (R, p)), filters,
removal, and the lifetime of a QueryObject."""

import math

import numpy as np
import pytest

import hydrocontact as hc
from conftest import translation


def rot_z(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def two_spheres(scene):
    """Spheres of radius 0.5 on their own frames, centres 0.9 apart along x
    (depth 0.1)."""
    fa = scene.RegisterFrame("a")
    fb = scene.RegisterFrame("b")
    a = scene.RegisterGeometry(fa, np.eye(4), hc.Sphere(0.5), "a")
    b = scene.RegisterGeometry(fb, np.eye(4), hc.Sphere(0.5), "b")
    scene.SetFramePoses({fa: translation(0, 0, 0), fb: translation(0.9, 0, 0)})
    return fa, fb, a, b


def test_poses_as_matrix_pair_and_transform_agree(scene):
    frame = scene.RegisterFrame("body")
    R = rot_z(0.3)
    p = np.array([0.1, -0.2, 0.3])
    X = np.eye(4)
    X[:3, :3] = R
    X[:3, 3] = p
    for pose in (X, (R, p), [R, p], hc.RigidTransform(R, p), hc.RigidTransform(X), X.tolist()):
        scene.SetFramePoses({frame: pose})
        got = scene.GetFramePose(frame)
        np.testing.assert_array_equal(got.rotation(), R)
        np.testing.assert_array_equal(got.translation(), p)
        np.testing.assert_array_equal(got.GetAsMatrix4(), X)
    # The list-of-pairs form.
    scene.SetFramePoses([(frame, translation(1, 2, 3))])
    np.testing.assert_array_equal(scene.GetFramePose(frame).translation(), [1, 2, 3])
    scene.SetFramePose(frame, translation(4, 5, 6))
    np.testing.assert_array_equal(scene.GetFramePose(frame).translation(), [4, 5, 6])


def test_geometry_pose_composes_frame_and_geometry_poses(scene):
    # X_WG = X_WF · X_FG: F is turned a quarter about z and moved to (1, 0, 0);
    # G sits at (0, 1, 0) in F, which the quarter turn maps to (−1, 0, 0), so
    # G's origin is at (0, 0, 0) in W.
    frame = scene.RegisterFrame("f")
    g = scene.RegisterGeometry(frame, translation(0, 1, 0), hc.Box(1, 2, 3), "box")
    scene.SetFramePoses({frame: (rot_z(math.pi / 2), [1, 0, 0])})
    np.testing.assert_allclose(scene.GetPoseInWorld(g).translation(), [0, 0, 0], atol=1e-15)
    np.testing.assert_allclose(scene.query_object().X_WG(g).rotation(), rot_z(math.pi / 2), atol=1e-15)
    state = scene.geometry(g)
    assert state.name == "box" and state.frame == frame and state.id == g
    assert isinstance(state.shape, hc.Box) and state.shape.height() == 3
    assert scene.FindGeometryByName("box") == g
    assert scene.num_geometries() == 1 and scene.GetAllGeometryIds() == [g]


def test_filters_and_removal_change_what_queries_see(scene):
    fa, fb, a, b = two_spheres(scene)
    q = scene.query_object()
    assert len(q.ComputePointPairPenetration()) == 1
    assert not scene.IsCollisionFiltered(a, b)
    scene.ExcludeCollisionsBetween(a, b)
    assert scene.IsCollisionFiltered(a, b)
    assert scene.excluded_pairs() == {(a, b)}
    assert q.ComputePointPairPenetration() == []
    assert not q.HasCollisions()

    # Two geometries on one frame, filtered by ExcludeCollisionsWithin.
    c = scene.RegisterGeometry(fa, translation(0.2, 0, 0), hc.Sphere(0.1), "c")
    assert [(p.id_A, p.id_B) for p in q.ComputePointPairPenetration()] == [(a, c)]
    scene.ExcludeCollisionsWithin(fa)
    assert scene.AreCollisionsExcludedWithin(fa)
    assert q.ComputePointPairPenetration() == []

    # Removing a geometry removes its filters: b then has no one to touch but
    # c (0.7 from b's centre with radii 0.5 + 0.1: apart).
    scene.RemoveGeometry(a)
    assert scene.excluded_pairs() == set()
    assert scene.num_geometries() == 2
    with pytest.raises(ValueError, match=r"unknown GeometryId"):
        q.X_WG(a)


def test_query_object_keeps_its_scene_alive():
    scene = hc.SceneGraph()
    two_spheres(scene)
    q = scene.query_object()
    del scene
    import gc
    gc.collect()
    pairs = q.ComputePointPairPenetration()
    assert len(pairs) == 1 and pairs[0].depth == pytest.approx(0.1, abs=1e-12)


def test_query_object_follows_later_poses(scene):
    fa, fb, a, b = two_spheres(scene)
    q = scene.query_object()
    scene.SetFramePoses({fb: translation(0.95, 0, 0)})
    # Depth 0.5 + 0.5 − 0.95 = 0.05.
    assert q.ComputePointPairPenetration()[0].depth == pytest.approx(0.05, abs=1e-12)
    assert scene.pose_version() > 0 and scene.geometry_version() > 0


def test_proximity_properties_and_materials():
    p = hc.ProximityProperties.Compliant(2e6, 0.01)
    assert p.compliance() == hc.Compliance.kCompliant
    assert p.hydroelastic_modulus() == 2e6 and p.resolution_hint() == 0.01
    assert hc.ProximityProperties.Rigid().resolution_hint() is None
    assert hc.ProximityProperties().compliance() == hc.Compliance.kNone
    p.set_margin(0.001)
    p.set_slab_thickness(0.5)
    p.set_extra("foo", 3.0)
    assert (p.margin(), p.slab_thickness(), p.extra("foo"), p.has_extra("bar")) == (0.001, 0.5, 3.0, False)
    m1 = hc.ContactMaterial()
    m1.set_friction(hc.CoulombFriction(0.6, 0.4))
    m1.set_point_contact_stiffness(1e4)
    m2 = hc.ContactMaterial()
    m2.set_friction(hc.CoulombFriction(0.2, 0.2))
    m2.set_point_contact_stiffness(3e4)
    assert m2.min_cor() is None
    # Friction combines harmonically: 2·0.6·0.2/(0.6+0.2) = 0.3, 2·0.4·0.2/0.6 = 0.2667;
    # stiffnesses in series: 1e4·3e4/4e4 = 7500.
    m = hc.CombineContactMaterials(m1, m2)
    assert m.friction().static_friction() == pytest.approx(0.3)
    assert m.friction().dynamic_friction() == pytest.approx(0.8 / 3)
    assert m.point_contact_stiffness() == pytest.approx(7500)
    p.set_material(m)
    assert p.material().point_contact_stiffness() == pytest.approx(7500)
    # Below the transition speed the static coefficient applies, above it the dynamic one.
    assert hc.CalcEffectiveCOF(hc.CoulombFriction(0.6, 0.4), 0.1, 0.05) == 0.6
    assert hc.CalcEffectiveCOF(hc.CoulombFriction(0.6, 0.4), 0.1, 0.5) == 0.4
    # Between the speeds the COR falls linearly: 1 − (1 − 0.5)·1/2 = 0.75.
    assert hc.CalcEffectiveCOR(0.5, 0.1, 2.0, 1.0) == pytest.approx(0.75)


def test_shapes_report_their_parameters():
    assert hc.Sphere(0.3).radius() == 0.3
    assert list(hc.Box(1, 2, 3).size()) == [1, 2, 3] and hc.Box.MakeCube(2).width() == 2
    assert (hc.Cylinder(0.1, 2).radius(), hc.Cylinder(0.1, 2).length()) == (0.1, 2)
    assert (hc.Capsule(0.1, 2).radius(), hc.Capsule(0.1, 2).length()) == (0.1, 2)
    assert (hc.Ellipsoid(1, 2, 3).a(), hc.Ellipsoid(1, 2, 3).c()) == (1, 3)
    assert hc.Torus(2, 0.5).minor_radius() == 0.5
    assert hc.Mesh("x.obj", 2).scale() == 2 and str(hc.Convex("y.obj").file()) == "y.obj"
    assert [hc.ShapeName(s) for s in (hc.Sphere(1), hc.HalfSpace(), hc.Torus(2, 1))] == \
        ["Sphere", "HalfSpace", "Torus"]


def test_rigid_transform_algebra():
    X_AB = hc.RigidTransform.FromRollPitchYaw([0, 0, math.pi / 2], [1, 0, 0])
    # A quarter turn about z maps x to y: X_AB · (1, 0, 0) = (0, 1, 0) + (1, 0, 0).
    np.testing.assert_allclose(X_AB * np.array([1.0, 0, 0]), [1, 1, 0], atol=1e-15)
    np.testing.assert_allclose((X_AB @ X_AB.inverse()).GetAsMatrix4(), np.eye(4), atol=1e-15)
    q = hc.RigidTransform.FromQuaternion([math.cos(math.pi / 4), 0, 0, math.sin(math.pi / 4)])
    assert q.IsNearlyEqualTo(hc.RigidTransform(X_AB.rotation(), [0, 0, 0]), 1e-15)
    a = hc.RigidTransform.FromAxisAngle([0, 0, 2], math.pi / 2)
    assert a.IsNearlyEqualTo(q, 1e-15)
    import pickle
    assert pickle.loads(pickle.dumps(X_AB)).IsExactlyEqualTo(X_AB)


def test_float32_rotation_goes_through_from_approximate_rotation():
    # A turn of 0.3 rad about z stored in float32: cos and sin are rounded
    # by up to 3e-8, so c² + s² − 1 is some 5e-8, beyond the constructor's
    # 1e-9. It refuses the matrix and names the remedy;
    # FromApproximateRotation gives the turn, which maps x to (cos 0.3,
    # sin 0.3, 0), to float32's precision.
    R = hc.RigidTransform.FromAxisAngle([0, 0, 1], 0.3).rotation()
    R32 = R.astype(np.float32)
    with pytest.raises(ValueError, match="FromApproximateRotation takes the nearest rotation"):
        hc.RigidTransform(R32, np.zeros(3, dtype=np.float32))
    X = hc.RigidTransform.FromApproximateRotation(R32, np.array([1, 2, 3], dtype=np.float32))
    np.testing.assert_allclose(X.rotation(), R, atol=1e-7)
    np.testing.assert_allclose(X.rotation() @ X.rotation().T, np.eye(3), atol=1e-15)
    np.testing.assert_allclose(X * np.array([1.0, 0, 0]), [1 + math.cos(0.3), 2 + math.sin(0.3), 3], atol=1e-7)
    with pytest.raises(ValueError, match="no rotation up to round-off"):
        hc.RigidTransform.FromApproximateRotation(2 * R)
    # The wrong shapes are refused as the constructor refuses them.
    with pytest.raises(ValueError, match=r"FromApproximateRotation: M: expected shape \(3, 3\), got \(2, 2\)"):
        hc.RigidTransform.FromApproximateRotation(np.eye(2))
    with pytest.raises(ValueError, match=r"FromApproximateRotation: p: expected shape \(3,\), got \(2,\)"):
        hc.RigidTransform.FromApproximateRotation(R, [1, 2])
    with pytest.raises(ValueError, match="det\\(M\\) = -1 is not positive"):
        hc.RigidTransform.FromApproximateRotation(-R)
