// A sphere of radius 0.05 m, tetrahedralised with gmsh's default sizes.
SetFactory("OpenCASCADE");
Sphere(1) = {0, 0, 0, 0.05};
