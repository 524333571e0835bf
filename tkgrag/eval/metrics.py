"""Per-question metrics and how they reduce over a set of questions.

A :class:`MetricSpec` pairs a per-question function ``(EvalQuestion, Prediction) -> float | None`` with a reduction
(mean, a percentile, a count). ``None`` means "does not apply to this question" (no gold evidence, no token count)
and is left out of the reduction; a reduction over nothing is ``None``.

Ties. ``Prediction.scores`` may give several answers the same score. hit@k and MRR rank the first correct answer
*pessimistically*: a correct answer tied with wrong ones is placed after them, so a method cannot gain by returning
many answers with one score. p@1 is the precision of the top tie group (all answers sharing the best score).
Without scores the list order is the ranking and there are no ties.

Retrieved lists (events, passages) are read in rank order; a repeated passage id counts at its first position only.

Names follow the papers: hit@k / MRR (MultiTQ, TimeR4), p@1 (EXAQT), AR@k / ER@k (MRAG), capped R@k, nDCG@k and
Topological Recall TR (FastInsight, §4.3).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tkgrag.eval.matching import is_correct, normalize_name, parse_time, same_answer, text_contains_answer, time_covers
from tkgrag.eval.types import EvalQuestion, GoldAnswer, Prediction, Quad, RetrievedEvent

PerQuestion = Callable[[EvalQuestion, Prediction], float | None]
Reduce = Callable[[Sequence[float]], float | None]


# --------------------------------------------------------------------------------------------------- reductions
def mean(values: Sequence[float]) -> float | None:
    """Arithmetic mean; None for no values."""
    return sum(values) / len(values) if values else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile with linear interpolation between closest ranks (numpy's default): position
    ``(n-1)*q/100`` in the sorted values. None for no values."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def percentile_nearest(values: Sequence[float], q: float) -> float:
    """The sorted value at position ``round((n-1)*q/100)`` (no interpolation: a latency some question really had), as
    the reader benchmarks report p95; NaN for no values."""
    xs = sorted(values)
    return xs[min(len(xs) - 1, round(q / 100.0 * (len(xs) - 1)))] if xs else float("nan")


def count(values: Sequence[float]) -> float | None:
    """How many questions the metric applied to."""
    return len(values)


# --------------------------------------------------------------------------------------------------- answers
def first_correct_rank(question: EvalQuestion, prediction: Prediction) -> int | None:
    """1-based rank of the first correct answer, ties broken pessimistically; None when no answer is correct.

    With scores: (answers scoring strictly higher than the best-scoring correct answer) + (wrong answers tied with
    it) + 1. Without scores: the position of the first correct answer in the list."""
    correct = [is_correct(a, question.answers) for a in prediction.answers]
    if not any(correct):
        return None
    if prediction.scores is None:
        return correct.index(True) + 1
    best = max(s for s, c in zip(prediction.scores, correct, strict=True) if c)
    higher = sum(1 for s in prediction.scores if s > best)
    tied_wrong = sum(1 for s, c in zip(prediction.scores, correct, strict=True) if s == best and not c)
    return higher + tied_wrong + 1


def hit_at(k: int) -> PerQuestion:
    def hit(question: EvalQuestion, prediction: Prediction) -> float:
        """1 if a gold answer is ranked within the top k (pessimistic ties), else 0."""
        rank = first_correct_rank(question, prediction)
        return 1.0 if rank is not None and rank <= k else 0.0

    return hit


def reciprocal_rank(question: EvalQuestion, prediction: Prediction) -> float:
    """1 / rank of the first correct answer (pessimistic ties, no cut-off); 0 when none is correct."""
    rank = first_correct_rank(question, prediction)
    return 0.0 if rank is None else 1.0 / rank


def precision_at_1(question: EvalQuestion, prediction: Prediction) -> float:
    """Fraction of the top tie group (answers sharing the best score; the first answer when there are no scores)
    that is correct; 0 for no answers. Equals hit@1 when the top answer is unique."""
    if not prediction.answers:
        return 0.0
    if prediction.scores is None:
        top = [prediction.answers[0]]
    else:
        best = max(prediction.scores)
        top = [a for a, s in zip(prediction.answers, prediction.scores, strict=True) if s == best]
    return sum(1 for a in top if is_correct(a, question.answers)) / len(top)


# --------------------------------------------------------------------------------------------------- events
def _same_time(a: str, b: str) -> bool:
    ta, tb = parse_time(a), parse_time(b)
    return ta == tb if ta is not None and tb is not None else a.strip() == b.strip()


def event_matches(gold: Quad, event: RetrievedEvent) -> bool:
    """A retrieved event is a gold evidence event when subject, relation and object have the same name key
    (:func:`~tkgrag.eval.matching.normalize_name`) and the times denote the same span."""
    s, r, o, t = gold
    return (
        normalize_name(s) == normalize_name(event.subject)
        and normalize_name(r) == normalize_name(event.relation)
        and normalize_name(o) == normalize_name(event.object)
        and _same_time(t, event.time)
    )


def _gold_events_found(question: EvalQuestion, prediction: Prediction, k: int) -> tuple[int, int]:
    gold = list(dict.fromkeys(question.gold_events))
    top = prediction.events[:k]
    found = sum(1 for g in gold if any(event_matches(g, e) for e in top))
    return found, len(gold)


def evidence_hit_at(k: int) -> PerQuestion:
    def evidence_hit(question: EvalQuestion, prediction: Prediction) -> float | None:
        """1 if at least one gold evidence event is among the top k retrieved events; None without gold events."""
        found, total = _gold_events_found(question, prediction, k)
        return None if total == 0 else float(found > 0)

    return evidence_hit


def evidence_recall_at(k: int) -> PerQuestion:
    def evidence_recall(question: EvalQuestion, prediction: Prediction) -> float | None:
        """Fraction of the (distinct) gold evidence events among the top k retrieved events; None without any."""
        found, total = _gold_events_found(question, prediction, k)
        return None if total == 0 else found / total

    return evidence_recall


def _event_states(event: RetrievedEvent, gold: GoldAnswer) -> bool:
    return any(
        same_answer(event.subject, form) or same_answer(event.object, form) or time_covers(event.time, form)
        for form in gold.forms
    )


def answer_recall_at(k: int) -> PerQuestion:
    def answer_recall(question: EvalQuestion, prediction: Prediction) -> float:
        """1 if some gold answer appears in one of the top k retrieved events: as its subject or object (name
        match), or, for a time answer, as its time seen at the answer's granularity (an event on 2014-05-13 states
        the month 2014-05); else 0. Measures whether the retrieval put the answer within the reader's reach."""
        top = prediction.events[:k]
        return float(any(_event_states(e, g) for e in top for g in question.answers))

    return answer_recall


# --------------------------------------------------------------------------------------------------- cost
def tokens(question: EvalQuestion, prediction: Prediction) -> float | None:
    """LLM tokens (prompt + completion) spent on the question; None when not counted."""
    return None if prediction.tokens is None else float(prediction.tokens)


def latency_ms(question: EvalQuestion, prediction: Prediction) -> float | None:
    """Wall time of the whole ask in milliseconds; None when not measured."""
    return prediction.latency_ms


def one(question: EvalQuestion, prediction: Prediction) -> float:
    """1 per question (for the count ``n``)."""
    return 1.0


# --------------------------------------------------------------------------------------------------- passages
def _top_ids(prediction: Prediction, k: int) -> list[str]:
    return list(dict.fromkeys(p.id for p in prediction.passages))[:k]


def answer_recall_passages_at(k: int) -> PerQuestion:
    def ar(question: EvalQuestion, prediction: Prediction) -> float:
        """AR@k (MRAG): 1 if some gold answer string occurs, as whole words after name normalisation, in the text of
        one of the top k retrieved passages; else 0."""
        top = prediction.passages[:k]
        return float(any(text_contains_answer(p.text, g) for p in top for g in question.answers))

    return ar


def evidence_recall_passages_at(k: int) -> PerQuestion:
    def er(question: EvalQuestion, prediction: Prediction) -> float | None:
        """ER@k (MRAG): |gold passages in the top k| / |gold passages|; None without gold passages."""
        gold = set(question.gold_passages)
        if not gold:
            return None
        return len(gold.intersection(_top_ids(prediction, k))) / len(gold)

    return er


def capped_recall_at(k: int) -> PerQuestion:
    def capped(question: EvalQuestion, prediction: Prediction) -> float | None:
        """Capped R@k (FastInsight §4.3.1): |gold in the top k| / min(k, |gold|), so 1 is reachable even when there
        are more gold passages than k; None without gold passages."""
        gold = set(question.gold_passages)
        if not gold:
            return None
        return len(gold.intersection(_top_ids(prediction, k))) / min(k, len(gold))

    return capped


def ndcg(ranked_ids: Sequence[str], gains: Mapping[str, float], k: int) -> float | None:
    """nDCG@k with linear gains (trec_eval / BEIR convention): DCG = sum_{i=1..k} gain(d_i) / log2(i + 1) over the
    ranked list (repeats count once, at their first position), divided by the DCG of the ideal order of ``gains``
    (largest first, top k). None when no document has a positive gain."""
    ideal = sorted((g for g in gains.values() if g > 0), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    if idcg == 0:
        return None
    ranked = list(dict.fromkeys(ranked_ids))[:k]
    dcg = sum(gains.get(d, 0.0) / math.log2(i + 2) for i, d in enumerate(ranked))
    return dcg / idcg


def ndcg_at(k: int, *, graded: bool = True) -> PerQuestion:
    def score(question: EvalQuestion, prediction: Prediction) -> float | None:
        """nDCG@k over retrieved passages; gains are the question's ``passage_grades`` when ``graded`` and the
        dataset has grades, else 1 for every gold passage (binary); None without gold passages."""
        if graded and question.passage_grades:
            gains: Mapping[str, float] = question.passage_grades
        else:
            gains = dict.fromkeys(question.gold_passages, 1.0)
        return ndcg([p.id for p in prediction.passages], gains, k)

    return score


# --------------------------------------------------------------------------------------------------- topology
@dataclass
class CorpusGraph:
    """Undirected adjacency of a corpus graph (citations, links) for Topological Recall. A citation is followed both
    ways, and ``deg`` counts distinct neighbours."""

    adjacency: dict[str, set[str]] = field(default_factory=dict)

    @classmethod
    def from_edges(cls, edges: Iterable[tuple[str, str]]) -> CorpusGraph:
        adj: dict[str, set[str]] = {}
        for a, b in edges:
            if a == b:
                continue
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
        return cls(adj)

    def degree(self, node: str) -> int:
        return len(self.adjacency.get(node, ()))


def path_uncertainty(graph: CorpusGraph, retrieved: set[str], oracle: str) -> float:
    """u(E, N_ret, n_i) of FastInsight Definition 7: the least, over retrieved nodes n_j, of the sum of
    ln(1 + deg(n_k)) over the nodes n_k on the shortest (fewest-hop) path from n_j to n_i, n_i itself excluded.
    Where several fewest-hop paths exist the least accumulated value is taken. 0 when n_i is retrieved, infinity
    when no retrieved node reaches it.

    Computed by a breadth-first search out of n_i, carrying for every node the best accumulated log-degree of its
    fewest-hop paths to n_i; it stops once no farther node can do better (each node adds at least ln 2)."""
    if oracle in retrieved:
        return 0.0
    if oracle not in graph.adjacency:
        return math.inf
    cost: dict[str, float] = {oracle: 0.0}
    frontier = [oracle]
    best = math.inf
    hops = 0
    while frontier and (hops + 1) * math.log(2) < best:
        hops += 1
        layer: dict[str, float] = {}
        for w in frontier:
            for v in graph.adjacency.get(w, ()):
                if v in cost:
                    continue
                c = cost[w] + math.log(1 + graph.degree(v))
                if c < layer.get(v, math.inf):
                    layer[v] = c
        cost.update(layer)
        frontier = list(layer)
        found = [c for v, c in layer.items() if v in retrieved]
        if found:
            best = min(best, *found)
    return best


def topological_recall(graph: CorpusGraph, retrieved: Iterable[str], oracle: Iterable[str]) -> float | None:
    """TR (FastInsight Definition 7): the mean over oracle nodes n_i of 1 / (1 + u(E, N_ret, n_i)). A retrieved oracle
    node scores 1, an unreachable one 0, a missed one near the retrieved set partial credit, so TR = Recall + MissTR
    (Corollary 1). None without oracle nodes."""
    gold = list(dict.fromkeys(oracle))
    if not gold:
        return None
    ret = set(retrieved)
    return sum(1.0 / (1.0 + path_uncertainty(graph, ret, n)) for n in gold) / len(gold)


def topological_recall_at(k: int, graph: CorpusGraph) -> PerQuestion:
    def tr(question: EvalQuestion, prediction: Prediction) -> float | None:
        """TR over the top k retrieved passages with the question's gold passages as oracle nodes."""
        return topological_recall(graph, _top_ids(prediction, k), question.gold_passages)

    return tr


# --------------------------------------------------------------------------------------------------- registry
@dataclass(frozen=True)
class MetricSpec:
    """A named metric: what it computes per question and how the values reduce over a group."""

    name: str
    per_question: PerQuestion
    reduce: Reduce = mean

    @property
    def doc(self) -> str:
        return (self.per_question.__doc__ or "").strip()


_FIXED: dict[str, MetricSpec] = {
    "mrr": MetricSpec("mrr", reciprocal_rank),
    "p@1": MetricSpec("p@1", precision_at_1),
    "tokens_mean": MetricSpec("tokens_mean", tokens),
    "latency_ms_p50": MetricSpec("latency_ms_p50", latency_ms, lambda xs: percentile(xs, 50)),
    "latency_ms_p95": MetricSpec("latency_ms_p95", latency_ms, lambda xs: percentile(xs, 95)),
    "n": MetricSpec("n", one, count),
}
_AT_K: dict[str, Callable[[int], PerQuestion]] = {
    "hit": hit_at,
    "evidence_hit": evidence_hit_at,
    "evidence_recall": evidence_recall_at,
    "answer_recall": answer_recall_at,
    "AR": answer_recall_passages_at,
    "ER": evidence_recall_passages_at,
    "R": capped_recall_at,
    "nDCG": ndcg_at,
    "nDCG_binary": lambda k: ndcg_at(k, graded=False),
}
_NAME_AT_K = re.compile(r"^([A-Za-z_]+)@(\d+)$")

TKG_METRICS: tuple[str, ...] = (
    "hit@1",
    "hit@5",
    "hit@10",
    "mrr",
    "p@1",
    "evidence_hit@10",
    "evidence_recall@10",
    "answer_recall@10",
    "tokens_mean",
    "latency_ms_p50",
    "latency_ms_p95",
    "n",
)
"""The default metric set for methods that answer over the temporal KG."""

PASSAGE_METRICS: tuple[str, ...] = (
    "hit@1",
    "p@1",
    "AR@1",
    "AR@5",
    "AR@10",
    "ER@1",
    "ER@5",
    "ER@10",
    "R@10",
    "nDCG@10",
    "nDCG_binary@10",
    "tokens_mean",
    "latency_ms_p50",
    "latency_ms_p95",
    "n",
)
"""The default metric set for passage / corpus-graph methods (add ``topological_recall_at`` where a graph exists)."""


def metric(name: str) -> MetricSpec:
    """The metric called ``name``: one of the fixed names or ``<family>@<k>`` (hit, evidence_hit, evidence_recall,
    answer_recall, AR, ER, R, nDCG, nDCG_binary). TR@k needs the corpus graph: build it with
    ``MetricSpec("TR@10", topological_recall_at(10, graph))``."""
    if name in _FIXED:
        return _FIXED[name]
    m = _NAME_AT_K.match(name)
    if m and m.group(1) in _AT_K and int(m.group(2)) > 0:
        return MetricSpec(name, _AT_K[m.group(1)](int(m.group(2))))
    known = sorted(_FIXED) + [f"{f}@k" for f in _AT_K]
    raise ValueError(f"unknown metric {name!r}; known: {', '.join(known)}")


def metrics(names: Iterable[str]) -> list[MetricSpec]:
    return [metric(n) for n in names]
