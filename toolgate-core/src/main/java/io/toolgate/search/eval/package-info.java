/**
 * Retrieval quality measurement: read {@code <set>.tools.jsonl} / {@code <set>.queries.jsonl}
 * ({@link io.toolgate.search.eval.EvalFiles}), run them ({@link io.toolgate.search.eval.Evaluator})
 * and report Recall@1/5/10, NDCG@10 and MRR ({@link io.toolgate.search.eval.EvalReport}).
 */
package io.toolgate.search.eval;
