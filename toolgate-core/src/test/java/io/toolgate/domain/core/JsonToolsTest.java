package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JsonToolsTest {
  private static final JsonNode STORE =
      Json.parse(
          """
          {"store": {
             "book": [
               {"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
               {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword", "price": 12.99},
               {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick",
                "isbn": "0-553-21311-3", "price": 8.99},
               {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord",
                "isbn": "0-395-19395-8", "price": 22.99}],
             "bicycle": {"color": "red", "price": 399}},
           "limit": 10,
           "odd key": {"it's": 1}}
          """);

  private static List<String> values(String path) {
    return JsonPath.compile(path).select(STORE).stream()
        .map(m -> m.value().isString() ? m.value().asString() : m.value().toString())
        .toList();
  }

  private static List<String> paths(String path) {
    return JsonPath.compile(path).select(STORE).stream().map(JsonPath.Match::path).toList();
  }

  @Test
  void rootSelectsTheDocument() {
    assertThat(JsonPath.compile("$").select(STORE).getFirst().value()).isEqualTo(STORE);
  }

  @Test
  void dotAndBracketNamesSelectMembers() {
    assertThat(values("$.store.bicycle.color")).containsExactly("red");
    assertThat(values("$['store']['bicycle'][\"color\"]")).containsExactly("red");
    assertThat(values("$['odd key']['it\\'s']")).containsExactly("1");
  }

  @Test
  void indexesCountFromEitherEnd() {
    assertThat(values("$.store.book[0].title")).containsExactly("Sayings");
    assertThat(values("$.store.book[-1].title")).containsExactly("The Lord");
    assertThat(values("$.store.book[9].title")).isEmpty();
  }

  @Test
  void wildcardsSelectEveryChild() {
    assertThat(values("$.store.book[*].author")).hasSize(4);
    assertThat(values("$.store.bicycle.*")).containsExactly("red", "399");
  }

  @Test
  void slicesFollowPythonRules() {
    assertThat(values("$.store.book[1:3].title")).containsExactly("Sword", "Moby Dick");
    assertThat(values("$.store.book[:2].title")).containsExactly("Sayings", "Sword");
    assertThat(values("$.store.book[-2:].title")).containsExactly("Moby Dick", "The Lord");
    assertThat(values("$.store.book[::2].title")).containsExactly("Sayings", "Moby Dick");
    assertThat(values("$.store.book[::-1].title"))
        .containsExactly("The Lord", "Moby Dick", "Sword", "Sayings");
  }

  @Test
  void unionsSelectSeveralNamesOrIndexes() {
    assertThat(values("$.store.book[0,2].title")).containsExactly("Sayings", "Moby Dick");
    assertThat(values("$.store.book[0]['title','price']")).containsExactly("Sayings", "8.95");
  }

  @Test
  void descendantsAreFoundAtAnyDepthInDocumentOrder() {
    assertThat(values("$..author")).hasSize(4);
    assertThat(values("$..price")).containsExactly("8.95", "12.99", "8.99", "22.99", "399");
    assertThat(values("$..book[2].title")).containsExactly("Moby Dick");
  }

  @Test
  void filtersCompareNumbersStringsAndExistence() {
    assertThat(values("$.store.book[?(@.price < 10)].title"))
        .containsExactly("Sayings", "Moby Dick");
    assertThat(values("$.store.book[?(@.isbn)].title")).containsExactly("Moby Dick", "The Lord");
    assertThat(values("$.store.book[?(!@.isbn)].title")).containsExactly("Sayings", "Sword");
    assertThat(values("$.store.book[?(@.category == 'fiction' && @.price > 20)].title"))
        .containsExactly("The Lord");
    assertThat(values("$.store.book[?(@.price > 20 || @.author == \"Nigel Rees\")].title"))
        .containsExactly("Sayings", "The Lord");
    assertThat(values("$.store.book[?(@.price > $.limit)].title"))
        .containsExactly("Sword", "The Lord");
    assertThat(values("$.store.book[?@.price == 8.95].title")).containsExactly("Sayings");
  }

  @Test
  void matchesCarryNormalizedPaths() {
    assertThat(paths("$..bicycle.color")).containsExactly("$['store']['bicycle']['color']");
    assertThat(paths("$.store.book[-1]")).containsExactly("$['store']['book'][3]");
  }

  @Test
  void badPathsNameThePositionAndTheProblem() {
    assertThatThrownBy(() -> JsonPath.compile("store.book"))
        .hasMessageContaining("a path starts with $");
    assertThatThrownBy(() -> JsonPath.compile("$.store.book[0"))
        .hasMessageContaining("expected ']' or ','");
    assertThatThrownBy(() -> JsonPath.compile("$.store.book[?(@.price <)]"))
        .hasMessageContaining("bad JSONPath filter");
    assertThatThrownBy(() -> JsonPath.compile("$['open")).hasMessageContaining("not closed");
  }

  @Test
  void theToolReturnsValuesPathsAndCount() throws Exception {
    JsonNode out =
        call(
            "json_query",
            "{\"document\":" + STORE + ",\"path\":\"$.store.book[?(@.price < 9)].author\"}");
    assertThat(out.get("count").asInt()).isEqualTo(2);
    assertThat(out.get("values"))
        .containsExactly(Json.parse("\"Nigel Rees\""), Json.parse("\"Herman Melville\""));
    assertThat(out.get("paths").get(0).asString()).isEqualTo("$['store']['book'][0]['author']");
    assertThat(out.get("truncated").asBoolean()).isFalse();
  }

  @Test
  void theToolAcceptsTheDocumentAsJsonText() throws Exception {
    JsonNode out = call("json_query", "{\"document\":\"{\\\"a\\\":[1,2,3]}\",\"path\":\"$.a[1]\"}");
    assertThat(out.get("values").get(0).asInt()).isEqualTo(2);
  }

  @Test
  void theToolTruncatesAtTheLimit() throws Exception {
    JsonNode out = call("json_query", "{\"document\":" + STORE + ",\"path\":\"$..*\",\"limit\":3}");
    assertThat(out.get("values")).hasSize(3);
    assertThat(out.get("count").asInt()).isGreaterThan(3);
    assertThat(out.get("truncated").asBoolean()).isTrue();
  }
}
