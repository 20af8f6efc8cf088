#include "proximity/hydroelastic/split_pair.h"

#include <algorithm>
#include <cstddef>

namespace hydrocontact {

std::array<ContactPolygons, kSplitPieces>& SplitPiecesOfThisThread() {
  thread_local std::array<ContactPolygons, kSplitPieces> pieces;
  return pieces;
}

void MergePieces(const ParallelExecutor& executor, const std::array<ContactPolygons, kSplitPieces>& pieces,
                 ContactPolygons* polygons) {
  // Where each piece starts in the merged arrays: after the polygons already
  // there and the pieces before it, so the result is the pieces appended in
  // order.
  std::array<size_t, kSplitPieces + 1> vertex_at, polygon_at;
  vertex_at[0] = polygons->vertices.size();
  polygon_at[0] = polygons->ends.size();
  for (int c = 0; c < kSplitPieces; ++c) {
    vertex_at[c + 1] = vertex_at[c] + pieces[c].vertices.size();
    polygon_at[c + 1] = polygon_at[c] + pieces[c].ends.size();
  }
  polygons->vertices.resize(vertex_at[kSplitPieces]);
  polygons->ends.resize(polygon_at[kSplitPieces]);
  polygons->normals.resize(polygon_at[kSplitPieces]);
  polygons->grad_first.resize(polygon_at[kSplitPieces]);
  polygons->grad_second.resize(polygon_at[kSplitPieces]);
  executor.For(kSplitPieces, [&](int c) {
    const ContactPolygons& piece = pieces[c];
    const size_t at = polygon_at[c];
    std::copy(piece.vertices.begin(), piece.vertices.end(), polygons->vertices.begin() + vertex_at[c]);
    const int offset = static_cast<int>(vertex_at[c]);
    std::transform(piece.ends.begin(), piece.ends.end(), polygons->ends.begin() + at,
                   [offset](int end) { return end + offset; });
    std::copy(piece.normals.begin(), piece.normals.end(), polygons->normals.begin() + at);
    std::copy(piece.grad_first.begin(), piece.grad_first.end(), polygons->grad_first.begin() + at);
    std::copy(piece.grad_second.begin(), piece.grad_second.end(), polygons->grad_second.begin() + at);
  });
}

}  // namespace hydrocontact
