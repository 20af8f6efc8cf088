"""Shapes, friction, materials and proximity properties survive pickle and
copy (what multiprocessing and Dask send to their workers), and an unpickled
value is checked as a new one is."""

import copy
import pickle

import numpy as np
import pytest

import hydrocontact as hc


def round_trips(value):
    # Every pickle protocol (0 and 1 included: they rebuild objects through
    # __reduce__, which pybind11's __setstate__ cannot serve), and copies.
    return [pickle.loads(pickle.dumps(value, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)] + \
        [copy.copy(value), copy.deepcopy(value)]


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


def test_keyword_constructors_check_their_values():
    # What pickle calls to rebuild a ContactMaterial or ProximityProperties:
    # the keyword constructors, which check every value as the setters do.
    m = hc.ContactMaterial(friction=hc.CoulombFriction(0.5, 0.4), min_cor=0.2)
    assert m.friction().dynamic_friction() == 0.4 and m.min_cor() == 0.2 and m.capture_speed() is None
    p = hc.ProximityProperties(compliance=hc.Compliance.kCompliant, hydroelastic_modulus=3e5,
                               resolution_hint=0.01, material=m, extras={"k": 2.0})
    assert (p.compliance(), p.hydroelastic_modulus(), p.resolution_hint()) == (hc.Compliance.kCompliant, 3e5, 0.01)
    assert p.material().min_cor() == 0.2 and p.extras() == {"k": 2.0}
    # Without arguments: the defaults of ProximityProperties().
    assert repr(hc.ProximityProperties()) == "ProximityProperties(compliance=Compliance.kNone)"
    with pytest.raises(ValueError, match="hydroelastic_modulus"):
        hc.ProximityProperties(compliance=hc.Compliance.kCompliant, hydroelastic_modulus=-1.0)
    with pytest.raises(ValueError, match="min_cor"):
        hc.ContactMaterial(min_cor=7.0)
    with pytest.raises(TypeError):
        hc.ContactMaterial(friction="high")


def test_a_shape_is_rebuilt_by_its_constructor():
    # A shape is rebuilt by its constructor, which checks its parameters.
    cls, args = hc.Sphere(1.0).__reduce__()
    assert cls is hc.Sphere and args == (1.0,)
    with pytest.raises(ValueError, match="radius"):
        cls(-args[0])


def test_enums_round_trip_and_the_rest_refuse_cleanly(scene):
    # Enums pickle by value at every protocol. Objects that do not pickle
    # (a scene, an id, results) are refused with TypeError at every
    # protocol: under protocols 0 and 1 they used to be written and then
    # abort the process when read back.
    for enum in (hc.Compliance.kCompliant, hc.HydroelasticContactRepresentation.kPolygon,
                 hc.PlyEncoding.kBinaryBigEndian, hc.ContactKinematicsMethod.kPointPlane):
        assert all(back == enum and type(back) is type(enum) for back in round_trips(enum))
    frame = scene.RegisterFrame("f")
    for value in (scene, frame, hc.SpatialVelocity(), scene.query_object()):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with pytest.raises(TypeError, match=f"cannot pickle 'hydrocontact.{type(value).__name__}' object"):
                pickle.dumps(value, protocol)
