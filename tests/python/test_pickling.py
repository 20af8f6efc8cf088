"""Shapes, friction, materials and proximity properties survive pickle and
copy (what multiprocessing and Dask send to their workers), and an unpickled
value is checked as a new one is."""

import copy
import pickle

import numpy as np
import pytest

import hydrocontact as hc


def round_trips(value):
    return [pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)]


@pytest.mark.parametrize("shape, accessors", [
    (hc.Sphere(0.25), ["radius"]),
    (hc.Box(0.1, 0.2, 0.3), ["width", "depth", "height"]),
    (hc.Cylinder(0.1, 0.4), ["radius", "length"]),
    (hc.Capsule(0.05, 0.3), ["radius", "length"]),
    (hc.Ellipsoid(0.1, 0.2, 0.3), ["a", "b", "c"]),
    (hc.Torus(0.3, 0.05), ["major_radius", "minor_radius"]),
    (hc.HalfSpace(), []),
    (hc.Mesh("some/where/part.obj", 0.001), ["file", "scale"]),
    (hc.Convex("hull.stl", 2.0), ["file", "scale"]),
    (hc.HeightField(np.arange(12.0).reshape(3, 4) / 100, 0.1, 0.2, 0.05),
     ["nx", "ny", "dx", "dy", "thickness", "min_height", "max_height"]),
])
def test_shapes_round_trip(shape, accessors):
    for back in round_trips(shape):
        assert type(back) is type(shape) and back is not shape
        for name in accessors:
            assert getattr(back, name)() == getattr(shape, name)()
        assert repr(back) == repr(shape)
        assert hc.ShapeName(back) == hc.ShapeName(shape)
    if isinstance(shape, hc.HeightField):
        np.testing.assert_array_equal(pickle.loads(pickle.dumps(shape)).heights(), shape.heights())


def test_unpickled_shape_gives_the_same_answers():
    # A sphere of radius 0.25 at the origin: the point (1, 0, 0) is
    # 1 − 0.25 = 0.75 from it, before and after the trip.
    for shape in (hc.Sphere(0.25), pickle.loads(pickle.dumps(hc.Sphere(0.25)))):
        scene = hc.SceneGraph()
        scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), shape, "s")
        (d,) = scene.query_object().ComputeSignedDistanceToPoint([1, 0, 0])
        assert d.distance == pytest.approx(0.75, abs=1e-12)


def test_friction_and_material_round_trip():
    mu = hc.CoulombFriction(0.8, 0.5, 0.1)
    for back in round_trips(mu):
        assert (back.static_friction(), back.dynamic_friction(), back.viscous_friction()) == (0.8, 0.5, 0.1)
    assert repr(mu) == "CoulombFriction(static_friction=0.8, dynamic_friction=0.5, viscous_friction=0.1)"
    m = hc.ContactMaterial()
    m.set_friction(mu)
    m.set_hunt_crossley_dissipation(2.5)
    m.set_min_cor(0.3)
    for back in round_trips(m):
        assert back.friction().static_friction() == 0.8
        assert back.hunt_crossley_dissipation() == 2.5
        assert back.min_cor() == 0.3
        # What was never set stays unset.
        assert back.point_contact_stiffness() is None and back.transition_speed() is None
    assert pickle.loads(pickle.dumps(hc.ContactMaterial())).friction() is None


def test_proximity_properties_round_trip():
    p = hc.ProximityProperties.Compliant(2e6, 0.004)
    p.set_margin(0.001)
    p.set_slab_thickness(0.3)
    material = hc.ContactMaterial()
    material.set_capture_speed(0.02)
    p.set_material(material)
    p.set_extra("layer", 3.0)
    for back in round_trips(p):
        assert back.compliance() == hc.Compliance.kCompliant
        assert back.hydroelastic_modulus() == 2e6
        assert back.resolution_hint() == 0.004
        assert (back.margin(), back.slab_thickness()) == (0.001, 0.3)
        assert back.material().capture_speed() == 0.02
        assert back.extras() == {"layer": 3.0}
    none = pickle.loads(pickle.dumps(hc.ProximityProperties()))
    assert none.compliance() == hc.Compliance.kNone and none.resolution_hint() is None
    assert pickle.loads(pickle.dumps(hc.ProximityProperties.Rigid())).compliance() == hc.Compliance.kRigid


def test_bad_states_are_refused_by_name():
    p = hc.ProximityProperties.__new__(hc.ProximityProperties)
    with pytest.raises(ValueError, match="ProximityProperties: a pickled state has 7 entries, got 2"):
        p.__setstate__((hc.Compliance.kRigid, 1e6))
    state = hc.ProximityProperties.Compliant(1e6).__getstate__()
    with pytest.raises(ValueError, match="hydroelastic_modulus"):
        p.__setstate__((state[0], -1.0) + state[2:])
    m = hc.ContactMaterial.__new__(hc.ContactMaterial)
    with pytest.raises(ValueError, match="min_cor"):
        m.__setstate__((None, None, None, 7.0, None, None, None))
    # A shape is rebuilt by its constructor, which checks its parameters.
    cls, args = hc.Sphere(1.0).__reduce__()
    with pytest.raises(ValueError, match="radius"):
        cls(-args[0])
