"""The result types' NumPy fields (shapes, dtypes, consistency) and the mesh
files: reading every format the library reads, writing OBJ, STL, PLY and
VTK, and a contact surface written to VTK."""

import numpy as np
import pytest

import hydrocontact as hc
from conftest import translation

TRI = hc.HydroelasticContactRepresentation.kTriangle
POLY = hc.HydroelasticContactRepresentation.kPolygon


def ball_on_floor(representation):
    scene = hc.SceneGraph()
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(w, translation(0, 0, 0.08), hc.Sphere(0.1), "ball",
                           hc.ProximityProperties.Compliant(1e6, 0.02))
    (s,) = scene.query_object().ComputeContactSurfaces(representation)
    return s


@pytest.mark.parametrize("representation", [TRI, POLY])
def test_surface_fields_are_numpy_arrays(representation):
    s = ball_on_floor(representation)
    V, F = s.num_vertices(), s.num_faces()
    assert V > 3 and F > 1
    for name, shape in (("vertices", (V, 3)), ("pressures", (V,)), ("face_normals", (F, 3)),
                        ("areas", (F,)), ("centroids", (F, 3)), ("grad_eN_W", (F, 3))):
        a = getattr(s, name)
        assert isinstance(a, np.ndarray) and a.dtype == np.float64 and a.shape == shape, name
    # The ball (N, registered second) is compliant, the floor (M) rigid.
    assert s.grad_eM_W is None
    # Consistency with the per-face accessors and the totals.
    assert s.areas.sum() == pytest.approx(s.total_area(), rel=1e-12)
    np.testing.assert_allclose(np.linalg.norm(s.face_normals, axis=1), 1, atol=1e-12)
    for f in (0, F - 1):
        assert s.area(f) == s.areas[f]
        np.testing.assert_array_equal(s.face_normal(f), s.face_normals[f])
        np.testing.assert_array_equal(s.centroid(f), s.centroids[f])
        np.testing.assert_array_equal(s.EvaluateGradE_N_W(f), s.grad_eN_W[f])
    np.testing.assert_allclose(s.centroid(), (s.areas @ s.centroids) / s.areas.sum(), atol=1e-12)
    # The surface lies in the plane z = 0, normals ±z; pressures are ≥ 0.
    np.testing.assert_allclose(s.vertices[:, 2], 0, atol=1e-12)
    assert np.all(s.pressures >= -1e-9)
    # face_data is the flat form of faces in either representation.
    data = s.face_data
    assert data.dtype == np.int32
    if representation == TRI:
        assert s.faces.shape == (F, 3) and s.faces.dtype == np.int32
        np.testing.assert_array_equal(data.reshape(F, 4)[:, 1:], s.faces)
        assert s.tri_mesh_W().num_triangles() == F
    else:
        assert len(s.faces) == F and all(f.dtype == np.int32 and len(f) >= 3 for f in s.faces)
        assert len(data) == F + sum(len(f) for f in s.faces)
        assert s.poly_mesh_W().num_faces() == F


def test_triangle_and_polygon_surfaces_agree():
    # The triangle form splits each polygon into a fan about its centroid:
    # same area, same area-weighted centroid.
    tri, poly = ball_on_floor(TRI), ball_on_floor(POLY)
    assert tri.total_area() == pytest.approx(poly.total_area(), rel=1e-12)
    np.testing.assert_allclose(tri.centroid(), poly.centroid(), atol=1e-12)
    assert tri.num_faces() > poly.num_faces()


def unit_tetrahedron_surface():
    # The boundary of the tetrahedron (0, e_x, e_y, e_z), faces outward:
    # three right triangles of area 1/2 and one equilateral of side √2,
    # area √3/2; enclosed volume 1/6.
    vertices = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1.0]])
    triangles = np.array([[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]])
    return hc.TriangleSurfaceMesh(vertices, triangles)


def test_mesh_types():
    m = unit_tetrahedron_surface()
    assert m.total_area() == pytest.approx(1.5 + np.sqrt(3) / 2)
    assert m.IsClosed() and m.EnclosedVolume() == pytest.approx(1 / 6)
    assert m.triangles.dtype == np.int32 and m.triangles.shape == (4, 3)
    np.testing.assert_allclose(m.face_normals[0], [0, 0, -1])
    v = hc.VolumeMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], [[0, 1, 2, 3]])
    assert v.total_volume() == pytest.approx(1 / 6) and v.volumes.shape == (1,)
    p = hc.PolygonSurfaceMesh([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], [4, 0, 1, 2, 3])
    assert p.total_area() == pytest.approx(1) and len(p.faces) == 1
    np.testing.assert_array_equal(p.faces[0], [0, 1, 2, 3])


def nested_cubes(inner_inward):
    # Cubes [-1, 1]³ and [-0.5, 0.5]³, each face counter-clockwise seen from
    # outside, the inner one reversed when it is a cavity.
    faces = [[0, 2, 3], [0, 3, 1], [4, 5, 7], [4, 7, 6], [0, 1, 5], [0, 5, 4],
             [2, 6, 7], [2, 7, 3], [0, 4, 6], [0, 6, 2], [1, 3, 7], [1, 7, 5]]
    vertices = [[a if k & 1 else -a, a if k & 2 else -a, a if k & 4 else -a]
                for a in (1.0, 0.5) for k in range(8)]
    inner = [[8 + f[0], 8 + f[2], 8 + f[1]] if inner_inward else [8 + i for i in f] for f in faces]
    return hc.TriangleSurfaceMesh(vertices, faces + inner)


def test_surface_defects_say_whether_a_surface_bounds_a_solid():
    # The tetrahedron bounds a solid; a hollow cube does too (volume 8 − 1);
    # two nested outward cubes, both closed, do not: the inner one would be
    # inside twice (total volume 8 + 1), and the reason names it.
    assert unit_tetrahedron_surface().DescribeSurfaceDefects() is None
    hollow = nested_cubes(inner_inward=True)
    assert hollow.EnclosedVolume() == pytest.approx(7)
    assert hollow.DescribeSurfaceDefects() is None
    nested = nested_cubes(inner_inward=False)
    assert nested.IsClosed() and nested.EnclosedVolume() == pytest.approx(9)
    reason = nested.DescribeSurfaceDefects()
    assert "1 shell(s) wound against their nesting" in reason
    assert "the shell of triangle 12 (12 triangles" in reason


@pytest.mark.parametrize("suffix,write", [
    (".obj", lambda f, m: hc.WriteObjFile(f, m)),
    (".stl", lambda f, m: hc.WriteStlFile(f, m, binary=False)),
    (".stl", lambda f, m: hc.WriteStlFile(f, m, binary=True)),
    (".ply", lambda f, m: hc.WritePlyFile(f, m, hc.PlyEncoding.kAscii)),
    (".ply", lambda f, m: hc.WritePlyFile(f, m, hc.PlyEncoding.kBinaryBigEndian)),
    (".vtk", lambda f, m: hc.WriteVtkSurface(f, m)),
    (".vtk", lambda f, m: hc.WriteVtkSurface(f, m, binary=True)),
])
def test_surface_files_round_trip(tmp_path, suffix, write):
    m = unit_tetrahedron_surface()
    path = tmp_path / ("mesh" + suffix)
    write(path, m)
    assert not hc.MeshFileHoldsVolume(path)
    result = hc.ReadMeshFile(path)
    assert isinstance(result, hc.SurfaceReadResult) and result.num_dropped_faces == 0
    back = result.mesh
    if suffix == ".stl":
        # STL stores each triangle's corners (welded again on reading, in order
        # of first use) as float32, exact for these coordinates: the same
        # triangles by position.
        np.testing.assert_array_equal(back.vertices[back.triangles], m.vertices[m.triangles])
    else:
        assert back.Equal(m)
    assert hc.ReadMeshFileSurface(str(path), 2.0).total_area() == pytest.approx(4 * m.total_area())


def test_volume_files(tmp_path, data_dir):
    # data/box_0.1m.vtk is a 0.1 m cube (see data/README.md): volume 1e-3 m³.
    result = hc.ReadMeshFile(data_dir / "box_0.1m.vtk")
    assert isinstance(result, hc.VolumeReadResult)
    assert result.mesh.total_volume() == pytest.approx(1e-3, rel=1e-12)
    path = tmp_path / "out.vtk"
    values = np.arange(result.mesh.num_vertices(), dtype=float)
    hc.WriteVtkVolume(path, result.mesh, {"index": values}, binary=True)
    again = hc.ReadMeshFile(path)
    assert again.mesh.Equal(result.mesh)
    np.testing.assert_array_equal(again.point_scalars["index"], values)
    assert ".msh" in hc.SupportedMeshFileExtensions() and hc.IsSupportedMeshFile("a.STL")


def test_mesh_shape_from_file(data_dir):
    # A rigid 0.1 m cube from a file sunk 0.01 into a compliant half-space
    # (E = 1e6, slab 1): the bottom face (0.01 m²) plus four 0.1 × 0.01 strips
    # of the sides: 0.014 m².
    scene = hc.SceneGraph()
    w = scene.world_frame_id()
    scene.RegisterGeometry(w, np.eye(4), hc.HalfSpace(), "floor", hc.ProximityProperties.Compliant(1e6))
    box = data_dir / "box_0.1m.vtk"
    scene.RegisterGeometry(w, translation(0, 0, 0.04), hc.Mesh(box), "box", hc.ProximityProperties.Rigid())
    (s,) = scene.query_object().ComputeContactSurfaces()
    assert s.total_area() == pytest.approx(0.014, rel=1e-9)


@pytest.mark.parametrize("binary", [False, True])
def test_contact_surface_to_vtk(tmp_path, binary):
    s = ball_on_floor(TRI)
    path = tmp_path / "surface.vtk"
    s.WriteVtk(path, binary=binary)
    text = path.read_bytes()
    for name in (b"pressure", b"normal", b"grad_eN"):
        assert name in text
    # Read back by the library's own reader, which welds coincident vertices
    # (neighbouring faces of a surface each have their own copy): the same
    # triangles by position, so the same areas to round-off. The reader takes
    # a triangle's area as |cross|/2 of the stored vertices; the surface
    # takes cross·n̂/2 with n̂ its polygon's normal (the fan lies in the
    # polygon's plane), a third of the polygon's area for a triangle's fan.
    # Recomputed from coordinates of size |x| ≈ 0.1 m on triangles of size
    # ℓ ≈ 1 mm, the area's relative round-off is about ε·|x|/ℓ ≈ 1e-14.
    back = hc.ReadMeshFile(path).mesh
    np.testing.assert_array_equal(back.vertices[back.triangles], s.vertices[s.faces])
    np.testing.assert_allclose(back.areas, s.areas, rtol=1e-12, atol=0)
    # The polygon form writes the same surface as polygons.
    ball_on_floor(POLY).WriteVtk(tmp_path / "poly.vtk")
    assert hc.ReadMeshFile(tmp_path / "poly.vtk").mesh.total_area() == pytest.approx(s.total_area(), rel=1e-12)
