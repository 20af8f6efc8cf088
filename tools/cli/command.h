#pragma once

/// @file
/// The subcommand registry of the `hydrocontact` tool. Each subcommand lives
/// in its own file and registers itself with a static CommandRegistration,
/// so adding one touches no other file.

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hydrocontact::cli {

/// Thrown by a subcommand for bad input (a usage error, an unreadable file,
/// an impossible parameter). The tool prints "hydrocontact CMD: message" on
/// stderr and exits 2. Any other std::exception escaping a subcommand is
/// treated the same way.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Command {
  /// One line for the tool's --help.
  std::string summary;
  /// The full help text of the subcommand (printed for `CMD --help`).
  std::string help;
  /// Runs with the arguments after the subcommand name; prints one JSON
  /// object on stdout and returns the exit code (0 on success).
  std::function<int(const std::vector<std::string>& args)> run;
};

/// All registered subcommands by name.
std::map<std::string, Command>& CommandRegistry();

/// Registers a subcommand at static-initialisation time.
struct CommandRegistration {
  CommandRegistration(const std::string& name, Command command) {
    CommandRegistry()[name] = std::move(command);
  }
};

}  // namespace hydrocontact::cli
