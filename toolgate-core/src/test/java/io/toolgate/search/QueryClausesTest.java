package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class QueryClausesTest {
  private static final Set<String> VERBS = Set.of("book", "get", "send");

  @Test
  void splitsBeforeSequencingWords() {
    assertThat(
            QueryClauses.split(
                "Find the object in the scene, then check the integration status", VERBS))
        .containsExactly("Find the object in the scene", "check the integration status");
    assertThat(
            QueryClauses.split(
                "Retrieve the attendance of employee 40. Then, retrieve the performance data."
                    + " Finally, list the job openings in Boston.",
                VERBS))
        .containsExactly(
            "Retrieve the attendance of employee 40.",
            "retrieve the performance data.",
            "list the job openings in Boston.");
  }

  @Test
  void keepsASingleRequestWithSentencesOfDetailWhole() {
    assertThat(
            QueryClauses.split(
                "What's the weather forecast for Berkeley on Saturday? Today is Tuesday.", VERBS))
        .containsExactly("What's the weather forecast for Berkeley on Saturday? Today is Tuesday.");
  }

  @Test
  void splitsAtAndBeforeACatalogVerbOrAQuestionWord() {
    assertThat(QueryClauses.split("Book a flight to Boston and book a hotel for 4 nights", VERBS))
        .containsExactly("Book a flight to Boston", "book a hotel for 4 nights");
    assertThat(QueryClauses.split("the area of a square and what is the weather there", VERBS))
        .containsExactly("the area of a square", "what is the weather there");
    assertThat(QueryClauses.split("salt and pepper for the soup", VERBS))
        .containsExactly("salt and pepper for the soup");
  }

  @Test
  void joinsShortPiecesToTheClauseBefore() {
    assertThat(QueryClauses.split("Send the report to Ana, then thanks", VERBS))
        .containsExactly("Send the report to Ana thanks");
    assertThat(QueryClauses.split("hello", VERBS)).containsExactly("hello");
  }

  @Test
  void searchesAtMostSixClauses() {
    String query = "get the first one, then get the second one, ".repeat(5) + "then get the last";
    assertThat(QueryClauses.split(query, VERBS)).hasSize(QueryClauses.MAX_CLAUSES);
  }
}
