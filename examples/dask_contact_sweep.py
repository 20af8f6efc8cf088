#!/usr/bin/env python3
"""Contact surfaces for a batch of poses, in parallel on a Dask cluster.

A sweep (a grasp data set, a pose search) asks the same question for many
poses: what contact surface does a compliant object make with a rigid one at
pose X_i? Each pose is independent, so the batch is cut into chunks and each
chunk is one Dask task. A worker builds its SceneGraph once (meshing the
compliant object is the expensive part of set-up) and keeps it for every
chunk it runs; a task returns a few numbers per pose (area, force, faces),
not the surfaces, so little crosses the network.

Run (from the repository root, after tools/test.sh or tools/demo.sh built
build/python/):

    PYTHONPATH=build/python /usr/bin/python3 examples/dask_contact_sweep.py --workers 1 2

which starts a LocalCluster with 1, then 2 worker processes (one thread
each), and prints one JSON line per run with the throughput in poses/s, and
the same sweep without Dask for reference.

On several machines the code is the same; only the Client changes. Start a
scheduler on one machine and workers on the others (each with hydrocontact
importable: PYTHONPATH=<build>/python or `cmake --install`):

    dask-scheduler                                   # prints tcp://HOST:8786
    PYTHONPATH=$PWD/build/python dask-worker tcp://HOST:8786 --nthreads 1   # on every machine

and pass the address instead of --workers:

    PYTHONPATH=build/python python3 examples/dask_contact_sweep.py --scheduler tcp://HOST:8786

The scene is built from primitives, so the workers need no data files.
"""

import argparse
import json
import time

import numpy as np

import hydrocontact as hc

# The scene: a compliant sphere (radius 5 cm, E = 1 MPa, tetrahedra about
# RESOLUTION across) against a rigid 10 cm cube at the origin.
RADIUS = 0.05
MODULUS = 1e6
RESOLUTION = 0.005


def build_scene():
    """(scene, frame of the sphere): the scene every pose is asked of."""
    scene = hc.SceneGraph()
    frame = scene.RegisterFrame("object")
    scene.RegisterGeometry(scene.world_frame_id(), np.eye(4), hc.Box.MakeCube(0.1), "block",
                           hc.ProximityProperties.Rigid())
    scene.RegisterGeometry(frame, np.eye(4), hc.Sphere(RADIUS), "object",
                           hc.ProximityProperties.Compliant(MODULUS, RESOLUTION))
    return scene, frame


def make_poses(count, seed=0):
    """`count` poses X_WO (4×4) of the sphere: random orientations, its centre
    on a random direction from the cube's centre, 0.095–0.1 m away, so it
    presses into a face, an edge or a corner by up to 5 mm (or just misses)."""
    rng = np.random.default_rng(seed)
    poses = np.tile(np.eye(4), (count, 1, 1))
    for i in range(count):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        poses[i, :3, :3] = hc.RigidTransform.FromQuaternion(q).rotation()
        u = rng.normal(size=3)
        u /= np.abs(u).max()  # on the cube's surface direction-wise (L∞ unit)
        poses[i, :3, 3] = u * rng.uniform(0.095, 0.1)
    return poses


def summaries(scene, frame, poses):
    """For each pose X_WO of the sphere (an (n, 4, 4) array): the contact
    area (m²), the normal force ∫ p n dA (N, a 3-vector) and the number of
    faces, as an (n, 5) array."""
    query = scene.query_object()
    out = np.zeros((len(poses), 5))
    for i, X in enumerate(poses):
        scene.SetFramePoses({frame: X})
        for s in query.ComputeContactSurfaces(hc.HydroelasticContactRepresentation.kTriangle):
            # The pressure is linear on each triangle: its integral is the
            # area times the mean of the vertex pressures.
            mean = s.pressures[s.faces].mean(axis=1)
            out[i, 0] += s.total_area()
            out[i, 1:4] += (s.areas * mean) @ s.face_normals
            out[i, 4] += s.num_faces()
    return out


def _worker_scene(dask_worker):
    """The worker's scene, built by the first call in its process and kept
    on the Worker object. (Not in a global of this file: the client ships
    this file's functions to the workers by value, globals included, and a
    SceneGraph does not pickle.)"""
    state = getattr(dask_worker, "hydrocontact_scene", None)
    if state is None:
        state = dask_worker.hydrocontact_scene = build_scene()
    return state


def _build_worker_scene(dask_worker):
    # client.run passes the Worker as `dask_worker`; nothing is returned (a
    # SceneGraph does not travel).
    _worker_scene(dask_worker)


def contact_summaries(poses):
    """The Dask task: summaries() of `poses` on this worker's scene."""
    from dask.distributed import get_worker
    return summaries(*_worker_scene(get_worker()), poses)


def run_sweep(client, poses, chunk):
    """The summaries of every pose, computed as tasks of `chunk` poses on the
    cluster of `client`, in pose order."""
    chunks = [poses[i:i + chunk] for i in range(0, len(poses), chunk)]
    futures = client.map(contact_summaries, chunks, pure=False)
    return np.concatenate(client.gather(futures))


def _warm_up(client):
    # Build every worker's scene before the clock starts (set-up is paid once
    # per worker, not per pose).
    client.run(_build_worker_scene)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2],
                        help="LocalCluster sizes to time (worker processes, 1 thread each)")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (instead of --workers)")
    parser.add_argument("--poses", type=int, default=2000, help="poses in the batch")
    parser.add_argument("--chunk", type=int, default=50, help="poses per task")
    parser.add_argument("--no-serial", action="store_true", help="skip the run without Dask")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    poses = make_poses(args.poses)
    reference = None
    if not args.no_serial:
        scene, frame = build_scene()
        start = time.perf_counter()
        reference = summaries(scene, frame, poses)
        seconds = time.perf_counter() - start
        print(json.dumps({"mode": "serial (no Dask)", "poses": len(poses), "seconds": round(seconds, 3),
                          "poses_per_second": round(len(poses) / seconds, 1),
                          "in_contact": int(np.count_nonzero(reference[:, 4]))}), flush=True)

    def timed(client, label):
        _warm_up(client)
        start = time.perf_counter()
        result = run_sweep(client, poses, args.chunk)
        seconds = time.perf_counter() - start
        if reference is not None and not np.array_equal(result, reference):
            raise SystemExit(f"{label}: results differ from the serial run")
        print(json.dumps({"mode": label, "poses": len(poses), "chunk": args.chunk,
                          "seconds": round(seconds, 3), "poses_per_second": round(len(poses) / seconds, 1),
                          "in_contact": int(np.count_nonzero(result[:, 4])),
                          "mean_force_N": round(float(np.linalg.norm(result[:, 1:4], axis=1).mean()), 4)}),
              flush=True)

    if args.scheduler:
        with Client(args.scheduler) as client:
            timed(client, f"scheduler {args.scheduler} ({len(client.scheduler_info()['workers'])} workers)")
        return
    for n in args.workers:
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            timed(client, f"LocalCluster, {n} worker{'s' if n > 1 else ''}")


if __name__ == "__main__":
    main()
