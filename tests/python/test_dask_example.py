"""examples/dask_contact_sweep.py: its per-pose summaries against a closed
form, and the same numbers through a Dask cluster as without one."""

import importlib.util
import math

import numpy as np
import pytest

from conftest import SOURCE_DIR

spec = importlib.util.spec_from_file_location("dask_contact_sweep", SOURCE_DIR / "examples" / "dask_contact_sweep.py")
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)


def test_summary_of_a_sphere_on_the_top_face():
    # The sphere (r = 0.05, E = 1e6, p = E (1 − |x|/r)) centred 0.095 above
    # the cube's centre presses d = 0.005 into the top face (z = 0.05). The
    # disc of contact, radius a = √(r² − c²) with c = r − d = 0.045, is
    # 0.0218 m, inside the face, so the force is that of a half-space:
    # |F| = E (π a² − 2π (r³ − c³)/(3r)) (see test_queries.py), along z.
    r, d, E = example.RADIUS, 0.005, example.MODULUS
    c = r - d
    a2 = r * r - c * c
    force = E * (math.pi * a2 - 2 * math.pi * (r ** 3 - c ** 3) / (3 * r))
    X = np.eye(4)
    X[2, 3] = 0.05 + r - d
    (row,) = example.summaries(*example.build_scene(), X[np.newaxis])
    area, F, faces = row[0], row[1:4], row[4]
    assert faces > 0
    assert area == pytest.approx(math.pi * a2, rel=0.05)
    assert abs(F[2]) == pytest.approx(force, rel=0.05)
    np.testing.assert_allclose(F[:2], 0, atol=1e-9 * abs(F[2]))


def test_dask_gives_the_serial_numbers():
    from dask.distributed import Client, LocalCluster

    poses = example.make_poses(30, seed=3)
    serial = example.summaries(*example.build_scene(), poses)
    assert np.count_nonzero(serial[:, 4]) > 0
    # In-process workers keep the test quick; the example uses processes.
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        assert np.array_equal(example.run_sweep(client, poses, 7), serial)
