#include "tools/cli/json_reader.h"

#include <stdexcept>

#include <catch2/catch.hpp>

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("json reader: values, order and lines") {
  const JsonValue v = ParseJson("{\"b\": [1, -2.5e3, true, null],\n \"a\": {\"s\": \"x\\u00e9\\n\"}}", "t.json");
  REQUIRE(v.is_object());
  REQUIRE(v.as_object().size() == 2);
  CHECK(v.as_object()[0].first == "b");  // file order kept
  const JsonValue& b = *v.Find("b");
  CHECK(b.as_array()[0].as_number() == 1);
  CHECK(b.as_array()[1].as_number() == -2500);
  CHECK(b.as_array()[2].as_bool());
  CHECK(b.as_array()[3].is_null());
  CHECK(v.Find("a")->Find("s")->as_string() == "x\xc3\xa9\n");
  CHECK(v.Find("a")->line() == 2);
  CHECK(v.Find("missing") == nullptr);
  CHECK(std::string(b.type_name()) == "array");
}

TEST_CASE("json reader: malformed input names the file and line") {
  CHECK_THROWS_WITH(ParseJson("{\n\"a\": 1,\n\"a\": 2}", "s.json"), Catch::Contains("s.json:3") && Catch::Contains("duplicate key 'a'"));
  CHECK_THROWS_WITH(ParseJson("[1, 2", "s.json"), Catch::Contains("s.json:1"));
  CHECK_THROWS_WITH(ParseJson("[01]", "s.json"), Catch::Contains("expected"));
  CHECK_THROWS_WITH(ParseJson("{} x", "s.json"), Catch::Contains("after the JSON value"));
  CHECK_THROWS_WITH(ParseJson("[1e999]", "s.json"), Catch::Contains("out of range"));
  CHECK_THROWS_WITH(ParseJson("\"\\ud800\"", "s.json"), Catch::Contains("surrogate"));
  CHECK_THROWS_WITH(ParseJson(std::string(300, '['), "s.json"), Catch::Contains("deeper"));
  CHECK_THROWS_WITH(ParseJson("[tru]", "s.json"), Catch::Contains("true"));
}

}  // namespace
}  // namespace hydrocontact::cli
