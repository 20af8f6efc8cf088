#include "tools/cli/progress.h"

#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("Progress: reports after its delay when enabled, erases its line, silent otherwise") {
  std::ostringstream shown;
  {
    Progress p("meshing A", std::chrono::milliseconds(0), true, &shown);
    // Wait (up to a minute on a loaded machine) for the first report.
    for (int k = 0; k < 6000 && p.updates() == 0; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(p.updates() > 0);
  }
  const std::string text = shown.str();
  CHECK_THAT(text, Contains("\rhydrocontact: meshing A... 0 s"));
  // The line is erased at the end: carriage return, blanks, carriage return.
  const std::string line = "hydrocontact: meshing A... 0 s";
  std::string erase(line.size() + 2, ' ');
  erase.front() = erase.back() = '\r';
  CHECK(text.size() >= erase.size());
  CHECK(text.substr(text.size() - erase.size()) == erase);

  std::ostringstream quiet;
  {
    Progress p("meshing B", std::chrono::milliseconds(0), false, &quiet);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(p.updates() == 0);
  }
  CHECK(quiet.str().empty());
  // A job shorter than the delay prints nothing.
  std::ostringstream fast;
  { Progress p("meshing C", std::chrono::hours(1), true, &fast); }
  CHECK(fast.str().empty());
}

}  // namespace
}  // namespace hydrocontact::cli
