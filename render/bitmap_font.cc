#include "render/bitmap_font.h"

#include <array>
#include <cstdint>
#include <utility>

namespace hydrocontact::render {
namespace {

// Seven rows per glyph, top to bottom; bit 4 of a row is its leftmost pixel.
using Glyph = std::array<uint8_t, kGlyphHeight>;

const Glyph* FindGlyph(char c) {
  static constexpr std::pair<char, Glyph> kGlyphs[] = {
      {'0', {0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110}},
      {'1', {0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110}},
      {'2', {0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111}},
      {'3', {0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110}},
      {'4', {0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010}},
      {'5', {0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110}},
      {'6', {0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110}},
      {'7', {0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000}},
      {'8', {0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110}},
      {'9', {0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100}},
      {'.', {0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100}},
      {'-', {0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000}},
      {'+', {0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000}},
      {'(', {0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010}},
      {')', {0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000}},
      {':', {0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000}},
      {' ', {0, 0, 0, 0, 0, 0, 0}},
      {'P', {0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000}},
      {'a', {0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111}},
      {'e', {0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110}},
      {'i', {0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110}},
      {'m', {0b00000, 0b00000, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001}},
      {'n', {0b00000, 0b00000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001}},
      {'p', {0b00000, 0b00000, 0b11110, 0b10001, 0b11110, 0b10000, 0b10000}},
      {'r', {0b00000, 0b00000, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000}},
      {'s', {0b00000, 0b00000, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110}},
      {'u', {0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101}},
      {'x', {0b00000, 0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001}},
  };
  for (const auto& [ch, glyph] : kGlyphs) {
    if (ch == c) return &glyph;
  }
  return nullptr;
}

// The glyph of a character without one: a hollow box.
constexpr Glyph kBox = {0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111};

}  // namespace

bool HasGlyph(char c) { return FindGlyph(c) != nullptr; }

int TextWidth(std::string_view text, int scale) {
  if (text.empty()) return 0;
  return int(text.size()) * (kGlyphWidth + 1) * scale - scale;
}

void DrawText(Image* image, int x, int y, std::string_view text, Rgb color, int scale) {
  for (size_t k = 0; k < text.size(); ++k) {
    const Glyph* glyph = FindGlyph(text[k]);
    const Glyph& g = glyph != nullptr ? *glyph : kBox;
    const int x0 = x + int(k) * (kGlyphWidth + 1) * scale;
    for (int row = 0; row < kGlyphHeight; ++row) {
      for (int col = 0; col < kGlyphWidth; ++col) {
        if (((g[size_t(row)] >> (kGlyphWidth - 1 - col)) & 1) == 0) continue;
        for (int dy = 0; dy < scale; ++dy) {
          for (int dx = 0; dx < scale; ++dx) image->Set(x0 + col * scale + dx, y + row * scale + dy, color);
        }
      }
    }
  }
}

}  // namespace hydrocontact::render
