#pragma once

/// @file
/// Fixed-size binary values in a byte buffer, of either byte order, shared
/// by the binary mesh readers and writers (STL, PLY, gmsh, VTU).

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace hydrocontact::internal {

/// The value of type T stored at data[0, sizeof(T)) in little- (or big-)
/// endian order. The caller has checked that sizeof(T) bytes are there.
template <class T>
T LoadBinary(const char* data, bool little_endian) {
  static_assert(std::is_trivially_copyable_v<T>);
  char bytes[sizeof(T)];
  std::memcpy(bytes, data, sizeof(T));
  if (little_endian != (std::endian::native == std::endian::little)) {
    for (size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(bytes[i], bytes[sizeof(T) - 1 - i]);
  }
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

/// Appends `value` to `out` in little- (or big-) endian order.
template <class T>
void StoreBinary(T value, bool little_endian, std::string* out) {
  static_assert(std::is_trivially_copyable_v<T>);
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  if (little_endian != (std::endian::native == std::endian::little)) {
    for (size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(bytes[i], bytes[sizeof(T) - 1 - i]);
  }
  out->append(bytes, sizeof(T));
}

}  // namespace hydrocontact::internal
