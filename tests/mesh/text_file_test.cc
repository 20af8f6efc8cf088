#include "mesh/text_file.h"

#include <string>

#include <catch2/catch.hpp>

#include "tests/mesh/test_files.h"

namespace hydrocontact::internal {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("Text files round-trip byte for byte, NUL and CR included", "[text_file]") {
  test::ScratchDirectory dir;
  const std::string contents("line one\r\n\0binary\xff\n", 19);
  const auto file = dir.path() / "bytes.txt";
  WriteStringToFile(file, contents, "test file");
  CHECK(ReadFileToString(file, "test file") == contents);
  // Writing again replaces (does not append).
  WriteStringToFile(file, "short", "test file");
  CHECK(ReadFileToString(file, "test file") == "short");
  WriteStringToFile(file, "", "test file");
  CHECK(ReadFileToString(file, "test file").empty());
}

TEST_CASE("Text file errors name the file and what it was", "[text_file][errors]") {
  test::ScratchDirectory dir;
  CHECK_THROWS_WITH(ReadFileToString(dir.path() / "nope.vtk", "VTK file"),
                    Contains("VTK file") && Contains("nope.vtk") && Contains("no such file"));
  CHECK_THROWS_WITH(ReadFileToString(dir.path(), "VTK file"), Contains("not a regular file"));
  CHECK_THROWS_WITH(WriteStringToFile(dir.path() / "no_dir" / "x.obj", "x", "OBJ file"),
                    Contains("cannot write OBJ file") && Contains("x.obj"));
}

}  // namespace
}  // namespace hydrocontact::internal
