#include "render/png_io.h"

#include <csetjmp>
#include <cstdio>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <png.h>

#include "mesh/text_file.h"

namespace hydrocontact::render {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// libpng reports errors by longjmp; its message is kept for ours.
void OnPngError(png_structp png, png_const_charp message) {
  auto* text = static_cast<std::string*>(png_get_error_ptr(png));
  *text = message;
  png_longjmp(png, 1);
}
void OnPngWarning(png_structp, png_const_charp) {}

// libpng's output callback: appends to the std::string given as its io
// pointer. Running out of memory is reported the libpng way (png_error
// longjmps to the encoder's setjmp), outside the handler, so that no C++
// exception crosses libpng's C frames.
void AppendPngBytes(png_structp png, png_bytep data, png_size_t length) {
  bool out_of_memory = false;
  try {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
  } catch (const std::bad_alloc&) {
    out_of_memory = true;
  }
  if (out_of_memory) png_error(png, "out of memory");
}

}  // namespace

std::string EncodePng(const Image& image) {
  std::string bytes, error;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, OnPngError, OnPngWarning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("cannot encode a PNG picture: out of memory");
  }
  // The rows are built before setjmp so that no C++ object with a
  // destructor is created between setjmp and a longjmp.
  std::vector<png_bytep> rows(size_t(image.height()));
  for (int y = 0; y < image.height(); ++y) {
    rows[size_t(y)] = reinterpret_cast<png_bytep>(const_cast<Rgb*>(&image.at(0, y)));
  }
  static_assert(sizeof(Rgb) == 3);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error(fmt::format("cannot encode a PNG picture: {}", error));
  }
  png_set_write_fn(png, &bytes, AppendPngBytes, nullptr);
  png_set_IHDR(png, info, png_uint_32(image.width()), png_uint_32(image.height()), 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, rows.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return bytes;
}

void WritePng(const std::filesystem::path& file, const Image& image) {
  internal::WriteStringToFile(file, EncodePng(image), "PNG file");
}

Image ReadPng(const std::filesystem::path& file) {
  File f(std::fopen(file.c_str(), "rb"));
  if (!f) throw std::runtime_error(fmt::format("cannot read PNG file '{}': it cannot be opened", file.string()));
  unsigned char signature[8] = {};
  if (std::fread(signature, 1, 8, f.get()) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
    throw std::runtime_error(fmt::format("cannot read PNG file '{}': not a PNG file", file.string()));
  }
  std::string error;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, OnPngError, OnPngWarning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (info == nullptr) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    throw std::runtime_error(fmt::format("cannot read PNG file '{}': out of memory", file.string()));
  }
  // Decoded into a plain buffer (no destructors between setjmp and longjmp
  // other than this vector, which is created before setjmp).
  std::vector<unsigned char> buffer;
  std::vector<png_bytep> rows;
  png_uint_32 width = 0, height = 0;
  int channels = 0;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    throw std::runtime_error(fmt::format("cannot read PNG file '{}': {}", file.string(), error));
  }
  png_init_io(png, f.get());
  png_set_sig_bytes(png, 8);
  png_read_info(png, info);
  width = png_get_image_width(png, info);
  height = png_get_image_height(png, info);
  const int color = png_get_color_type(png, info);
  const int depth = png_get_bit_depth(png, info);
  if (depth != 8 || (color != PNG_COLOR_TYPE_RGB && color != PNG_COLOR_TYPE_RGB_ALPHA) || width > 16384 ||
      height > 16384) {
    png_destroy_read_struct(&png, &info, nullptr);
    throw std::runtime_error(fmt::format(
        "cannot read PNG file '{}': only 8-bit RGB or RGBA images up to 16384 pixels are read", file.string()));
  }
  channels = color == PNG_COLOR_TYPE_RGB ? 3 : 4;
  buffer.resize(size_t(width) * size_t(height) * size_t(channels));
  rows.resize(height);
  for (png_uint_32 y = 0; y < height; ++y) rows[y] = buffer.data() + size_t(y) * size_t(width) * size_t(channels);
  png_read_image(png, rows.data());
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  Image image{int(width), int(height)};
  for (png_uint_32 y = 0; y < height; ++y) {
    for (png_uint_32 x = 0; x < width; ++x) {
      const unsigned char* p = rows[y] + size_t(x) * size_t(channels);
      image.at(int(x), int(y)) = Rgb{p[0], p[1], p[2]};
    }
  }
  return image;
}

}  // namespace hydrocontact::render
