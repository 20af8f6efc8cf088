// Runs the built `hydrocontact` for what main.cc itself answers: the tool's
// help, `help CMD`, `--version` and unknown commands.

#include <regex>
#include <string>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using namespace hydrocontact::test;

TEST_CASE("hydrocontact --version prints the project version", "[main]") {
  const ToolResult r = RunTool({"--version"});
  CHECK(r.exit_code == 0);
  // project(hydrocontact VERSION X.Y.Z) in CMakeLists.txt.
  CHECK(std::regex_match(r.out, std::regex("hydrocontact [0-9]+\\.[0-9]+\\.[0-9]+\n")));
}

TEST_CASE("hydrocontact help CMD is CMD --help", "[main]") {
  for (const char* command : {"surface", "mesh", "info"}) {
    const ToolResult help = RunTool({"help", command});
    const ToolResult option = RunTool(command, {"--help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out == option.out);
    CHECK(help.out.find("usage: hydrocontact") == 0);
  }
  CHECK(FailsCleanly(RunTool({"help", "bogus"}), "unknown command 'bogus'"));
  const ToolResult list = RunTool({"help"});
  CHECK(list.exit_code == 0);
  CHECK(list.out.find("hydrocontact help COMMAND") != std::string::npos);
}

TEST_CASE("No command, or help with extra words, fails in one line", "[main]") {
  CHECK(FailsCleanly(RunTool(std::vector<std::string>{}), "no command given"));
  CHECK(FailsCleanly(RunTool({"help", "distance", "extra"}), "expected one command name"));
}

}  // namespace
}  // namespace hydrocontact
