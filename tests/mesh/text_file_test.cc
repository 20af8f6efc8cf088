#include "mesh/text_file.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

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

namespace fs = std::filesystem;

// The names in `dir`, sorted.
std::vector<std::string> Listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_CASE("Several files are written all or nothing", "[text_file]") {
  test::ScratchDirectory dir;
  const fs::path a = dir.path() / "a.vtk", b = dir.path() / "b.png";
  {
    const std::vector<FileContents> files{{a, "surface", "VTK file"}, {b, "picture", "PNG file"}};
    WriteFilesAtomically(files);
  }
  CHECK(ReadFileToString(a, "") == "surface");
  CHECK(ReadFileToString(b, "") == "picture");
  CHECK(Listing(dir.path()) == std::vector<std::string>{"a.vtk", "b.png"});

  // The second file cannot be created: /proc takes no new files (as root
  // too, where the folder passes the writability check and the write
  // itself fails; otherwise the check refuses it first). Either way `a`
  // keeps its old contents and no temporary file is left beside it.
  const fs::path unwritable = "/proc/hydrocontact_test_picture.png";
  const std::vector<FileContents> failing{{a, "new surface", "VTK file"}, {unwritable, "x", "PNG file"}};
  CHECK_THROWS_WITH(WriteFilesAtomically(failing),
                    Contains("cannot write PNG file '/proc/hydrocontact_test_picture.png'"));
  CHECK(ReadFileToString(a, "") == "surface");
  CHECK(Listing(dir.path()) == std::vector<std::string>{"a.vtk", "b.png"});
  CHECK_FALSE(fs::exists(unwritable));

  // Two entries for one file (here through "./"): one would silently
  // replace the other.
  const fs::path a_again = dir.path() / "." / "a.vtk";
  const std::vector<FileContents> twice{{a, "1", "VTK file"}, {a_again, "2", "PNG file"}};
  CHECK_THROWS_AS(WriteFilesAtomically(twice), std::invalid_argument);
  CHECK_THROWS_WITH(WriteFilesAtomically(twice), Contains("is also where the VTK file"));
  CHECK(ReadFileToString(a, "") == "surface");

  // A folder in place of a file, or a missing folder, is refused before
  // anything is written.
  const std::vector<FileContents> folder{{b, "new picture", "PNG file"}, {dir.path(), "x", "VTK file"}};
  CHECK_THROWS_WITH(WriteFilesAtomically(folder), Contains("it is a folder"));
  const std::vector<FileContents> missing{{b, "new picture", "PNG file"},
                                          {dir.path() / "none" / "c.vtk", "x", "VTK file"}};
  CHECK_THROWS_WITH(WriteFilesAtomically(missing), Contains("does not exist"));
  CHECK(ReadFileToString(b, "") == "picture");
  CHECK(Listing(dir.path()) == std::vector<std::string>{"a.vtk", "b.png"});
}

TEST_CASE("A file written through a symbolic link replaces the target and keeps the link", "[text_file]") {
  test::ScratchDirectory dir;
  const fs::path target = dir.path() / "target.obj", link = dir.path() / "link.obj";
  WriteStringToFile(target, "old", "OBJ file");
  fs::create_symlink(target, link);
  WriteStringToFile(link, "new", "OBJ file");
  CHECK(fs::is_symlink(link));
  CHECK(ReadFileToString(target, "") == "new");
  CHECK(Listing(dir.path()) == std::vector<std::string>{"link.obj", "target.obj"});
}

TEST_CASE("A read-only file is refused, not replaced", "[text_file][errors]") {
  test::ScratchDirectory dir;
  const fs::path file = dir.path() / "kept.vtk";
  WriteStringToFile(file, "kept", "VTK file");
  fs::permissions(file, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  // Root may write any file (access() says so, and so would the rename):
  // there the refusal does not apply, and the file is replaced.
  if (::geteuid() != 0) {
    CHECK_THROWS_WITH(WriteStringToFile(file, "lost", "VTK file"),
                      Contains("cannot write VTK file") && Contains("read-only"));
    CHECK(ReadFileToString(file, "") == "kept");
  } else {
    WriteStringToFile(file, "replaced", "VTK file");
    CHECK(ReadFileToString(file, "") == "replaced");
  }
  CHECK(Listing(dir.path()) == std::vector<std::string>{"kept.vtk"});
}

}  // namespace
}  // namespace hydrocontact::internal
