#pragma once

/// @file
/// Counts heap allocations by replacing the global operator new (every form)
/// for the whole program. Include it in exactly ONE translation unit of a
/// program (a test program's single source file, or a benchmark's): the
/// replacement functions are ordinary definitions, as the language requires
/// for replacing operator new. Used by the allocation tests (a step in
/// steady state must allocate nothing) and by the benchmarks that report
/// allocations per step.

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

/// Whether allocations are being counted (on from the start; a test turns it
/// on and off around the steps it checks).
inline std::atomic<bool> g_counting{true};
/// Heap allocations counted so far, on any thread.
inline std::atomic<long> g_allocations{0};

namespace hydrocontact::test::internal {

inline void* CountedAllocate(std::size_t size, std::size_t alignment = 0) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  // aligned_alloc wants a size that is a multiple of the alignment.
  void* p = alignment > alignof(std::max_align_t)
                ? std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment)
                : std::malloc(size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace hydrocontact::test::internal

void* operator new(std::size_t size) { return hydrocontact::test::internal::CountedAllocate(size); }
void* operator new[](std::size_t size) { return hydrocontact::test::internal::CountedAllocate(size); }
void* operator new(std::size_t size, std::align_val_t a) {
  return hydrocontact::test::internal::CountedAllocate(size, std::size_t(a));
}
void* operator new[](std::size_t size, std::align_val_t a) {
  return hydrocontact::test::internal::CountedAllocate(size, std::size_t(a));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return hydrocontact::test::internal::CountedAllocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return hydrocontact::test::internal::CountedAllocate(size);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
