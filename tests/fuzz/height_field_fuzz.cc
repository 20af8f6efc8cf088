// libFuzzer target: the height field reader must either return a valid
// field or throw an exception derived from std::exception; never crash,
// hang, leak or allocate from an unchecked count. Seeds:
// tests/fuzz/corpus/height_field/.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string_view>

#include "mesh/height_field_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)hydrocontact::ReadHeightFieldString(text, "fuzz.txt");
  } catch (const std::exception&) {
    // Refusing bad input with a message is the expected outcome.
  }
  return 0;
}
