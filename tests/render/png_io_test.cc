#include "render/png_io.h"

#include <catch2/catch.hpp>

#include "tests/mesh/test_files.h"

namespace hydrocontact::render {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("PNG: what WritePng writes, libpng reads back pixel for pixel") {
  test::ScratchDirectory dir;
  Image image(37, 21, Rgb{1, 2, 3});
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) image.at(x, y) = Rgb{uint8_t(7 * x), uint8_t(11 * y), uint8_t(x ^ y)};
  const auto file = dir.path() / "a.png";
  WritePng(file, image);
  const std::string bytes = test::ReadWholeFile(file);
  REQUIRE(bytes.size() > 8);
  CHECK(bytes.substr(1, 3) == "PNG");  // The signature: \x89 P N G.
  const Image back = ReadPng(file);
  REQUIRE(back.width() == 37);
  REQUIRE(back.height() == 21);
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) CHECK(back.at(x, y) == image.at(x, y));
}

TEST_CASE("PNG: errors name the file") {
  test::ScratchDirectory dir;
  const auto text = dir.Write("not.png", "hello, this is not a picture");
  CHECK_THROWS_WITH(ReadPng(text), Contains(text.string()) && Contains("not a PNG"));
  CHECK_THROWS_WITH(ReadPng(dir.path() / "missing.png"), Contains("missing.png"));
  CHECK_THROWS_WITH(WritePng(dir.path() / "no" / "dir.png", Image(4, 4)), Contains("dir.png"));
  // A truncated PNG: libpng's error is reported, not a crash.
  WritePng(dir.path() / "b.png", Image(50, 50));
  const std::string bytes = test::ReadWholeFile(dir.path() / "b.png");
  const auto cut = dir.Write("cut.png", bytes.substr(0, bytes.size() / 2));
  CHECK_THROWS_WITH(ReadPng(cut), Contains("cut.png"));
}

}  // namespace
}  // namespace hydrocontact::render
