"""C++ exceptions arrive as Python exceptions with the C++ message:
std::invalid_argument as ValueError, std::out_of_range as IndexError, other
std::exception (std::runtime_error, std::logic_error) as RuntimeError. The
expected messages are the format strings of the C++ sources filled in by
hand."""

import decimal
import fractions
import math
import re

import numpy as np
import pytest

import hydrocontact as hc
from conftest import translation


def raises_exactly(exception, message):
    return pytest.raises(exception, match="^" + re.escape(message) + "$")


def test_shape_parameters():
    with raises_exactly(ValueError, "Sphere: parameter 'radius' must be positive and finite, got -1"):
        hc.Sphere(-1)
    with raises_exactly(ValueError, "Torus: parameter 'minor_radius' (2) must be less than 'major_radius' (1) "
                                    "so the torus has a hole and a smooth surface"):
        hc.Torus(1, 2)
    with raises_exactly(ValueError, "Mesh: parameter 'scale' must be positive and finite, got 0"):
        hc.Mesh("a.obj", 0)
    with raises_exactly(ValueError, "CoulombFriction: the static coefficient must be >= the dynamic one "
                                    "(static 0.1, dynamic 0.2, viscous 0)"):
        hc.CoulombFriction(0.1, 0.2)
    with raises_exactly(ValueError, "ContactMaterial: 'min_cor' must be in [0, 1], got 2"):
        hc.ContactMaterial().set_min_cor(2)
    with raises_exactly(IndexError, "ProximityProperties: no extra value named 'x'"):
        hc.ProximityProperties().extra("x")


def test_scene_graph_ids_and_names(scene):
    frame = scene.RegisterFrame("f")
    g = scene.RegisterGeometry(frame, np.eye(4), hc.Sphere(1), "g")
    with raises_exactly(ValueError, f"SceneGraph::RegisterFrame: a frame named 'f' already exists ({frame})"):
        scene.RegisterFrame("f")
    with raises_exactly(ValueError, "SceneGraph::FindGeometryByName: no geometry named 'nope'"):
        scene.FindGeometryByName("nope")
    with raises_exactly(ValueError, "SceneGraph::SetFramePoses: the world frame's pose cannot be set"):
        scene.SetFramePoses({scene.world_frame_id(): np.eye(4)})
    scene.RemoveGeometry(g)
    with raises_exactly(ValueError, f"SceneGraph::RemoveGeometry: unknown {g}"):
        scene.RemoveGeometry(g)
    with raises_exactly(ValueError, "SceneGraph::RemoveGeometry: invalid (default-constructed) GeometryId"):
        scene.RemoveGeometry(hc.GeometryId())
    with raises_exactly(RuntimeError, "GeometryId: the value of an invalid (default-constructed) identifier "
                                      "was requested"):
        hc.GeometryId().get_value()


def test_registration_failure_names_the_geometry(scene, tmp_path):
    missing = tmp_path / "missing.obj"
    with pytest.raises(Exception, match=r"^SceneGraph::RegisterGeometry: geometry 'm' .*missing\.obj"):
        scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), hc.Mesh(missing), "m",
                               hc.ProximityProperties.Rigid())
    assert scene.num_geometries() == 0


def test_poses():
    with raises_exactly(ValueError, "SetFramePose: the bottom row of a 4×4 pose must be [0, 0, 0, 1], "
                                    "got [0, 0, 1, 1]"):
        scene = hc.SceneGraph()
        X = np.eye(4)
        X[3, 2] = 1
        scene.SetFramePose(scene.RegisterFrame("f"), X)
    with pytest.raises(ValueError, match=r"^RigidTransform: the matrix is not a proper rotation"):
        hc.RigidTransform(np.diag([1.0, 1, -1]), [0, 0, 0])
    with raises_exactly(ValueError, "RigidTransform (R, p): p: expected shape (3,), got (2,)"):
        hc.RigidTransform(np.eye(3), [0, 0])
    with raises_exactly(ValueError, "RigidTransform: a pose is a RigidTransform, a 4×4 matrix or a pair (R, p); "
                                    "the matrix: expected shape (4, 4), got (3, 3)"):
        hc.RigidTransform(np.eye(3))
    with raises_exactly(ValueError, "RigidTransform: non-finite rotation or translation"):
        hc.RigidTransform(np.eye(3), [0, math.nan, 0])
    scene = hc.SceneGraph()
    with raises_exactly(ValueError, "SetFramePoses: entry 0: the key is not a FrameId"):
        scene.SetFramePoses({"f": np.eye(4)})
    # A pose that is no rigid transform is refused naming the entry or the
    # argument, not only as "RigidTransform: ..."; |R·Rᵀ − I| of diag(2, 1, 1)
    # is 4 − 1 = 3 and its determinant 2.
    stretched = np.eye(4)
    stretched[0, 0] = 2
    f, g = scene.RegisterFrame("f"), scene.RegisterFrame("g")
    with raises_exactly(ValueError, "SetFramePoses: entry 1: RigidTransform: the matrix is not a proper rotation "
                                    "(|R·Rᵀ − I| = 3, det = 2)"):
        scene.SetFramePoses({f: np.eye(4), g: stretched})
    with pytest.raises(ValueError, match=r"^RegisterGeometry: X_FG: RigidTransform: the matrix is not a proper"):
        scene.RegisterGeometry(f, stretched, hc.Sphere(1), "s")
    assert scene.num_geometries() == 0
    with raises_exactly(ValueError, "RegisterGeometry: shape: expected a shape (Sphere, Box, Cylinder, Capsule, "
                                    "Ellipsoid, HalfSpace, Mesh, Convex, Torus, HeightField), got <class 'str'>"):
        scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), "sphere", "s")


def test_queries(scene):
    w = scene.world_frame_id()
    a = scene.RegisterGeometry(w, np.eye(4), hc.Sphere(0.5), "a", hc.ProximityProperties.Rigid())
    b = scene.RegisterGeometry(w, translation(0.9, 0, 0), hc.Sphere(0.5), "b", hc.ProximityProperties.Rigid())
    q = scene.query_object()
    with pytest.raises(ValueError, match=r"^ComputeContactSurfaces: geometries .*'a'.* and .*'b'.* overlap but "
                                         r"cannot produce a contact surface"):
        q.ComputeContactSurfaces()
    with raises_exactly(ValueError, "ComputeSignedDistancePairwiseClosestPoints: max_distance is NaN"):
        q.ComputeSignedDistancePairwiseClosestPoints(math.nan)
    with raises_exactly(ValueError, "ComputeSignedDistanceToPoint: the point is not finite"):
        q.ComputeSignedDistanceToPoint([math.inf, 0, 0])
    with pytest.raises(ValueError, match=r"max_threads"):
        q.set_max_threads(0)
    with pytest.raises(ValueError, match=r"^CastRays: p_WO: expected shape \(n, 3\), got \(2, 2\)$"):
        q.CastRays(np.zeros((2, 2)), np.zeros((2, 2)))
    with pytest.raises(ValueError, match=str(a).replace("(", r"\(").replace(")", r"\)")):
        q.ComputeSignedDistancePairClosestPoints(a, a)
    with pytest.raises(ValueError, match=r"sign"):
        q.CalcContactKinematics(q.ComputeSignedDistancePairClosestPoints(a, b), hc.SpatialVelocity(),
                                hc.SpatialVelocity(), sign=2)
    with pytest.raises(ValueError, match=r"tolerance"):
        q.ComputeContactPatches(hc.ContactPatchSettings(tolerance=-1))
    # A pair edited to name one geometry twice.
    pair = q.ComputeSignedDistancePairClosestPoints(a, b)
    pair.id_B = pair.id_A
    with raises_exactly(ValueError, f"CalcContactKinematics: the pair names geometry {a} as both A and B"):
        q.CalcContactKinematics(pair, hc.SpatialVelocity(), hc.SpatialVelocity())


def test_enumerations_that_are_no_enumerator(scene, tmp_path):
    # pybind11 makes an enumeration from any integer; the library refuses
    # those that are none of its values where it uses them (PLY encoding 4
    # indexed past a table and crashed; representation 5 was taken for
    # polygons, compliance 7 for compliant).
    triangle = hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 1, 2]])
    with raises_exactly(ValueError, "WritePlyString: encoding 4 is none of kAscii (0), kBinaryLittleEndian (1) and "
                                    "kBinaryBigEndian (2)"):
        hc.WritePlyFile(str(tmp_path / "t.ply"), triangle, hc.PlyEncoding(4))
    assert not (tmp_path / "t.ply").exists()
    with raises_exactly(ValueError, "ComputeContactSurfaces: the contact representation 5 is neither kTriangle (0) "
                                    "nor kPolygon (1)"):
        scene.query_object().ComputeContactSurfaces(hc.HydroelasticContactRepresentation(5))
    with raises_exactly(ValueError, "ProximityProperties: compliance 7 is none of kNone (0), kRigid (1) and "
                                    "kCompliant (2)"):
        hc.ProximityProperties().set_compliance(hc.Compliance(7))


def test_result_fields_are_values_not_references(scene):
    # Reading a field gives a copy, as every result is: the swap idiom swaps,
    # and a value read before an assignment keeps its value.
    w = scene.world_frame_id()
    a = scene.RegisterGeometry(w, np.eye(4), hc.Sphere(0.5), "a", hc.ProximityProperties.Rigid())
    b = scene.RegisterGeometry(w, translation(0.9, 0, 0), hc.Sphere(0.5), "b", hc.ProximityProperties.Rigid())
    (pair,) = scene.query_object().ComputePointPairPenetration()
    assert (pair.id_A, pair.id_B) == (a, b)
    pair.id_A, pair.id_B = pair.id_B, pair.id_A
    assert (pair.id_A, pair.id_B) == (b, a)
    kept = pair.id_A
    pair.id_A = pair.id_B
    assert kept == b
    # An array read is a copy too: writing into it leaves the pair as it was.
    witness = pair.p_WCa
    witness[0] = 99
    assert pair.p_WCa[0] != 99
    patch = hc.ContactPatch()
    X = patch.X_WP
    patch.X_WP = hc.RigidTransform(np.eye(3), [1, 2, 3])
    assert np.array_equal(X.translation(), [0, 0, 0])


def test_surface_accessors():
    scene = hc.SceneGraph()
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(w, translation(0, 0, 0.09), hc.Box.MakeCube(0.2), "box",
                           hc.ProximityProperties.Compliant(1e6))
    (s,) = scene.query_object().ComputeContactSurfaces(hc.HydroelasticContactRepresentation.kTriangle)
    with pytest.raises(RuntimeError, match=r"poly_mesh_W"):
        s.poly_mesh_W()
    with pytest.raises(IndexError, match=str(s.num_faces())):
        s.area(s.num_faces())
    with pytest.raises(RuntimeError, match=r"GradE_M"):
        s.EvaluateGradE_M_W(0)


def test_files(tmp_path):
    bad = tmp_path / "bad.obj"
    bad.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n")
    with pytest.raises(RuntimeError, match="^" + re.escape(str(bad)) + r", line 4: "):
        hc.ReadMeshFile(bad)
    with raises_exactly(ValueError, f"'{tmp_path / 'a.xyz'}': unsupported mesh file extension '.xyz' "
                                    f"(supported: {hc.SupportedMeshFileExtensions()})"):
        hc.ReadMeshFile(tmp_path / "a.xyz")
    with pytest.raises(RuntimeError, match=re.escape(str(tmp_path / "none.stl"))):
        hc.ReadMeshFile(tmp_path / "none.stl")
    with pytest.raises(RuntimeError, match=re.escape(str(tmp_path / "no_dir"))):
        hc.WriteObjFile(tmp_path / "no_dir" / "x.obj", hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]],
                                                                              [[0, 1, 2]]))
    with raises_exactly(ValueError, "TriangleSurfaceMesh: triangles: expected integer indices, got dtype float64"):
        hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 1, 2.5]])
    with raises_exactly(ValueError, "TriangleSurfaceMesh: vertices: expected shape (n, 3), got (3, 2)"):
        hc.TriangleSurfaceMesh([[0, 0], [1, 0], [0, 1]], [[0, 1, 2]])
    with pytest.raises(ValueError, match=r"out of range|index"):
        hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 1, 3]])
    # Empty arrays of the wrong shape are the wrong shape, not "nothing" (an
    # empty list, or (0, 3), is nothing).
    with raises_exactly(ValueError, "TriangleSurfaceMesh: vertices: expected shape (n, 3), got (0, 5)"):
        hc.TriangleSurfaceMesh(np.zeros((0, 5)), [[0, 1, 2]])
    with raises_exactly(ValueError, "TriangleSurfaceMesh: triangles: expected shape (n, 3), got (3, 0)"):
        hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], np.zeros((3, 0), dtype=np.int64))


def test_errors_while_converting_an_array_are_not_blamed_on_its_type():
    """Only NumPy's own verdict (a TypeError or ValueError) makes an argument
    "not an array of numbers". A MemoryError, or an exception raised by the
    object's own __array__, used to be cleared and reported as a wrong type;
    it now reaches the caller unchanged."""
    class OutOfMemory:
        def __array__(self, dtype=None, copy=None):
            raise MemoryError("no room for the copy")

    class Interrupted(Exception):
        pass

    class Raising:
        def __array__(self, dtype=None, copy=None):
            raise Interrupted("stopped by the user's code")

    class Refusing:
        def __array__(self, dtype=None, copy=None):
            raise TypeError("not convertible")

    elements = [[0, 1, 2, 3]]
    with pytest.raises(MemoryError, match="^no room for the copy$"):
        hc.VolumeMesh(OutOfMemory(), elements)
    with pytest.raises(Interrupted, match="^stopped by the user's code$"):
        hc.VolumeMesh(Raising(), elements)
    with raises_exactly(ValueError, "VolumeMesh: vertices: expected an array of numbers, got "
                                    f"{Refusing!r}"):
        hc.VolumeMesh(Refusing(), elements)
    # The float64 cast of an object array goes the same way: a str is
    # refused by NumPy, so by type.
    with raises_exactly(ValueError, "VolumeMesh: vertices: expected an array of numbers, got "
                                    "<class 'numpy.ndarray'>"):
        hc.VolumeMesh(np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, "x"]], dtype=object), elements)
    # And a convertible one still converts.
    corners = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=object)
    assert hc.VolumeMesh(corners, elements).num_elements() == 1


def test_arrays_that_are_not_real_numbers_are_refused():
    """A float64 cast of a complex array drops the imaginary part, of a masked
    array reads the values under the mask, of a datetime array gives counts of
    its unit: each of them used to pass (with at most a NumPy warning) and give
    a surface or a pose the caller never meant. They are refused on every path
    an array comes in by, naming the argument where the module converts it
    itself, and as pybind11's TypeError where a signature takes a fixed-size
    vector."""
    heights = np.zeros((3, 4))
    with raises_exactly(ValueError, "HeightField: parameter 'heights': expected real numbers, but the array has "
                                    "complex values (pass the real part explicitly if that is what is meant)"):
        hc.HeightField(heights + 0j, 1, 1, 1)  # even with every imaginary part 0
    masked = np.ma.masked_array(heights, mask=np.zeros_like(heights, dtype=bool))
    masked.mask[1, 2] = True
    masked.data[1, 2] = 0.25  # what a float64 cast would read
    with raises_exactly(ValueError, "HeightField: parameter 'heights': expected real numbers, but the array has "
                                    "masked entries (fill them first, e.g. with numpy.ma.filled)"):
        hc.HeightField(masked, 1, 1, 1)
    # A masked array with nothing masked is judged by its dtype like any other.
    with raises_exactly(ValueError, "HeightField: parameter 'heights': expected real numbers, but the array has "
                                    "complex values (pass the real part explicitly if that is what is meant)"):
        hc.HeightField(np.ma.masked_array(heights + 1j, mask=np.zeros((3, 4), dtype=bool)), 1, 1, 1)
    with raises_exactly(ValueError, "HeightField: parameter 'heights': expected real numbers, but the array holds "
                                    "dates or durations, not numbers"):
        hc.HeightField(np.zeros((3, 4), dtype="timedelta64[ms]"), 1, 1, 1)
    # A list of complex numbers becomes a complex array.
    with raises_exactly(ValueError, "TriangleSurfaceMesh: vertices: expected real numbers, but the array has "
                                    "complex values (pass the real part explicitly if that is what is meant)"):
        hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1j, 0]], [[0, 1, 2]])
    # Masked indices: the mask would be dropped by the integer conversion.
    triangles = np.ma.masked_array([[0, 1, 2]], mask=[[False, False, True]])
    with raises_exactly(ValueError, "TriangleSurfaceMesh: triangles: expected real numbers, but the array has "
                                    "masked entries (fill them first, e.g. with numpy.ma.filled)"):
        hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], triangles)
    with pytest.raises(ValueError, match=r"^RigidTransform: .*the matrix: expected real numbers, but the array has "
                                         r"complex values"):
        hc.RigidTransform(np.eye(4) + 0j)
    with pytest.raises(ValueError, match=r"^WriteVtk: point scalar 'p': expected real numbers, but the array "
                                         r"holds dates or durations"):
        hc.WriteVtkSurface("unused.vtk", hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 1, 2]]),
                    point_scalars={"p": np.zeros(3, dtype="datetime64[s]")})
    # Fixed-size vectors in a signature: no overload takes them.
    patch = hc.ContactPatch()
    for bad in (np.array([1 + 2j, 0, 0]), [1j, 0, 0], np.ma.masked_array([1.0, 2.0, 3.0], mask=[0, 1, 0]),
                np.ma.masked_array([1j, 2.0, 3.0], mask=[0, 0, 0]), np.zeros(3, dtype="datetime64[s]")):
        with pytest.raises(TypeError, match=r"^AddPoint\(\): incompatible function arguments"):
            patch.AddPoint(bad)
        with pytest.raises(TypeError, match=r"^FromQuaternion\(\): incompatible function arguments"):
            hc.RigidTransform.FromQuaternion([1, 0, 0, 0], bad)
        with pytest.raises(TypeError, match=r"^__init__\(\): incompatible constructor arguments"):
            hc.Box(bad)
    assert patch.size() == 0  # nothing was added
    # A complex number where a float is expected: NumPy's complex scalars
    # and 0-d arrays gave their real part (Python's complex was refused).
    for bad in (np.complex128(0.1 + 1j), np.complex64(0.1), np.array(0.1 + 0j), 0.1 + 0j):
        with pytest.raises(TypeError, match=r"^__init__\(\): incompatible constructor arguments"):
            hc.Sphere(bad)
        with pytest.raises(TypeError, match=r"^FromAxisAngle\(\): incompatible function arguments"):
            hc.RigidTransform.FromAxisAngle([0, 0, 1], bad)
    # An array where a float is expected: a one-element one gave its entry
    # (NumPy deprecates that conversion), whatever its dimensions; a 0-d
    # array is a scalar and still converts (see below).
    for bad in (np.array([0.1]), np.array([[0.1]]), np.array([0.1], dtype=np.float32), np.array([1])):
        with pytest.raises(TypeError, match=r"^__init__\(\): incompatible constructor arguments"):
            hc.Sphere(bad)
        with pytest.raises(TypeError, match=r"^FromAxisAngle\(\): incompatible function arguments"):
            hc.RigidTransform.FromAxisAngle([0, 0, 1], bad)
        with pytest.raises(TypeError, match=r"^Compliant\(\): incompatible function arguments"):
            hc.ProximityProperties.Compliant(bad)


def test_real_arrays_in_every_form_still_convert():
    """What the refusals above must not catch: lists, tuples, integers,
    float32, a column (3, 1), a masked array with nothing masked, each giving
    the values it holds."""
    patch = hc.ContactPatch()
    for good in ([1, 2, 3], (1.0, 2.0, 3.0), np.array([1, 2, 3], dtype=np.int32),
                 np.array([1, 2, 3], dtype=np.float32), np.array([[1.0], [2.0], [3.0]]),
                 np.ma.masked_array([1.0, 2.0, 3.0], mask=[False, False, False])):
        X = hc.RigidTransform.FromQuaternion([1, 0, 0, 0], good)
        assert np.array_equal(X.translation(), [1.0, 2.0, 3.0])
        assert np.array_equal(hc.Box(good).size(), [1.0, 2.0, 3.0])
        assert np.array_equal(X * good, [2.0, 4.0, 6.0])  # p + p
    # A 4-vector and a 3×3 matrix through the same caster: a quaternion of
    # a quarter turn about z (w = z = √½) turns x into y.
    X = hc.RigidTransform.FromQuaternion(np.array([0.5, 0, 0, 0.5], dtype=np.float32))
    assert np.allclose(X.rotation() @ [1, 0, 0], [0, 1, 0], atol=1e-15)
    # Scalars: anything float() takes that is not complex, as before.
    class QuarterMetre:
        def __float__(self):
            return 0.25

    for good, value in ((0.25, 0.25), (1, 1.0), (np.float32(0.5), 0.5), (np.int64(2), 2.0), (np.array(0.75), 0.75),
                        (fractions.Fraction(1, 4), 0.25), (decimal.Decimal("0.5"), 0.5), (QuarterMetre(), 0.25)):
        assert hc.Sphere(good).radius() == value
    heights = np.ma.masked_array(np.arange(12.0).reshape(3, 4), mask=np.zeros((3, 4), dtype=bool))
    assert np.array_equal(hc.HeightField(heights, 1, 1, 1).heights(), np.arange(12.0).reshape(3, 4))
