#pragma once

/// @file
/// A tiny 5×7-pixel bitmap font for the labels of pictures (numbers such as
/// "1.23e+06", units, a few words), drawn at an integer magnification.

#include <string_view>

#include "render/image.h"

namespace hydrocontact::render {

/// Glyph cell: 5 pixels wide plus 1 of spacing, 7 tall, times `scale`.
inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 7;

/// True if `c` has a glyph: the digits, ". - + ( ) :", space and the
/// letters "P a e i m n p r s u x". Other characters are drawn as a hollow
/// box.
bool HasGlyph(char c);

/// The width in pixels of `text` at magnification `scale` (6·scale per
/// character, less the trailing space).
int TextWidth(std::string_view text, int scale);

/// Draws `text` with its top-left corner at (x, y), each font pixel a
/// scale × scale square of `color`; pixels outside the image are dropped.
void DrawText(Image* image, int x, int y, std::string_view text, Rgb color, int scale = 1);

}  // namespace hydrocontact::render
