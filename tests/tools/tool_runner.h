#pragma once

// Shared by the tool tests: runs the built `hydrocontact` binary
// (HYDROCONTACT_TOOL), checks how it succeeded or failed, and picks values
// out of its JSON. The sample files are under HYDROCONTACT_SOURCE_DIR/data.

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <catch2/catch.hpp>

#include "tests/mesh/test_files.h"

namespace hydrocontact::test {

struct ToolResult {
  int exit_code{-1};
  std::string out;
  std::string err;
};

/// One scratch directory per test program (and process) for the tool's
/// captured output and the files a test writes.
inline const ScratchDirectory& ToolScratch() {
  static const ScratchDirectory dir;
  return dir;
}

/// `s` as one single-quoted shell word.
inline std::string ShellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') {
      q.append("'\\''");
    } else {
      q.push_back(c);
    }
  }
  q.push_back('\'');
  return q;
}

/// Runs `hydrocontact <args...>` (each argument passed as one shell word),
/// capturing stdout, stderr and the exit code (-1 if it did not exit).
inline ToolResult RunTool(const std::vector<std::string>& args) {
  // Built with append: GCC 12 warns (-Wrestrict, falsely) on "literal" + string.
  std::string line = ShellQuote(HYDROCONTACT_TOOL);
  for (const auto& a : args) line.append(" ").append(ShellQuote(a));
  const auto out = ToolScratch().path() / "stdout.txt";
  const auto err = ToolScratch().path() / "stderr.txt";
  line.append(" >").append(ShellQuote(out.string())).append(" 2>").append(ShellQuote(err.string()));
  const int status = std::system(line.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, ReadWholeFile(out), ReadWholeFile(err)};
}

/// Runs `hydrocontact <command> <args...>`.
inline ToolResult RunTool(const std::string& command, const std::vector<std::string>& args) {
  std::vector<std::string> all{command};
  all.insert(all.end(), args.begin(), args.end());
  return RunTool(all);
}

/// The raw JSON text of member `key` (a number, true/false/null, a string or
/// a one-line array), or "" if absent: its first occurrence after the first
/// occurrence of `after` (to reach into a nested object), e.g.
/// Member(json, "max", "\"pressure\""); "" if `after` is absent.
inline std::string Member(const std::string& json, const std::string& key,
                          const std::string& after = "") {
  const size_t start = after.empty() ? 0 : json.find(after);
  if (start == std::string::npos) return "";
  const std::regex pattern("\"" + key + "\": (\\[[^\\]]*\\]|\"[^\"]*\"|[^,\\n}]+)");
  std::smatch m;
  const std::string tail = json.substr(start);
  return std::regex_search(tail, m, pattern) ? m[1].str() : std::string();
}

/// The number member `key` (see Member); requires it to be present.
inline double Number(const std::string& json, const std::string& key,
                     const std::string& after = "") {
  const std::string text = Member(json, key, after);
  INFO(key << " in " << json);
  REQUIRE_FALSE(text.empty());
  return std::stod(text);
}

/// Every number in member `key` (see Member), e.g. of an array; empty if
/// absent.
inline std::vector<double> Numbers(const std::string& json, const std::string& key,
                                   const std::string& after = "") {
  const std::string text = Member(json, key, after);
  std::vector<double> values;
  const std::regex number("-?[0-9.eE+-]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it) {
    values.push_back(std::stod(it->str()));
  }
  return values;
}

/// The three-number array member `key`; requires exactly three numbers.
inline Eigen::Vector3d JsonVector(const std::string& json, const std::string& key) {
  const std::vector<double> values = Numbers(json, key);
  INFO(key << " in " << json);
  REQUIRE(values.size() == 3);
  return {values[0], values[1], values[2]};
}

/// Exit 0, nothing on stderr, one JSON object on stdout.
inline void CheckSuccess(const ToolResult& r) {
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  REQUIRE(r.out.size() > 2);
  CHECK(r.out.front() == '{');
  CHECK(r.out.substr(r.out.size() - 2) == "}\n");
}

/// True when the tool failed as promised: exit code 2, nothing on stdout and
/// exactly one line on stderr that contains `needle`. Use inside CHECK; the
/// output is reported when it is false.
inline bool FailsCleanly(const ToolResult& r, const std::string& needle) {
  UNSCOPED_INFO("exit code " << r.exit_code << "; stdout: '" << r.out << "'; stderr: '" << r.err << "'");
  const bool one_line = !r.err.empty() && r.err.back() == '\n' &&
                        std::count(r.err.begin(), r.err.end(), '\n') == 1;
  return r.exit_code == 2 && r.out.empty() && one_line && r.err.find(needle) != std::string::npos;
}

}  // namespace hydrocontact::test
