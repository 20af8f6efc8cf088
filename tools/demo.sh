#!/usr/bin/env bash
# The main job on bundled sample data: installs what is missing, builds the
# tool, and computes the contact surface between the compliant 0.1 m box
# (data/box_0.1m.vtk) and the rigid sphere of radius 0.05 m
# (data/sphere_r0.05m.obj) pressed 0.01 m into its top face, printing the
# JSON summary and writing the surface to out/surface.vtk (open it in
# ParaView: point scalar `pressure`, cell vectors `normal`, `grad_eM`,
# `grad_eN`).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh hydrocontact
mkdir -p out
build/hydrocontact surface data/box_0.1m.vtk data/sphere_r0.05m.obj \
  --pose-b 0,0,0.09,0,0,0 --representation polygon --out out/surface.vtk
echo "wrote out/surface.vtk" >&2
