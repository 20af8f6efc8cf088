#include "tools/cli/json.h"

#include <cmath>

#include <fmt/format.h>

#include <catch2/catch.hpp>

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Json: objects keep order, doubles round-trip, NaN becomes null") {
  Json j = Json::MakeObject();
  j.Set("b", 1).Set("a", 0.1).Set("nan", std::nan("")).Set("s", "q\"\n").Set("v", Json(Eigen::Vector3d(1, 2, 3)));
  j.Set("b", 2);  // Replaces, keeping the position.
  const std::string text = j.Dump();
  CHECK(text ==
        "{\n  \"b\": 2,\n  \"a\": 0.1,\n  \"nan\": null,\n  \"s\": \"q\\\"\\n\",\n"
        "  \"v\": [1, 2, 3]\n}\n");
  CHECK(std::stod(fmt::format("{}", 2.0 / 3.0)) == 2.0 / 3.0);
  CHECK_THROWS(Json(1).Set("x", 1));
}

}  // namespace
}  // namespace hydrocontact::cli

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Json: strings stay valid UTF-8, whatever bytes they are given") {
  // Well-formed sequences pass through: é (C3 A9), ✓ (E2 9C 93), 😀 (F0 9F
  // 98 80). Bytes that start no well-formed sequence become U+FFFD: a lone
  // FF (Latin-1 ÿ in a file name), a lone continuation byte 80, a truncated
  // E2 9C, the overlong C0 AF and the surrogate ED A0 80; the bytes after
  // each are read afresh ('x', '/').
  const auto dump = [](const std::string& s) { return Json(s).Dump(0); };
  CHECK(dump("\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80") == "\"\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80\"\n");
  CHECK(dump("bad\xFF.obj") == "\"bad\\ufffd.obj\"\n");
  CHECK(dump("\x80x") == "\"\\ufffdx\"\n");
  CHECK(dump("\xE2\x9Cx") == "\"\\ufffd\\ufffdx\"\n");
  CHECK(dump("\xC0\xAF/") == "\"\\ufffd\\ufffd/\"\n");
  CHECK(dump("\xED\xA0\x80") == "\"\\ufffd\\ufffd\\ufffd\"\n");
}

TEST_CASE("Json: indent 0 writes one line") {
  Json j = Json::MakeObject();
  j.Set("a", 1).Set("b", Json(Json::Array{Json(1.5), Json::MakeObject().Set("c", "x"), Json(2), Json(3), Json(4)}));
  CHECK(j.Dump(0) == "{\"a\": 1,\"b\": [1.5,{\"c\": \"x\"},2,3,4]}\n");
}

}  // namespace
}  // namespace hydrocontact::cli
