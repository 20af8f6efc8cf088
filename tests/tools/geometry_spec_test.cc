#include "tools/cli/geometry_spec.h"

#include <catch2/catch.hpp>

#include "tools/cli/command.h"

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("ParseArgs: two primitives with per-geometry options") {
  const ParsedArgs parsed =
      ParseArgs({"sphere:0.5", "--pose-b", "1,2,3,0,0,1.5707963267948966", "box:1,2,3", "--rigid-b",
                 "--modulus-a", "2e5", "--out", "x.vtk", "--no-normal-filter", "--resolution-a=0.1"},
                2, 0, {"--out"}, {"--no-normal-filter"});
  REQUIRE(parsed.geometries.size() == 2);
  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  CHECK(std::get<Sphere>(a.shape).radius() == 0.5);
  CHECK(a.properties.compliance() == Compliance::kCompliant);
  CHECK(a.properties.hydroelastic_modulus() == 2e5);
  CHECK(a.properties.resolution_hint().value() == 0.1);
  CHECK(std::get<Box>(b.shape).size() == Eigen::Vector3d(1, 2, 3));
  CHECK(b.properties.compliance() == Compliance::kRigid);
  CHECK(b.properties.hydroelastic_modulus() == 1e7);  // The documented default.
  CHECK((b.X_WG.translation() - Eigen::Vector3d(1, 2, 3)).norm() == 0);
  // A yaw of π/2 maps x to y.
  CHECK((b.X_WG.RotateVector(Eigen::Vector3d::UnitX()) - Eigen::Vector3d::UnitY()).norm() < 1e-15);
  CHECK(parsed.options.at("--out") == "x.vtk");
  CHECK(parsed.flags.count("--no-normal-filter") == 1);
}

TEST_CASE("ParseArgs: files default by extension, one geometry takes unsuffixed options") {
  const ParsedArgs obj = ParseArgs({"data/thing.OBJ", "--scale", "0.01"}, 1, 0, {}, {});
  CHECK(std::get<Mesh>(obj.geometries[0].shape).scale() == 0.01);
  CHECK(obj.geometries[0].properties.compliance() == Compliance::kRigid);
  const ParsedArgs hull = ParseArgs({"part.obj", "--convex", "--scale", "2"}, 1, 0, {}, {});
  CHECK(std::get<Convex>(hull.geometries[0].shape).scale() == 2);
  CHECK(hull.geometries[0].properties.compliance() == Compliance::kCompliant);
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--convex"}, 1, 0, {}, {}), Catch::Contains("files only"));
  const ParsedArgs vtk = ParseArgs({"x.vtk", "-1,0.5,2"}, 1, 1, {}, {});
  CHECK(vtk.geometries[0].properties.compliance() == Compliance::kCompliant);
  CHECK(ParseVector3(vtk.positionals.at(0), "point") == Eigen::Vector3d(-1, 0.5, 2));
}

TEST_CASE("ParseArgs: surface and volume files of every format get their default compliance") {
  // A file that does not exist is judged by its extension (.vtk: a volume
  // unless its DATASET says POLYDATA, which needs the file).
  for (const char* surface : {"a.stl", "a.PLY", "a.obj"}) {
    CHECK(ParseArgs({surface}, 1, 0, {}, {}).geometries[0].properties.compliance() ==
          Compliance::kRigid);
  }
  CHECK(ParseArgs({"a.msh"}, 1, 0, {}, {}).geometries[0].properties.compliance() ==
        Compliance::kCompliant);
  CHECK(ParseArgs({"a.stl", "--compliant"}, 1, 0, {}, {}).geometries[0].properties.compliance() ==
        Compliance::kCompliant);
  CHECK_THROWS_WITH(ParseArgs({"a.step"}, 1, 0, {}, {}), Catch::Contains(".stl, .ply"));
}

TEST_CASE("ParseArgs: pose angles in radians or with a deg suffix") {
  const ParsedArgs deg = ParseArgs({"sphere:1", "--pose", "1,2,3,0,0,90deg"}, 1, 0, {}, {});
  const ParsedArgs rad =
      ParseArgs({"sphere:1", "--pose", "1,2,3,0,0,1.5707963267948966"}, 1, 0, {}, {});
  // 90° is π/2: the same rotation, x to y.
  CHECK((deg.geometries[0].X_WG.RotateVector(Eigen::Vector3d::UnitX()) - Eigen::Vector3d::UnitY())
            .norm() < 1e-15);
  CHECK((deg.geometries[0].X_WG.RotateVector(Eigen::Vector3d(1, 2, 3)) -
         rad.geometries[0].X_WG.RotateVector(Eigen::Vector3d(1, 2, 3)))
            .norm() < 1e-15);
  CHECK(ParseAngle("-45deg", "a") == Approx(-M_PI / 4).epsilon(1e-15));
  CHECK(ParseAngle("0.25", "a") == 0.25);
  CHECK_THROWS_WITH(ParseAngle("deg", "--pose"), Catch::Contains("--pose"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--pose", "1deg,2,3,0,0,0"}, 1, 0, {}, {}),
                    Catch::Contains("'1deg' is not a number"));
}

TEST_CASE("ParseArgs: bad input throws a UsageError naming the culprit") {
  CHECK_THROWS_AS(ParseArgs({"sphere:-1"}, 1, 0, {}, {}), UsageError);
  CHECK_THROWS_WITH(ParseArgs({"sphere:-1"}, 1, 0, {}, {}), Catch::Contains("sphere:-1") && Catch::Contains("radius"));
  CHECK_THROWS_WITH(ParseArgs({"box:1,2"}, 1, 0, {}, {}), Catch::Contains("3"));
  CHECK_THROWS_WITH(ParseArgs({"cone:1"}, 1, 0, {}, {}), Catch::Contains("cone:1"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "sphere:1", "--frobnicate"}, 2, 0, {}, {}), Catch::Contains("--frobnicate"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1"}, 2, 0, {}, {}), Catch::Contains("expected 2"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--pose", "1,2,3"}, 1, 0, {}, {}), Catch::Contains("--pose"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--modulus", "abc"}, 1, 0, {}, {}), Catch::Contains("abc"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--modulus", "0"}, 1, 0, {}, {}), Catch::Contains("hydroelastic_modulus"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--rigid", "--compliant"}, 1, 0, {}, {}), Catch::Contains("exclusive"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--scale", "2"}, 1, 0, {}, {}), Catch::Contains("files only"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--modulus"}, 1, 0, {}, {}), Catch::Contains("needs a value"));
  // An option where a value belongs is refused, naming both: taking it as
  // the value, `--out --help` wrote a file named "--help".
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--out", "--help"}, 1, 0, {"--out"}, {}),
                    Catch::Contains("option --out needs a value, but is followed by the option '--help'"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "sphere:1", "--modulus-a", "--rigid-b"}, 2, 0, {}, {}),
                    Catch::Contains("option --modulus-a needs a value, but is followed by the option '--rigid-b'"));
  // Such a value can still be given inline, and a negative number (one
  // dash) is a value.
  CHECK(ParseArgs({"sphere:1", "--out=--help"}, 1, 0, {"--out"}, {}).options.at("--out") == "--help");
  CHECK(ParseArgs({"sphere:1", "--tolerance", "-0.5"}, 1, 0, {"--tolerance"}, {}).options.at("--tolerance") ==
        "-0.5");
  CHECK_THROWS_WITH(ParseVector3("1,nan,2", "point"), Catch::Contains("point"));
  CHECK_THROWS_WITH(ParseDouble("1e999", "x"), Catch::Contains("1e999"));
  // Hexadecimal is not a number here (strtod would read 0x10 as 16), as in
  // the files the tool reads.
  CHECK_THROWS_WITH(ParseDouble("0x10", "x"), Catch::Contains("'0x10' is not a number"));
  // A blank is no part of a number, before it as after it (strtod skips
  // leading ones).
  CHECK_THROWS_WITH(ParseDouble(" 1", "x"), Catch::Contains("' 1' is not a number"));
  CHECK_THROWS_WITH(ParseDouble("\t1", "x"), Catch::Contains("is not a number"));
  CHECK_THROWS_WITH(ParseDouble("1 ", "x"), Catch::Contains("'1 ' is not a number"));
  CHECK_THROWS_WITH(ParseVector3("0,0x1p3,0", "point"), Catch::Contains("point"));
  CHECK(ParseDouble("-1.5e-3", "x") == -1.5e-3);
  // An option given twice is refused (one of the two was kept silently),
  // per-geometry ones and flags too.
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "sphere:1", "--pose-b", "0,0,1,0,0,0", "--pose-b", "0,0,2,0,0,0"},
                              2, 0, {}, {}),
                    Catch::Contains("option --pose-b is given more than once"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--out", "a.vtk", "--out=b.vtk"}, 1, 0, {"--out"}, {}),
                    Catch::Contains("option --out is given more than once"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--binary", "--binary"}, 1, 0, {}, {"--binary"}),
                    Catch::Contains("option --binary is given more than once"));
}

// Issue 10, defects 4 and 7: values outside the supported range are
// refused by the parameter's name; subnormal numbers are numbers.
TEST_CASE("ParseArgs: extreme values are blamed on the right parameter") {
  CHECK(ParseDouble("1e-320", "x") == 1e-320);
  CHECK(ParseDouble("1e-400", "x") == 0.0);
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--modulus", "1e-320"}, 1, 0, {}, {}),
                    Catch::Contains("hydroelastic_modulus") && Catch::Contains("supported range") &&
                        !Catch::Contains("not a finite number"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--modulus", "1e160"}, 1, 0, {}, {}),
                    Catch::Contains("hydroelastic_modulus") && Catch::Contains("supported range"));
  CHECK_THROWS_WITH(ParseArgs({"halfspace", "--slab", "1e-150"}, 1, 0, {}, {}),
                    Catch::Contains("slab_thickness"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--margin", "1e300"}, 1, 0, {}, {}),
                    Catch::Contains("margin") && !Catch::Contains("resolution"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1", "--resolution", "1e-200"}, 1, 0, {}, {}),
                    Catch::Contains("resolution_hint") && Catch::Contains("supported range"));
  CHECK_THROWS_WITH(ParseArgs({"capsule:1,1", "--pose", "1e155,0,0,0,0,0"}, 1, 0, {}, {}),
                    Catch::Contains("--pose") && Catch::Contains("supported range"));
  CHECK_THROWS_WITH(ParseArgs({"capsule:1,1", "--pose", "0,0,0,0,1e300,0"}, 1, 0, {}, {}),
                    Catch::Contains("pitch"));
  CHECK_THROWS_WITH(ParseArgs({"sphere:1e-12"}, 1, 0, {}, {}),
                    Catch::Contains("radius") && Catch::Contains("supported range"));
  CHECK_THROWS_WITH(ParseArgs({"box:1,1,1e7"}, 1, 0, {}, {}), Catch::Contains("height"));
  // The edges of the range are accepted.
  CHECK_NOTHROW(ParseArgs({"sphere:1e-9", "--modulus", "1e15", "--pose", "1e6,-1e6,0,0,0,0"}, 1, 0,
                          {}, {}));
}

TEST_CASE("ResolveSpecFile: mesh and height field files relative to a folder, the rest unchanged") {
  CHECK(ResolveSpecFile("part.obj", "/scenes") == "/scenes/part.obj");
  CHECK(ResolveSpecFile("/abs/part.STL", "/scenes") == "/abs/part.STL");
  CHECK(ResolveSpecFile("heightfield:cap.txt", "/scenes") == "heightfield:/scenes/cap.txt");
  CHECK(ResolveSpecFile("HeightField:cap.txt", "/scenes") == "heightfield:/scenes/cap.txt");
  CHECK(ResolveSpecFile("heightfield:/abs/cap.txt", "/scenes") == "heightfield:/abs/cap.txt");
  CHECK(ResolveSpecFile("sphere:0.1", "/scenes") == "sphere:0.1");
  CHECK(ResolveSpecFile("halfspace", "/scenes") == "halfspace");
}

}  // namespace
}  // namespace hydrocontact::cli
