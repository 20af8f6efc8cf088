"""Shared fixtures of the Python tests (run by CTest's `python_tests`, or by
hand: PYTHONPATH=build/python python3 -m pytest -q tests/python)."""

import os
import pathlib

import pytest

import hydrocontact as hc

SOURCE_DIR = pathlib.Path(os.environ.get("HYDROCONTACT_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def data_dir():
    return SOURCE_DIR / "data"


def translation(x, y, z):
    """A 4×4 homogeneous pose that only translates."""
    import numpy as np
    X = np.eye(4)
    X[:3, 3] = (x, y, z)
    return X


@pytest.fixture
def scene():
    return hc.SceneGraph()
