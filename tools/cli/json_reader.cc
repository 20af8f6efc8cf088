#include "tools/cli/json_reader.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact::cli {

const JsonValue* JsonValue::Find(const std::string& key) const {
  for (const auto& [k, v] : as_object()) {
    if (k == key) return &v;
  }
  return nullptr;
}

const char* JsonValue::type_name() const {
  static const char* kNames[] = {"null", "boolean", "number", "string", "array", "object"};
  return kNames[value_.index()];
}

class JsonParser {
 public:
  JsonParser(const std::string& text, const std::string& source) : text_(text), source_(source) {}

  JsonValue ParseDocument() {
    JsonValue v = ParseValue(0);
    SkipSpace();
    if (pos_ != text_.size()) Fail("unexpected data after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw std::invalid_argument(fmt::format("{}:{}: {}", source_, line_, what));
  }

  void SkipSpace() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') ++line_;
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      ++pos_;
    }
  }

  char Peek() {
    SkipSpace();
    if (pos_ >= text_.size()) Fail("unexpected end of input");
    return text_[pos_];
  }

  void Expect(char c) {
    if (Peek() != c) Fail(fmt::format("expected '{}', found '{}'", c, text_[pos_]));
    ++pos_;
  }

  void ExpectWord(const char* word) {
    for (const char* w = word; *w; ++w, ++pos_) {
      if (pos_ >= text_.size() || text_[pos_] != *w) Fail(fmt::format("invalid literal (expected '{}')", word));
    }
  }

  JsonValue ParseValue(int depth) {
    if (depth > 256) Fail("nesting deeper than 256");
    JsonValue v;
    const char c = Peek();
    v.line_ = line_;
    if (c == '{') {
      ++pos_;
      JsonValue::Object object;
      if (Peek() == '}') {
        ++pos_;
      } else {
        while (true) {
          if (Peek() != '"') Fail("expected a string key");
          std::string key = ParseString();
          for (const auto& member : object) {
            if (member.first == key) Fail(fmt::format("duplicate key '{}'", key));
          }
          Expect(':');
          JsonValue member = ParseValue(depth + 1);
          object.emplace_back(std::move(key), std::move(member));
          if (Peek() == ',') {
            ++pos_;
            continue;
          }
          Expect('}');
          break;
        }
      }
      v.value_ = std::move(object);
    } else if (c == '[') {
      ++pos_;
      JsonValue::Array array;
      if (Peek() == ']') {
        ++pos_;
      } else {
        while (true) {
          array.push_back(ParseValue(depth + 1));
          if (Peek() == ',') {
            ++pos_;
            continue;
          }
          Expect(']');
          break;
        }
      }
      v.value_ = std::move(array);
    } else if (c == '"') {
      v.value_ = ParseString();
    } else if (c == 't') {
      ExpectWord("true");
      v.value_ = true;
    } else if (c == 'f') {
      ExpectWord("false");
      v.value_ = false;
    } else if (c == 'n') {
      ExpectWord("null");
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.value_ = ParseNumber();
    } else {
      Fail(fmt::format("unexpected character '{}'", c));
    }
    return v;
  }

  double ParseNumber() {
    // The RFC grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    const size_t start = pos_;
    auto digits = [&] {
      const size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      if (pos_ == from) Fail("malformed number");
    };
    if (text_[pos_] == '-') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '0') {
      ++pos_;
    } else {
      digits();
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      digits();
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      digits();
    }
    const std::string number = text_.substr(start, pos_ - start);
    const double value = std::strtod(number.c_str(), nullptr);
    if (!std::isfinite(value)) Fail(fmt::format("number {} is out of range", number));
    return value;
  }

  std::string ParseString() {
    ++pos_;  // the opening quote
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) Fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) Fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) Fail("unterminated string");
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': AppendCodePoint(ParseHex4(), out); break;
        default: Fail(fmt::format("invalid escape '\\{}'", e));
      }
    }
  }

  unsigned ParseHex4() {
    if (pos_ + 4 > text_.size()) Fail("truncated \\u escape");
    unsigned value = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      value <<= 4;
      if (h >= '0' && h <= '9') value |= h - '0';
      else if (h >= 'a' && h <= 'f') value |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') value |= h - 'A' + 10;
      else Fail("invalid \\u escape");
    }
    return value;
  }

  void AppendCodePoint(unsigned u, std::string& out) {
    if (u >= 0xD800 && u <= 0xDBFF) {
      // A surrogate pair: the low half must follow.
      if (pos_ + 2 > text_.size() || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') Fail("unpaired surrogate");
      pos_ += 2;
      const unsigned low = ParseHex4();
      if (low < 0xDC00 || low > 0xDFFF) Fail("unpaired surrogate");
      u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      Fail("unpaired surrogate");
    }
    if (u < 0x80) {
      out += static_cast<char>(u);
    } else if (u < 0x800) {
      out += static_cast<char>(0xC0 | (u >> 6));
      out += static_cast<char>(0x80 | (u & 0x3F));
    } else if (u < 0x10000) {
      out += static_cast<char>(0xE0 | (u >> 12));
      out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (u & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (u >> 18));
      out += static_cast<char>(0x80 | ((u >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (u & 0x3F));
    }
  }

  const std::string& text_;
  const std::string& source_;
  size_t pos_{0};
  int line_{1};
};

JsonValue ParseJson(const std::string& text, const std::string& source) {
  return JsonParser(text, source).ParseDocument();
}

}  // namespace hydrocontact::cli
