/// @file
/// The one-way dependency rule of the layout, checked on the sources
/// themselves: every `#include "..."` of a library folder may name only the
/// folders that folder is allowed to use. CMake's link graph cannot catch a
/// header-only include that goes the wrong way; this test does.

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace HYDROCONTACT_TEST_FILE {

namespace fs = std::filesystem;

const fs::path kSourceDir = HYDROCONTACT_SOURCE_DIR;

// The header-only value types of geometry/ that every layer may name (and
// UnitDirection, the one normalisation of a caller's direction vector).
const std::set<std::string> kGeometryValueTypes = {
    "geometry/identifier.h", "geometry/rigid_transform.h", "geometry/shape.h",
    "geometry/proximity_properties.h", "geometry/supported_range.h",
    "geometry/unit_direction.h"};

// The folder a project include lives in: "proximity/distance/gjk.h" ->
// "proximity/distance"; "proximity/bvh.h" -> "proximity".
std::string FolderOf(const std::string& include) {
  const auto slash = include.rfind('/');
  return slash == std::string::npos ? std::string() : include.substr(0, slash);
}

// Every project include ("folder/file.h") of one source file.
std::vector<std::string> ProjectIncludes(const fs::path& file) {
  static const std::regex kInclude(R"re(^\s*#\s*include\s+"([^"]+)")re");
  std::vector<std::string> includes;
  std::ifstream in(file);
  std::string line;
  std::smatch match;
  while (std::getline(in, line)) {
    if (std::regex_search(line, match, kInclude)) includes.push_back(match[1]);
  }
  return includes;
}

// The include violations of every .h/.cc directly in `folder` given the
// folders it may use (its own is always allowed).
std::vector<std::string> Violations(const std::string& folder,
                                    const std::set<std::string>& allowed_folders) {
  std::vector<std::string> violations;
  for (const auto& entry : fs::directory_iterator(kSourceDir / folder)) {
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cc")) continue;
    for (const std::string& include : ProjectIncludes(entry.path())) {
      const std::string included_folder = FolderOf(include);
      const bool ok = included_folder == folder || allowed_folders.count(included_folder) > 0 ||
                      kGeometryValueTypes.count(include) > 0;
      if (!ok) violations.push_back(folder + "/" + entry.path().filename().string() + " -> " + include);
    }
  }
  return violations;
}

TEST_CASE("layout: every library folder includes only the folders below it") {
  const std::map<std::string, std::set<std::string>> allowed = {
      {"mesh", {}},
      {"query_results", {"mesh"}},
      {"proximity", {"mesh", "query_results"}},
      {"proximity/representation", {"mesh", "query_results", "proximity"}},
      {"proximity/hydroelastic",
       {"mesh", "query_results", "proximity", "proximity/representation"}},
      {"proximity/distance", {"mesh", "query_results", "proximity", "proximity/representation"}},
      {"render", {"mesh"}},
  };
  for (const auto& [folder, folders] : allowed) {
    INFO("folder " << folder);
    REQUIRE(fs::is_directory(kSourceDir / folder));
    const std::vector<std::string> violations = Violations(folder, folders);
    for (const std::string& v : violations) UNSCOPED_INFO(v);
    CHECK(violations.empty());
  }
}

TEST_CASE("layout: the checker sees a wrong-way include") {
  // The rule above is only as good as the include scanner: run it on a folder
  // whose includes we know go up (geometry/ names proximity/), with nothing
  // allowed, and it must report them.
  const std::vector<std::string> violations = Violations("geometry", {});
  CHECK_FALSE(violations.empty());
}

}  // namespace
