// A closed surface of the size of a scanned household object: the ellipsoid with semi-axes
// 0.06, 0.04, 0.03 m, triangulated by gmsh with edges of about 0.003 m.
SetFactory("OpenCASCADE");
Sphere(1) = {0, 0, 0, 1};
Dilate {{0, 0, 0}, {0.06, 0.04, 0.03}} { Volume{1}; }
Mesh.CharacteristicLengthMax = 0.003;
Mesh.CharacteristicLengthMin = 0.003;
