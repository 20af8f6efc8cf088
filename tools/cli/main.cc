// The `hydrocontact` command-line tool: dispatches to the registered
// subcommands and turns every error into exit code 2 and one line on stderr.

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "proximity/representation/make_mesh_common.h"
#include "tools/cli/command.h"

namespace hydrocontact::cli {

std::map<std::string, Command>& CommandRegistry() {
  static std::map<std::string, Command> registry;
  return registry;
}

namespace {

void PrintToolHelp(std::ostream& out) {
  out << "hydrocontact: contact queries of the hydroelastic (pressure field) model.\n\n"
         "usage: hydrocontact COMMAND [ARGS...]\n"
         "       hydrocontact COMMAND --help    (or: hydrocontact help COMMAND)\n"
         "       hydrocontact --version\n\n"
         "Every command prints one JSON object on stdout. On bad input it prints one line\n"
         "on stderr and exits with code 2.\n\ncommands:\n";
  for (const auto& [name, command] : CommandRegistry()) {
    out << "  " << name << std::string(name.size() < 16 ? 16 - name.size() : 1, ' ')
        << command.summary << "\n";
  }
}

}  // namespace
}  // namespace hydrocontact::cli

int main(int argc, char** argv) {
  using namespace hydrocontact::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    // Bad input: one line, as for every other mistake.
    std::cerr << "hydrocontact: no command given (run 'hydrocontact --help' for the list)\n";
    return 2;
  }
  if (args[0] == "--version") {
    // HYDROCONTACT_VERSION comes from project(... VERSION) in CMakeLists.txt.
    std::cout << "hydrocontact " << HYDROCONTACT_VERSION << "\n";
    return 0;
  }
  if (args[0] == "help" && args.size() > 2) {
    std::cerr << "hydrocontact help: expected one command name, got " << args.size() - 1
              << " words (run 'hydrocontact help COMMAND')\n";
    return 2;
  }
  if (args[0] == "help" && args.size() == 2) {
    const auto command = CommandRegistry().find(args[1]);
    if (command == CommandRegistry().end()) {
      std::cerr << "hydrocontact help: unknown command '" << args[1]
                << "' (run 'hydrocontact --help' for the list)\n";
      return 2;
    }
    std::cout << command->second.help;
    return 0;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    PrintToolHelp(std::cout);
    return 0;
  }
  const auto it = CommandRegistry().find(args[0]);
  if (it == CommandRegistry().end()) {
    std::cerr << "hydrocontact: unknown command '" << args[0]
              << "' (run 'hydrocontact --help' for the list)\n";
    return 2;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  for (const std::string& a : rest) {
    if (a == "--help" || a == "-h") {
      std::cout << it->second.help;
      return 0;
    }
  }
  try {
    return it->second.run(rest);
  } catch (const std::bad_alloc&) {
    // A request the machine cannot hold (e.g. a mesh limit raised far past
    // the default): say so, rather than the library's "std::bad_alloc".
    std::cerr << "hydrocontact " << args[0]
              << ": out of memory (a mesh or surface too large for this machine; lower the "
                 "resolution or the --max-elements limit)\n";
    return 2;
  } catch (const std::exception& e) {
    std::string message = e.what();
    if (dynamic_cast<const hydrocontact::MeshSizeLimitError*>(&e) != nullptr) {
      message += fmt::format("; or raise the limit with --max-elements N (default {:g})",
                             hydrocontact::kMaxMeshElements);
    }
    // One line, whatever the message holds.
    for (char& c : message) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    std::cerr << "hydrocontact " << args[0] << ": " << message << "\n";
    return 2;
  } catch (...) {
    std::cerr << "hydrocontact " << args[0] << ": unknown error\n";
    return 2;
  }
}
