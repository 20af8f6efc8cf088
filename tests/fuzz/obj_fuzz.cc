/// @file
/// libFuzzer target of the OBJ reader (tools/fuzz.sh builds and runs it).
/// Any input must give a mesh or an exception derived from std::exception;
/// the sanitizers catch everything else (crashes, overflows, UB, leaks).
/// The first byte picks a scale, so the scale's checks are fuzzed too.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string_view>

#include "mesh/obj_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static constexpr double kScales[4] = {1.0, 1e-3, 1e6, 1e300};
  const double scale = size > 0 ? kScales[data[0] % 4] : 1.0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    hydrocontact::ReadObjStringWithReport(text, scale, "fuzz.obj");
  } catch (const std::exception&) {
    // Refusing bad input with a message is the expected outcome.
  }
  return 0;
}
