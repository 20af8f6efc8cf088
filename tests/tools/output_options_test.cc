#include "tools/cli/output_options.h"

#include <unistd.h>

#include <filesystem>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tools/cli/command.h"
#include "tools/cli/picture_layers.h"

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

ParsedArgs Parse(const std::vector<std::string>& args) {
  return ParseArgs(args, 1, 0, {"--out", "--png"}, {"--binary"});
}

TEST_CASE("Output names: --out takes a .vtk name in any case, --binary only with it, never the --png file") {
  CHECK_FALSE(ParseVtkOutput(Parse({"sphere:1"})).has_value());
  const std::string in_tmp = (std::filesystem::temp_directory_path() / "s.vtk").string();
  const auto ascii = ParseVtkOutput(Parse({"sphere:1", "--out", in_tmp}));
  REQUIRE(ascii.has_value());
  CHECK(ascii->file == in_tmp);
  CHECK(ascii->encoding == VtkEncoding::kAscii);
  const auto binary = ParseVtkOutput(Parse({"sphere:1", "--out", "S.VTK", "--binary"}));
  REQUIRE(binary.has_value());
  CHECK(binary->encoding == VtkEncoding::kBinary);

  CHECK_THROWS_WITH(ParseVtkOutput(Parse({"sphere:1", "--binary"})),
                    Catch::Contains("give --out too"));
  // Legacy VTK in a file named .obj (or with no extension, or only ".vtk")
  // would mislead whoever opens it.
  for (const char* name : {"s.obj", "s", "dir.vtk/s", ".vtk", "s.vtk.png"}) {
    CAPTURE(name);
    CHECK_THROWS_WITH(ParseVtkOutput(Parse({"sphere:1", "--out", name})),
                      Catch::Contains("give it a .vtk name"));
  }
  // The same file under two spellings.
  CHECK_THROWS_WITH(ParseVtkOutput(Parse({"sphere:1", "--out", "./x.vtk", "--png", "x.vtk"})),
                    Catch::Contains("--out and --png name the same file"));
  CHECK(ParseVtkOutput(Parse({"sphere:1", "--out", "x.vtk", "--png", "x.png"})).has_value());
}

TEST_CASE("Output names: --png takes a .png name in any case") {
  auto parse = [](const std::string& name) {
    return ParsePictureRequest(
        ParseArgs({"sphere:1", "--png", name}, 1, 0, {"--png", "--view", "--size"}, {}));
  };
  const std::string in_tmp = (std::filesystem::temp_directory_path() / "pic.PNG").string();
  CHECK(parse(in_tmp)->file == in_tmp);
  for (const char* name : {"pic.jpg", "pic", "pic.png.vtk"}) {
    CAPTURE(name);
    CHECK_THROWS_WITH(parse(name), Catch::Contains("give it a .png name"));
  }
}

TEST_CASE("Output files are checked up front: an existing, writable folder, and not a folder") {
  // Checked before the work, not when the result is written at the end.
  CHECK_THROWS_WITH(ParseVtkOutput(Parse({"sphere:1", "--out", "/nonexistent/s.vtk"})),
                    Catch::Contains("--out: cannot write '/nonexistent/s.vtk': the folder '/nonexistent' does "
                                    "not exist"));
  const auto parse_png = [](const std::string& name) {
    return ParsePictureRequest(ParseArgs({"sphere:1", "--png", name}, 1, 0, {"--png", "--view", "--size"}, {}));
  };
  CHECK_THROWS_WITH(parse_png("/nonexistent/p.png"), Catch::Contains("--png: cannot write '/nonexistent/p.png'"));
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / fmt::format("hc_output_test_{}.png", ::getpid());
  std::filesystem::create_directories(folder);
  CHECK_THROWS_WITH(parse_png(folder.string()), Catch::Contains("it is a folder"));
  std::filesystem::remove(folder);
  // (Not tested: a folder without write permission, since access() lets
  // root write anywhere and the suite may run as root.)
  // A bare name lives in the working folder, which the tests can write.
  CHECK_NOTHROW(RequireWritableLocation("--trajectory", "t.jsonl"));
}

TEST_CASE("HasExtension compares the file name's end in any case") {
  CHECK(HasExtension("a/b/c.vtk", ".vtk"));
  CHECK(HasExtension("C.PnG", ".png"));
  CHECK_FALSE(HasExtension("a.vtk/c", ".vtk"));
  CHECK_FALSE(HasExtension(".png", ".png"));
  CHECK_FALSE(HasExtension("vtk", ".vtk"));
}

}  // namespace HYDROCONTACT_TEST_FILE
}  // namespace hydrocontact::cli
