// A sphere of radius 0.05 m, tetrahedralised by gmsh with every edge about 0.007 m.
SetFactory("OpenCASCADE");
Sphere(1) = {0, 0, 0, 0.05};
Mesh.CharacteristicLengthMax = 0.007;
Mesh.CharacteristicLengthMin = 0.007;
