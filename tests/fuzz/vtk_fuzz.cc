/// @file
/// libFuzzer target of the legacy VTK volume reader (tools/fuzz.sh builds
/// and runs it). Any input must give a volume or an exception derived from
/// std::exception; the sanitizers catch everything else. Runs under a
/// memory limit (-rss_limit_mb), so a header that makes the reader reserve
/// for data it has not seen is found as well.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string_view>

#include "mesh/vtk_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    hydrocontact::ReadVtkVolumeString(text, "fuzz.vtk", 1.0);
  } catch (const std::exception&) {
    // Refusing bad input with a message is the expected outcome.
  }
  return 0;
}
