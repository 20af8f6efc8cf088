#!/usr/bin/env bash
# The main job on bundled sample data: installs what is missing, builds the
# tool and runs it on data/.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh hydrocontact
mkdir -p out
build/hydrocontact info data/box_0.1m.vtk
