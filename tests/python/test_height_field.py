"""HeightField from Python: the layout of its samples, its queries against
independent answers, its files and its refusals."""

import math

import numpy as np
import pytest

import hydrocontact as hc
from conftest import translation

POLY = hc.HydroelasticContactRepresentation.kPolygon
TRI = hc.HydroelasticContactRepresentation.kTriangle


def sampled(f, nx, ny, dx, dy):
    """heights[j, i] = f(x_i, y_j) on the grid HeightField documents:
    x_i = −Lx/2 + i·dx, y_j = −Ly/2 + j·dy."""
    x = -(nx - 1) * dx / 2 + dx * np.arange(nx)
    y = -(ny - 1) * dy / 2 + dy * np.arange(ny)
    X, Y = np.meshgrid(x, y)  # (ny, nx), X[j, i] = x_i, Y[j, i] = y_j
    return f(X, Y)


def test_samples_are_rows_along_y_and_columns_along_x():
    heights = sampled(lambda x, y: 0.1 * x + 0.3 * y, nx=5, ny=3, dx=0.5, dy=0.25)
    field = hc.HeightField(heights, dx=0.5, dy=0.25, thickness=0.2)
    assert (field.nx(), field.ny()) == (5, 3)
    assert (field.dx(), field.dy(), field.thickness()) == (0.5, 0.25, 0.2)
    # Lx = 4·0.5 = 2, Ly = 2·0.25 = 0.5.
    assert (field.half_x(), field.half_y()) == (1.0, 0.25)
    np.testing.assert_array_equal(field.heights(), heights)
    assert field.heights().shape == (3, 5)
    # Sample (i=4, j=0) is at x = 1, y = −0.25: 0.1 − 0.075 = 0.025.
    assert field.height(4, 0) == pytest.approx(0.025, abs=1e-15)
    # The lowest sample is at (−1, −0.25): −0.1 − 0.075 = −0.175; the
    # bottom plane lies the thickness below it.
    assert field.min_height() == pytest.approx(-0.175, abs=1e-15)
    assert field.max_height() == pytest.approx(0.175, abs=1e-15)
    assert field.bottom() == pytest.approx(-0.375, abs=1e-15)
    assert hc.ShapeName(field) == "HeightField"
    assert repr(field) == "HeightField(nx=5, ny=3, dx=0.5, dy=0.25, thickness=0.2)"
    with pytest.raises(IndexError, match=r"sample \(i=5, j=0\) is outside the grid of 5 x 3"):
        field.height(5, 0)
    with pytest.raises(IndexError, match=r"\(i=0, j=-1\)"):
        field.height(0, -1)


def test_distance_above_a_tilted_plane_follows_the_layout(scene):
    # The plane z = a·x + b·y with a = 0.1, b = 0.3 (a bicubic reproduces
    # it exactly). Above the interior point (x, y) = (0.2, −0.1), at
    # z0 = 1, the distance to the plane is (z0 − a·x − b·y)/√(1 + a² + b²)
    # = (1 − 0.02 + 0.03)/√1.1 = 1.01/√1.1. Had the rows been read along x,
    # the plane would be z = 0.3·x + 0.1·y, at distance (1 − 0.06 + 0.01)/√1.1.
    a, b = 0.1, 0.3
    heights = sampled(lambda x, y: a * x + b * y, nx=9, ny=9, dx=0.25, dy=0.25)
    field = scene.RegisterGeometry(scene.world_frame_id(), np.eye(4),
                                   hc.HeightField(heights, 0.25, 0.25, 0.5), "ground")
    (d,) = scene.query_object().ComputeSignedDistanceToPoint([0.2, -0.1, 1.0])
    assert d.id_G == field
    assert d.distance == pytest.approx(1.01 / math.sqrt(1.1), rel=1e-9)
    # The gradient is the plane's unit normal (−a, −b, 1)/√1.1.
    np.testing.assert_allclose(d.grad_W, np.array([-a, -b, 1]) / math.sqrt(1.1), atol=1e-9)
    # The geometry hands back the same field.
    shape = scene.query_object().shape(field)
    assert isinstance(shape, hc.HeightField)
    np.testing.assert_array_equal(shape.heights(), heights)


@pytest.mark.parametrize("representation", [TRI, POLY])
def test_compliant_sphere_on_flat_field_matches_half_space(representation):
    # A compliant sphere pressed 0.01 m into flat ground. The contact surface
    # is the sphere mesh's section by the plane z = 0 whether the ground is a
    # half-space (cut of each tetrahedron by the plane) or a flat rigid height
    # field (its top triangles clipped by each tetrahedron), and the pressure
    # is the same linear field on it: two independent kernels, one answer.
    def surface(ground):
        scene = hc.SceneGraph()
        w = scene.world_frame_id()
        scene.RegisterGeometry(w, np.eye(4), ground, "ground", hc.ProximityProperties.Rigid())
        scene.RegisterGeometry(w, translation(0.013, -0.007, 0.09), hc.Sphere(0.1), "ball",
                               hc.ProximityProperties.Compliant(1e6, 0.03))
        (s,) = scene.query_object().ComputeContactSurfaces(representation)
        return s

    flat = hc.HeightField(np.zeros((7, 9)), dx=0.1, dy=0.1, thickness=0.2)
    on_field, on_half_space = surface(flat), surface(hc.HalfSpace())
    assert on_field.total_area() == pytest.approx(on_half_space.total_area(), rel=1e-9)
    np.testing.assert_allclose(on_field.centroid(), on_half_space.centroid(), atol=1e-12)

    def force(s):
        # ∫ p n dA: on each triangle of a face's fan from its first vertex
        # the pressure is linear, so its integral is the triangle's area
        # times the mean of its vertex pressures.
        mesh = s.tri_mesh_W() if s.is_triangle() else s.poly_mesh_W()
        p, v = s.pressures, s.vertices
        F = np.zeros(3)
        faces = mesh.triangles if s.is_triangle() else mesh.faces
        for f, face in enumerate(faces):
            for k in range(1, len(face) - 1):
                a, b, c = face[0], face[k], face[k + 1]
                area = np.linalg.norm(np.cross(v[b] - v[a], v[c] - v[a])) / 2
                F += area * (p[a] + p[b] + p[c]) / 3 * s.face_normal(f)
        return F

    F_field, F_half = force(on_field), force(on_half_space)
    assert np.linalg.norm(F_half) > 100  # touching for real: ~E·0.1·area
    np.testing.assert_allclose(F_field, F_half, rtol=1e-9, atol=1e-9 * np.linalg.norm(F_half))


def test_files_round_trip(data_dir, tmp_path):
    cap = hc.ReadHeightFieldFile(data_dir / "cap.heightfield.txt")
    # The file's header: 11 × 11 samples 0.2 m apart, 0.5 m thick; its
    # heights z = 1 − (x² + y²)/2 over [−1, 1]².
    assert (cap.nx(), cap.ny(), cap.dx(), cap.dy(), cap.thickness()) == (11, 11, 0.2, 0.2, 0.5)
    np.testing.assert_allclose(cap.heights(), sampled(lambda x, y: 1 - (x * x + y * y) / 2,
                                                      11, 11, 0.2, 0.2), atol=1e-12)
    heights = sampled(lambda x, y: np.sin(3 * x) * np.cos(2 * y) / 7, 6, 4, 0.3, 0.2)
    text = hc.WriteHeightFieldString(hc.HeightField(heights, 0.3, 0.2, 0.1))
    path = tmp_path / "field.txt"
    path.write_text(text)
    for back in (hc.ReadHeightFieldString(text), hc.ReadHeightFieldFile(path)):
        np.testing.assert_array_equal(back.heights(), heights)  # the same doubles
        assert (back.dx(), back.dy(), back.thickness()) == (0.3, 0.2, 0.1)
    with pytest.raises(RuntimeError, match=r"bad\.txt.*line 2"):
        hc.ReadHeightFieldString("2 2 1 1 1\n0 0 0\n0 0\n", "bad.txt")


def test_refusals_name_the_culprit():
    with pytest.raises(ValueError, match=r"'heights': expected a 2-D array .* got shape \(4,\)"):
        hc.HeightField([0, 0, 0, 0], 1, 1, 1)
    with pytest.raises(ValueError, match=r"at least 2 rows \(ny, along y\) .* got shape \(1, 5\)"):
        hc.HeightField(np.zeros((1, 5)), 1, 1, 1)
    with pytest.raises(ValueError, match=r"got shape \(3, 0\)"):
        hc.HeightField(np.zeros((3, 0)), 1, 1, 1)
    bad = np.zeros((3, 4))
    bad[2, 1] = np.nan  # row j = 2, column i = 1
    with pytest.raises(ValueError, match=r"sample \(i=1, j=2\) must be finite"):
        hc.HeightField(bad, 1, 1, 1)
    with pytest.raises(ValueError, match="'dy'"):
        hc.HeightField(np.zeros((3, 4)), 1, -1, 1)
    with pytest.raises(ValueError, match="'thickness'"):
        hc.HeightField(np.zeros((3, 4)), 1, 1, 0)
    with pytest.raises(ValueError, match="expected an array of numbers"):
        hc.HeightField(object(), 1, 1, 1)
    with pytest.raises(ValueError, match="'heights': expected an array of numbers, got None"):
        hc.HeightField(None, 1, 1, 1)
    # Too many samples is refused from the shape of a view, before any copy
    # (this one would take 80 GB as doubles).
    with pytest.raises(ValueError, match=r"shape \(100000, 100000\) holds 10000000000 values; at most 16777216"):
        hc.HeightField(np.broadcast_to(0.0, (100000, 100000)), 1, 1, 1)
