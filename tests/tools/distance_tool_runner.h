#pragma once

// Runs the built `hydrocontact` tool for the distance commands' tests and
// picks numbers out of its JSON.

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

inline const ScratchDirectory& DistanceToolScratch() {
  static const ScratchDirectory dir;
  return dir;
}

// One single-quoted shell word.
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

/// Runs `hydrocontact <command> <args...>`, capturing both streams.
inline ToolResult RunTool(const std::string& command, const std::vector<std::string>& args) {
  std::string line = ShellQuote(HYDROCONTACT_TOOL);
  line.append(" ").append(command);
  for (const auto& a : args) line.append(" ").append(ShellQuote(a));
  const auto out = DistanceToolScratch().path() / (command + "_stdout.txt");
  const auto err = DistanceToolScratch().path() / (command + "_stderr.txt");
  line.append(" >").append(ShellQuote(out.string())).append(" 2>").append(ShellQuote(err.string()));
  const int status = std::system(line.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, ReadWholeFile(out), ReadWholeFile(err)};
}

/// The raw JSON text of member `key` (first occurrence).
inline std::string Member(const std::string& json, const std::string& key) {
  const std::regex pattern("\"" + key + "\": (\\[[^\\]]*\\]|\"[^\"]*\"|[^,\\n}]+)");
  std::smatch m;
  return std::regex_search(json, m, pattern) ? m[1].str() : std::string();
}

inline double Number(const std::string& json, const std::string& key) {
  const std::string text = Member(json, key);
  INFO(key << " in " << json);
  REQUIRE_FALSE(text.empty());
  return std::stod(text);
}

inline Eigen::Vector3d JsonVector(const std::string& json, const std::string& key) {
  const std::string text = Member(json, key);
  INFO(key << " in " << json);
  std::vector<double> values;
  const std::regex number("-?[0-9.eE+-]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it) {
    values.push_back(std::stod(it->str()));
  }
  REQUIRE(values.size() == 3);
  return {values[0], values[1], values[2]};
}

inline std::string DataPath(const std::string& name) {
  return (std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data" / name).string();
}

/// Exit 0, nothing on stderr, one JSON object on stdout.
inline void CheckSuccess(const ToolResult& r) {
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  REQUIRE(r.out.size() >= 2);
  CHECK(r.out.front() == '{');
  CHECK(r.out.substr(r.out.size() - 2) == "}\n");
}

/// Exit 2, nothing on stdout, one line on stderr containing `needle`.
// True when the tool failed as promised: exit code 2, nothing on stdout and
// exactly one line on stderr that contains `needle`. Use inside CHECK; the
// output is reported when it is false.
inline bool FailsCleanly(const ToolResult& r, const std::string& needle) {
  UNSCOPED_INFO("exit code " << r.exit_code << "; stdout: '" << r.out << "'; stderr: '" << r.err << "'");
  const bool one_line = !r.err.empty() && r.err.back() == '\n' &&
                        std::count(r.err.begin(), r.err.end(), '\n') == 1;
  return r.exit_code == 2 && r.out.empty() && one_line && r.err.find(needle) != std::string::npos;
}

}  // namespace hydrocontact::test
