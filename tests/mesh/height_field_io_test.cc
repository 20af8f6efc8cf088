#include "mesh/height_field_io.h"
#include "tests/mesh/test_files.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

constexpr const char* kGood =
    "# a 3 x 2 field\n"
    "3 2 0.5 0.25 0.1\n"
    "0.0, 0.1, 0.2   # row j = 0 (y = -0.125)\n"
    "\n"
    "1.0\t1.1 1.2\n";

TEST_CASE("A height field file reads with comments, commas and blank lines", "[height_field_io]") {
  const HeightField f = ReadHeightFieldString(kGood, "good.txt");
  CHECK(f.nx() == 3);
  CHECK(f.ny() == 2);
  CHECK(f.dx() == 0.5);
  CHECK(f.dy() == 0.25);
  CHECK(f.thickness() == 0.1);
  // Row-major along x, first row at the lowest y.
  CHECK(f.height(0, 0) == 0.0);
  CHECK(f.height(2, 0) == 0.2);
  CHECK(f.height(1, 1) == 1.1);
  CHECK(f.min_height() == 0.0);
  CHECK(f.max_height() == 1.2);
  CHECK(f.bottom() == Approx(-0.1));
  CHECK(f.half_x() == 0.5);
  CHECK(f.half_y() == 0.125);
}

TEST_CASE("Writing and reading back gives the same doubles", "[height_field_io]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-3, 3);
  std::vector<double> h(4 * 5);
  for (double& v : h) v = u(rng);
  const HeightField f(4, 5, 0.1 / 3, 0.7, h, 1.0 / 7);
  const HeightField g = ReadHeightFieldString(WriteHeightFieldString(f));
  CHECK(g.nx() == 4);
  CHECK(g.ny() == 5);
  CHECK(g.dx() == f.dx());
  CHECK(g.dy() == f.dy());
  CHECK(g.thickness() == f.thickness());
  CHECK(g.heights() == h);
}

TEST_CASE("A height field file on disk, a missing file is named", "[height_field_io]") {
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto path = scratch.path() / "hydrocontact_height_field_io_test.txt";
  {
    std::ofstream out(path);
    out << kGood;
  }
  CHECK(ReadHeightFieldFile(path).heights().size() == 6);
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(ReadHeightFieldFile(path), Catch::Contains(path.string()));
}

TEST_CASE("Malformed height field files are refused, naming the file and the line",
          "[height_field_io]") {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "bad.txt: no header line"},
      {"# only a comment\n\n", "no header line"},
      {"3 2 0.5 0.25\n0 0 0\n0 0 0\n", "bad.txt, line 1: the header must hold five values"},
      {"3 2 0.5 0.25 0.1 7\n", "line 1: the header must hold five values"},
      {"1 2 0.5 0.25 0.1\n0\n0\n", "line 1: header value nx: 1 is out of range"},
      {"3 x 0.5 0.25 0.1\n", "line 1: header value ny: 'x' is not an integer"},
      {"3 2.5 0.5 0.25 0.1\n", "header value ny"},
      {"3 2 abc 0.25 0.1\n", "line 1: header value dx: 'abc' is not a number"},
      {"3 2 0.5 0.25 nan\n", "header value thickness"},
      {"3 2 -0.5 0.25 0.1\n0 0 0\n0 0 0\n", "line 1 (header): HeightField: parameter 'dx'"},
      {"3 2 0.5 0 0.1\n0 0 0\n0 0 0\n", "parameter 'dy'"},
      {"3 2 0.5 0.25 0\n0 0 0\n0 0 0\n", "parameter 'thickness'"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n0 0\n", "line 3: row 1 (y index) has 2 values, expected nx = 3"},
      {"3 2 0.5 0.25 0.1\n0 0 0 0\n0 0 0\n", "line 2: row 0 (y index) has 4 values"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n", "the file ends after 1 of ny = 2 rows"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n0 0 0\n0 0 0\n", "line 4: more than ny = 2 rows"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n0 inf 0\n", "line 3: height at sample (i=1, j=1): 'inf' is not finite"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n0 1e7 0\n", "line 3: height at sample (i=1, j=1) is 10000000"},
      {"3 2 0.5 0.25 0.1\n0 0 0\n0 1..2 0\n", "'1..2' is not a number"},
      {"100000 100000 1 1 1\n", "exceeds the supported"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    CHECK_THROWS_WITH(ReadHeightFieldString(c.text, "bad.txt"), Catch::Contains(c.message));
  }
}

TEST_CASE("Fuzz: mutated height field files are read or refused, never crash",
          "[height_field_io]") {
  // Random byte edits, deletions, insertions of separators and number-like
  // tokens, and line duplications of a valid file: each result must be a
  // valid field (consistent sizes, finite heights) or a std::exception.
  const std::string base = "4 3 0.5 0.25 0.2\n0 0.1 0.2 0.3\n1 1.1 1.2 1.3\n2, 2.1, 2.2, 2.3\n";
  const std::string alphabet = "0123456789.-+eE, \t\n#xinfa";
  const char* tokens[] = {" 1e308", " -1e309", " nan", " 0", " -0", " 99999999999999999999",
                          " 2", "\n", ",,", " 1e-320", " 4 3 0.5 0.25 0.2\n"};
  std::mt19937 rng(2026);
  int accepted = 0, refused = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    std::string text = base;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t pos = text.empty() ? 0 : rng() % text.size();
      switch (rng() % 5) {
        case 0:
          if (!text.empty()) text[pos] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          if (!text.empty()) text.erase(pos, 1 + rng() % 6);
          break;
        case 2:
          text.insert(pos, tokens[rng() % std::size(tokens)]);
          break;
        case 3:
          text.insert(pos, 1, static_cast<char>(rng() % 256));
          break;
        default: {
          const size_t line_end = text.find('\n', pos);
          const size_t line_start = text.rfind('\n', pos);
          const size_t s = line_start == std::string::npos ? 0 : line_start + 1;
          const size_t t = line_end == std::string::npos ? text.size() : line_end + 1;
          text.insert(t, text.substr(s, t - s));
        }
      }
    }
    try {
      const HeightField f = ReadHeightFieldString(text, "fuzz.txt");
      REQUIRE(f.heights().size() == size_t(f.nx()) * f.ny());
      for (double h : f.heights()) REQUIRE(std::isfinite(h));
      REQUIRE(f.dx() > 0);
      REQUIRE(f.thickness() > 0);
      ++accepted;
    } catch (const std::exception& e) {
      // A refusal names the source.
      REQUIRE(std::string(e.what()).find("fuzz.txt") != std::string::npos);
      ++refused;
    }
  }
  // Both outcomes occur (the mutations are neither all harmless nor all
  // fatal).
  CHECK(accepted > 50);
  CHECK(refused > 50);
}

}  // namespace
}  // namespace hydrocontact
