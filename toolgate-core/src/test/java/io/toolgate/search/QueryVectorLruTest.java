package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryVectorLruTest {
  @Test
  void evictsTheLeastRecentlyUsedQuery() {
    QueryVectorLru cache = new QueryVectorLru(2);
    cache.put("a", new float[] {1});
    cache.put("b", new float[] {2});
    assertThat(cache.get("a")).isPresent(); // a is now the most recent
    cache.put("c", new float[] {3});
    assertThat(cache.get("b")).isEmpty();
    assertThat(cache.get("a")).isPresent();
    assertThat(cache.get("c")).isPresent();
    assertThat(cache.size()).isEqualTo(2);
  }

  @Test
  void capacityZeroKeepsNothing() {
    QueryVectorLru cache = new QueryVectorLru(0);
    cache.put("a", new float[] {1});
    assertThat(cache.get("a")).isEmpty();
  }
}
