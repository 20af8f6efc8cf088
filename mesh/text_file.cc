#include "mesh/text_file.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace hydrocontact::internal {

std::string ReadFileToString(const std::filesystem::path& file, std::string_view what) {
  std::error_code ec;
  // Checked up front because an ifstream happily "opens" a directory on
  // Linux and then fails obscurely on the first read.
  const auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status)) {
    throw std::runtime_error(fmt::format("cannot read {} '{}': no such file", what, file.string()));
  }
  if (!std::filesystem::is_regular_file(status)) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': not a regular file", what, file.string()));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': the file cannot be opened", what, file.string()));
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': a read error occurred", what, file.string()));
  }
  return std::move(contents).str();
}

void WriteStringToFile(const std::filesystem::path& file, std::string_view contents,
                       std::string_view what) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) {
    throw std::runtime_error(
        fmt::format("cannot write {} '{}': the file cannot be opened for writing", what,
                    file.string()));
  }
  out.write(contents.data(), std::streamsize(contents.size()));
  out.close();
  if (!out) {
    throw std::runtime_error(
        fmt::format("cannot write {} '{}': a write error occurred", what, file.string()));
  }
}

}  // namespace hydrocontact::internal
