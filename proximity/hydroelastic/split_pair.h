#pragma once

/// @file
/// IntersectInPieces: how a pair kernel with a long list of elements to
/// intersect (one huge geometry pair) splits the list across the threads a
/// ParallelExecutor lends it and merges the pieces' polygons in list order,
/// so that the result is that of one loop over the list, whatever the
/// threads.

#include <array>
#include <cstdint>
#include <exception>
#include <span>

#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/parallel_executor.h"

namespace hydrocontact {

/// The number of pieces a split list is cut into: a multiple of the thread
/// counts that matter, fixed (not the thread count) so that each piece's
/// polygon storage, kept per piece, sees the same work step after step.
inline constexpr int kSplitPieces = 8;

/// Whether a kernel with `n` elements to intersect splits them: with an
/// executor of at least two threads and at least `min_elements` of them
/// (below, a wake-up, per-piece caches and the merge cost more than they
/// save).
inline bool ShouldSplit(const ParallelExecutor* executor, int n, int min_elements) {
  return executor != nullptr && executor->num_threads() >= 2 && n >= min_elements;
}

/// The polygons of the kSplitPieces pieces of a split, kept per calling
/// thread so that, after warm-up, splitting allocates nothing.
std::array<ContactPolygons, kSplitPieces>& SplitPiecesOfThisThread();

/// Appends `pieces` to *polygons in piece order (as ContactPolygons::Append
/// would, one after the other), each piece copied on one of `executor`'s
/// threads: for a large surface the copy is a tenth of the pair's work.
void MergePieces(const ParallelExecutor& executor, const std::array<ContactPolygons, kSplitPieces>& pieces,
                 ContactPolygons* polygons);

/// Cuts `elements` (a contiguous range: a vector or span of element indices,
/// or of whatever a kernel records per element) into kSplitPieces
/// consecutive pieces, calls intersect(piece, &polygons_of_piece), with
/// `piece` a std::span of them, for each (concurrently on
/// `executor`'s threads; each call must use only its own thread's scratch
/// and write only its piece's polygons, which it receives empty), then
/// appends the pieces' polygons to *polygons in piece order (MergePieces).
/// So when intersecting the pieces one after the other appends the
/// polygons of the whole list, the result is byte for byte that of one
/// call on the whole list. If calls throw, rethrows the exception of the
/// lowest piece (the one a loop would have met first), leaving *polygons
/// unchanged. A call must not be made from within `executor`'s items.
template <class Elements, class Intersect>
void IntersectInPieces(const ParallelExecutor& executor, const Elements& elements_in, const Intersect& intersect,
                       ContactPolygons* polygons) {
  const std::span elements(elements_in);
  std::array<ContactPolygons, kSplitPieces>& pieces = SplitPiecesOfThisThread();
  std::array<std::exception_ptr, kSplitPieces> errors;
  const int64_t n = static_cast<int64_t>(elements.size());
  executor.For(kSplitPieces, [&](int c) {
    const int64_t begin = n * c / kSplitPieces;
    const int64_t end = n * (c + 1) / kSplitPieces;
    pieces[c].Clear();
    try {
      intersect(elements.subspan(begin, end - begin), &pieces[c]);
    } catch (...) {
      errors[c] = std::current_exception();
    }
  });
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  MergePieces(executor, pieces, polygons);
}

}  // namespace hydrocontact
