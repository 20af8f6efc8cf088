"""The reprs name a value's contents (what an interactive user reads), with
numbers derived by hand."""

import numpy as np

import hydrocontact as hc


def test_mesh_reprs():
    # The right triangle with legs 1 and 2 has area 1; the unit
    # right-corner tetrahedron has volume 1/6; the unit square, area 1.
    tri = hc.TriangleSurfaceMesh([[0, 0, 0], [1, 0, 0], [0, 2, 0]], [[0, 1, 2]])
    assert repr(tri) == "<TriangleSurfaceMesh 3 vertices, 1 triangles, area 1 m²>"
    square = hc.PolygonSurfaceMesh([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], [4, 0, 1, 2, 3])
    assert repr(square) == "<PolygonSurfaceMesh 4 vertices, 1 faces, area 1 m²>"
    tet = hc.VolumeMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], [[0, 1, 2, 3]])
    assert repr(tet).startswith("<VolumeMesh 4 vertices, 1 tetrahedra, volume 0.16666666666666")


def test_read_result_reprs(data_dir):
    r = hc.ReadMeshFile(data_dir / "gmsh-sphere-r0.05.vtk")
    text = repr(r)
    assert text.startswith(f"<VolumeReadResult <VolumeMesh {r.mesh.num_vertices()} vertices, "
                           f"{r.mesh.num_elements()} tetrahedra")
    assert f"{r.num_skipped_cells} cells skipped" in text


def test_property_and_motion_reprs():
    assert repr(hc.ProximityProperties()) == "ProximityProperties(compliance=Compliance.kNone)"
    assert repr(hc.ProximityProperties.Rigid(0.01)) == \
        "ProximityProperties(compliance=Compliance.kRigid, resolution_hint=0.01)"
    p = hc.ProximityProperties.Compliant(2e6)
    m = hc.ContactMaterial()
    m.set_min_cor(0.25)
    p.set_material(m)
    p.set_extra("layer", 3.0)
    assert repr(p) == ("ProximityProperties(compliance=Compliance.kCompliant, hydroelastic_modulus=2000000, "
                       "slab_thickness=1, material=ContactMaterial(min_cor=0.25), extras={'layer': 3.0})")
    assert repr(hc.ContactMaterial()) == "ContactMaterial()"
    assert repr(hc.SpatialVelocity([1, 2, 3], [4, 5, 6.5])) == "SpatialVelocity(w_W=[1, 2, 3], v_W=[4, 5, 6.5])"
    assert repr(hc.SpatialAcceleration(a_W=[0, 0, -9.81])) == \
        "SpatialAcceleration(alpha_W=[0, 0, 0], a_W=[0, 0, -9.81])"


def test_geometry_state_repr(scene):
    frame = scene.RegisterFrame("body")
    g = scene.RegisterGeometry(frame, np.eye(4), hc.Sphere(0.5), "ball", hc.ProximityProperties.Rigid())
    state = scene.geometry(g)
    assert repr(state) == (f"<GeometryState {g} 'ball' on {frame}: Sphere(radius=0.5), "
                           "ProximityProperties(compliance=Compliance.kRigid)>")


def test_names_from_files_in_any_encoding():
    # A Latin-1 byte in a name (not UTF-8) is shown as U+FFFD, and a quote
    # in a path is escaped: reprs never fail and stay readable.
    assert repr(hc.Mesh("it's.obj")) == "Mesh(\"it's.obj\", scale=1)"
    scene = hc.SceneGraph()
    g = scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), hc.Sphere(1), "a'b\nc")
    assert repr(scene.geometry(g)).startswith(f"<GeometryState {g} \"a'b\\nc\" on ")


def test_a_scalar_name_that_is_not_utf8(tmp_path):
    # One tetrahedron with a point scalar named "caf\xe9" in Latin-1.
    path = tmp_path / "latin1.vtk"
    path.write_bytes(b"# vtk DataFile Version 3.0\nx\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                     b"POINTS 4 double\n0 0 0\n1 0 0\n0 1 0\n0 0 1\nCELLS 1 5\n4 0 1 2 3\n"
                     b"CELL_TYPES 1\n10\nPOINT_DATA 4\nSCALARS caf\xe9 double 1\nLOOKUP_TABLE default\n"
                     b"1 2 3 4\n")
    r = hc.ReadMeshFile(path)
    (name,) = r.point_scalars.keys()
    assert name == "caf\ufffd"
    np.testing.assert_array_equal(r.point_scalars[name], [1, 2, 3, 4])
    assert "point scalars ['caf\ufffd']" in repr(r)
