"""Every metric against values worked out by hand (the arithmetic is in the comments)."""

from __future__ import annotations

import math

import pytest

from tkgrag.eval.metrics import (
    PASSAGE_METRICS,
    TKG_METRICS,
    CorpusGraph,
    MetricSpec,
    first_correct_rank,
    metric,
    ndcg,
    path_uncertainty,
    percentile,
    percentile_nearest,
    topological_recall,
    topological_recall_at,
)
from tkgrag.eval.types import (
    EvalQuestion,
    GoldAnswer,
    Prediction,
    RetrievedEvent,
    RetrievedPassage,
    SourceRef,
)
from tkgrag.temporal import Granularity

REF = SourceRef("fixture.jsonl", line=1)


def question(
    answers: tuple[str, ...] = ("Iran", "China"),
    *,
    events: tuple[tuple[str, str, str, str], ...] = (),
    passages: tuple[str, ...] = (),
    grades: dict[str, float] | None = None,
    qtype: str = "equal",
    qid: str = "q1",
    answer_type: str = "entity",
) -> EvalQuestion:
    return EvalQuestion(
        id=qid,
        question="?",
        answers=tuple(GoldAnswer(a) for a in answers),
        answer_type=answer_type,  # type: ignore[arg-type]
        time_level=Granularity.DAY,
        qtype=qtype,
        source=REF,
        dataset="fixture",
        gold_events=events,
        gold_passages=passages,
        passage_grades=grades or {},
    )


def value(name: str, q: EvalQuestion, p: Prediction) -> float | None:
    return metric(name).per_question(q, p)


# ----------------------------------------------------------------------------------------- answers
def test_unique_top_answer() -> None:
    q = question()
    p = Prediction("q1", ("iran", "Iraq"))
    # first correct at rank 1 -> hit@1 = hit@5 = 1, MRR = 1/1, p@1 = 1/1
    assert [value(m, q, p) for m in ("hit@1", "hit@5", "hit@10", "mrr", "p@1")] == [1.0, 1.0, 1.0, 1.0, 1.0]


def test_correct_answer_at_rank_three_without_scores() -> None:
    q = question()
    p = Prediction("q1", ("Iraq", "Syria", "China_"))
    # list order is the ranking; first correct ("China_" ~ "China") at rank 3
    # hit@1 = 0, hit@5 = 1, MRR = 1/3, p@1 = 0 (top answer Iraq is wrong)
    assert value("hit@1", q, p) == 0.0
    assert value("hit@5", q, p) == 1.0
    assert value("mrr", q, p) == pytest.approx(1 / 3)
    assert value("p@1", q, p) == 0.0


def test_ties_are_pessimistic_for_hit_and_mrr_and_shared_for_p_at_1() -> None:
    q = question()
    p = Prediction("q1", ("Iraq", "Iran", "Syria"), scores=(0.9, 0.9, 0.5))
    # Iran is tied with the wrong Iraq at the top: rank = 0 strictly higher + 1 tied wrong + 1 = 2
    assert first_correct_rank(q, p) == 2
    assert value("hit@1", q, p) == 0.0
    assert value("hit@5", q, p) == 1.0
    assert value("mrr", q, p) == 0.5
    # top tie group {Iraq, Iran}: 1 of 2 correct -> p@1 = 0.5
    assert value("p@1", q, p) == 0.5


def test_tie_of_two_correct_answers_is_rank_one() -> None:
    q = question()
    p = Prediction("q1", ("China", "Iran", "Iraq"), scores=(2.0, 2.0, 1.0))
    # top group {China, Iran}: no wrong answer tied with them -> rank 1; p@1 = 2/2
    assert value("hit@1", q, p) == 1.0
    assert value("mrr", q, p) == 1.0
    assert value("p@1", q, p) == 1.0


def test_scores_rank_even_when_the_list_is_not_sorted() -> None:
    q = question()
    p = Prediction("q1", ("Iraq", "Syria", "Iran"), scores=(0.1, 0.5, 0.8))
    # by score Iran (0.8) is first -> rank 1
    assert value("mrr", q, p) == 1.0
    # without the scores it would be rank 3
    assert value("mrr", q, Prediction("q1", p.answers)) == pytest.approx(1 / 3)


def test_hit_at_k_boundary() -> None:
    q = question(("E",))
    answers = tuple("ABCDEFGHIJK")  # E at rank 5, K at rank 11
    assert value("hit@5", q, Prediction("q1", answers)) == 1.0
    assert value("hit@4", q, Prediction("q1", answers)) == 0.0
    q11 = question(("K",))
    assert value("hit@10", q11, Prediction("q1", answers)) == 0.0
    assert value("mrr", q11, Prediction("q1", answers)) == pytest.approx(1 / 11)


def test_empty_prediction_scores_zero() -> None:
    q = question()
    p = Prediction("q1")
    assert [value(m, q, p) for m in ("hit@1", "hit@10", "mrr", "p@1", "answer_recall@10")] == [0.0] * 5


def test_time_answers_use_granularity() -> None:
    q = question(("2014-05",), answer_type="time")
    # a day inside the gold month is NOT the month: rank of first correct is 2
    p = Prediction("q1", ("2014-05-13", "2014-05"))
    assert value("mrr", q, p) == 0.5


def test_scores_must_match_answers() -> None:
    with pytest.raises(ValueError, match="2 scores for 1 answers"):
        Prediction("q1", ("a",), scores=(1.0, 0.5))


# ----------------------------------------------------------------------------------------- events
GOLD_EVENTS = (
    ("Iran", "Consult", "Tajikistan", "2014-02-06"),
    ("Citizen_(India)", "Accuse", "Associated_Press", "2014-08-17"),
    ("China", "Praise_or_endorse", "Iran", "2014-03-01"),
    ("Iran", "Consult", "Tajikistan", "2014-02-06"),  # repeated: counted once
)


def ev(s: str, r: str, o: str, t: str) -> RetrievedEvent:
    return RetrievedEvent(s, r, o, t)


def test_evidence_hit_and_recall_at_10() -> None:
    q = question(events=GOLD_EVENTS)
    filler = [ev("X", "Y", "Z", "2014-01-01")] * 8
    events = (
        ev("X", "Y", "Z", "2014-01-01"),
        ev("Citizen (India)", "accuse", "Associated Press", "2014-08-17"),  # gold 2, other spelling, rank 2
        *filler,  # ranks 3..10
        ev("Iran", "Consult", "Tajikistan", "2014-02-06"),  # gold 1 but at rank 11: outside the top 10
        ev("China", "Praise_or_endorse", "Iran", "2014-03-02"),  # wrong day: not gold 3
    )
    p = Prediction("q1", events=events)
    # distinct gold events = 3; found in top 10 = {gold 2} -> hit 1, recall 1/3
    assert value("evidence_hit@10", q, p) == 1.0
    assert value("evidence_recall@10", q, p) == pytest.approx(1 / 3)
    # top 11 adds gold 1 -> recall 2/3
    assert value("evidence_recall@11", q, p) == pytest.approx(2 / 3)
    # top 1 holds no gold event -> hit 0
    assert value("evidence_hit@1", q, p) == 0.0


def test_evidence_metrics_do_not_apply_without_gold_events() -> None:
    q = question()
    p = Prediction("q1", events=(ev("Iran", "Consult", "Tajikistan", "2014-02-06"),))
    assert value("evidence_hit@10", q, p) is None
    assert value("evidence_recall@10", q, p) is None


def test_answer_recall_over_event_subject_object_and_time() -> None:
    p_obj = Prediction("q1", events=(ev("X", "Accuse", "Citizen_(India)", "2014-08-17"),))
    assert value("answer_recall@10", question(("Citizen (India)",)), p_obj) == 1.0  # object, underscores
    p_subj = Prediction("q1", events=(ev("iran", "Consult", "X", "2014-08-17"),))
    assert value("answer_recall@10", question(("Iran",)), p_subj) == 1.0  # subject, case
    assert value("answer_recall@10", question(("Iraq",)), p_subj) == 0.0
    month = question(("2014-08",), answer_type="time")
    assert value("answer_recall@10", month, p_subj) == 1.0  # event day 2014-08-17 lies in the gold month
    day = question(("2014-08-18",), answer_type="time")
    assert value("answer_recall@10", day, p_subj) == 0.0
    # the answer only in the 2nd event: found at k=2, not at k=1
    two = Prediction("q1", events=(ev("A", "r", "B", "2014-01-01"), ev("A", "r", "Iran", "2014-01-01")))
    assert value("answer_recall@1", question(("Iran",)), two) == 0.0
    assert value("answer_recall@2", question(("Iran",)), two) == 1.0


# ----------------------------------------------------------------------------------------- cost
def test_percentile_linear_interpolation() -> None:
    xs = [40.0, 10.0, 30.0, 20.0]
    # sorted 10 20 30 40; p50 at position 3*0.5 = 1.5 -> 20 + 0.5*(30-20) = 25
    assert percentile(xs, 50) == pytest.approx(25.0)
    # p95 at position 3*0.95 = 2.85 -> 30 + 0.85*(40-30) = 38.5
    assert percentile(xs, 95) == pytest.approx(38.5)
    assert percentile([7.0], 95) == 7.0
    assert percentile([], 50) is None


def test_percentile_nearest_takes_a_value_that_occurred() -> None:
    xs = [40.0, 10.0, 30.0, 20.0]
    # sorted 10 20 30 40; p95 at position round(3 * 0.95) = round(2.85) = 3 -> 40; p50 at round(1.5) = 2 -> 30
    assert percentile_nearest(xs, 95) == 40.0
    assert percentile_nearest(xs, 50) == 30.0
    assert percentile_nearest(xs, 0) == 10.0
    assert percentile_nearest([7.0], 95) == 7.0
    assert math.isnan(percentile_nearest([], 50))


def test_latency_and_tokens_reduce_over_measured_questions_only() -> None:
    q = question()
    preds = [
        Prediction("q1", tokens=100, latency_ms=10.0),
        Prediction("q1"),
        Prediction("q1", tokens=300, latency_ms=30.0),
    ]
    tok = metric("tokens_mean")
    vals = [v for p in preds if (v := tok.per_question(q, p)) is not None]
    # (100 + 300) / 2 = 200; the unmeasured prediction is left out
    assert tok.reduce(vals) == 200.0
    lat = metric("latency_ms_p50")
    lvals = [v for p in preds if (v := lat.per_question(q, p)) is not None]
    assert lat.reduce(lvals) == 20.0  # median of 10 and 30
    n = metric("n")
    assert n.reduce([n.per_question(q, p) for p in preds]) == 3  # type: ignore[misc]


# ----------------------------------------------------------------------------------------- passages
def passages(*ids: str, texts: dict[str, str] | None = None) -> tuple[RetrievedPassage, ...]:
    return tuple(RetrievedPassage(i, (texts or {}).get(i, "")) for i in ids)


def test_answer_recall_in_passages() -> None:
    q = EvalQuestion(
        id="q1",
        question="?",
        answers=(GoldAnswer("G. Stanley Hall", ("Stanley Hall",)),),
        answer_type="entity",
        time_level=None,
        qtype="2hop",
        source=REF,
        dataset="fixture",
    )
    p = Prediction(
        "q1",
        passages=passages(
            "a", "b", texts={"a": "The APA was founded in 1892.", "b": "Its first president, Stanley Hall ."}
        ),
    )
    # the alias occurs in the 2nd passage only
    assert value("AR@1", q, p) == 0.0
    assert value("AR@2", q, p) == 1.0
    assert value("AR@5", q, Prediction("q1")) == 0.0


def test_er_and_capped_recall() -> None:
    q = question(passages=("a", "b", "c"))
    p = Prediction("q1", passages=passages("x", "a", "y", "b"))
    # ER@2: top2 {x, a} has 1 of 3 gold -> 1/3;  ER@4: {a, b} -> 2/3
    assert value("ER@2", q, p) == pytest.approx(1 / 3)
    assert value("ER@4", q, p) == pytest.approx(2 / 3)
    # capped R@2: 1 / min(2, 3) = 1/2;  R@4: 2 / min(4, 3) = 2/3
    assert value("R@2", q, p) == pytest.approx(1 / 2)
    assert value("R@4", q, p) == pytest.approx(2 / 3)
    # both gold in the top 2: R@2 = 2 / min(2, 3) = 1 (capped) while ER@2 = 2/3
    best = Prediction("q1", passages=passages("a", "b"))
    assert value("R@2", q, best) == 1.0
    assert value("ER@2", q, best) == pytest.approx(2 / 3)
    # a repeated id counts once: [a, a, b] top 2 = {a, b}
    assert value("ER@2", q, Prediction("q1", passages=passages("a", "a", "b"))) == pytest.approx(2 / 3)
    assert value("R@10", question(), p) is None  # no gold passages
    assert value("R@10", q, Prediction("q1")) == 0.0  # nothing retrieved


def test_ndcg_binary() -> None:
    q = question(passages=("a", "b", "c"))
    p = Prediction("q1", passages=passages("x", "a", "y", "b"))
    # DCG@4 = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068 = 1.06161
    # IDCG@4 = 1/log2(2) + 1/log2(3) + 1/log2(4) = 1 + 0.63093 + 0.5 = 2.13093
    # nDCG = 1.06161 / 2.13093 = 0.49819
    assert value("nDCG@4", q, p) == pytest.approx(0.498189257, abs=1e-8)
    assert value("nDCG_binary@4", q, p) == pytest.approx(0.498189257, abs=1e-8)
    # perfect order -> 1; nothing relevant retrieved -> 0
    assert value("nDCG@3", q, Prediction("q1", passages=passages("c", "b", "a"))) == pytest.approx(1.0)
    assert value("nDCG@3", q, Prediction("q1", passages=passages("x", "y"))) == 0.0
    assert value("nDCG@3", question(), p) is None


def test_ndcg_graded() -> None:
    grades = {"a": 3.0, "b": 1.0, "c": 2.0}
    q = question(passages=("a", "b", "c"), grades=grades)
    p = Prediction("q1", passages=passages("x", "a", "y", "b"))
    # DCG@4 = 3/log2(3) + 1/log2(5) = 1.89279 + 0.43068 = 2.32347
    # ideal order a(3) c(2) b(1): IDCG@4 = 3/1 + 2/log2(3) + 1/log2(4) = 3 + 1.26186 + 0.5 = 4.76186
    # nDCG = 2.32347 / 4.76186 = 0.48793
    assert value("nDCG@4", q, p) == pytest.approx(0.487932459, abs=1e-8)
    # the binary variant ignores the grades: same as test_ndcg_binary
    assert value("nDCG_binary@4", q, p) == pytest.approx(0.498189257, abs=1e-8)
    # cut-off k=1 with a at the top: DCG = 3/1, IDCG@1 = 3/1 -> 1
    assert ndcg(["a", "x"], grades, 1) == 1.0
    # k=1 with c at the top: 2/3
    assert ndcg(["c"], grades, 1) == pytest.approx(2 / 3)
    assert ndcg(["a"], {}, 5) is None


# ----------------------------------------------------------------------------------------- topological recall
PATH = CorpusGraph.from_edges([("1", "2"), ("2", "3"), ("3", "4"), ("2", "5")])
# degrees: 1:1, 2:3, 3:2, 4:1, 5:1


def test_topological_recall_on_a_path() -> None:
    # oracle 4 from retrieved 1: fewest-hop path 1-2-3-4; nodes except 4: 1, 2, 3
    # u = ln(1+1) + ln(1+3) + ln(1+2) = ln 24 = 3.17805 -> credit 1/(1+3.17805) = 0.23935
    # oracle 1 is retrieved -> credit 1;  TR = (1 + 0.23935) / 2 = 0.61967
    assert path_uncertainty(PATH, {"1"}, "4") == pytest.approx(math.log(24))
    assert topological_recall(PATH, ["1"], ["1", "4"]) == pytest.approx(0.619672944, abs=1e-8)
    # Corollary 1: TR = Recall + |miss|/|oracle| * TR(miss) = 1/2 + 1/2 * 0.23935
    miss_tr = topological_recall(PATH, ["1"], ["4"])
    assert miss_tr is not None
    assert topological_recall(PATH, ["1"], ["1", "4"]) == pytest.approx(0.5 + 0.5 * miss_tr)


def test_topological_recall_takes_the_cheapest_of_equal_hop_paths_and_nearest_seed() -> None:
    # square s-a-t, s-b-t; b also has leaves x, y. deg: s 2, a 2, b 4, t 2, x 1, y 1
    g = CorpusGraph.from_edges([("s", "a"), ("a", "t"), ("s", "b"), ("b", "t"), ("b", "x"), ("b", "y")])
    # s-a-t: ln3 + ln3 = ln 9 = 2.19722;  s-b-t: ln3 + ln5 = ln 15 -> u = ln 9, TR = 1/(1+ln 9) = 0.31277
    assert topological_recall(g, ["s"], ["t"]) == pytest.approx(0.312771273, abs=1e-8)
    # seeds x and s: x-b-t costs ln2 + ln5 = ln 10 > ln 9, so s still gives u
    assert path_uncertainty(g, {"x", "s"}, "t") == pytest.approx(math.log(9))
    assert path_uncertainty(g, {"x"}, "t") == pytest.approx(math.log(10))


def test_topological_recall_follows_fewest_hops_not_lowest_cost() -> None:
    # r-h-t through a hub h with 8 extra leaves (deg h = 10) vs the longer r-p1-p2-t (all deg 2)
    edges = [("r", "h"), ("h", "t"), ("r", "p1"), ("p1", "p2"), ("p2", "t")] + [("h", f"leaf{i}") for i in range(8)]
    g = CorpusGraph.from_edges(edges)
    # Definition 7 sums along the shortest path: r-h-t (2 hops): ln(1+2) + ln(1+10) = ln 33 = 3.49651
    # (the 3-hop path would cost ln 27 = 3.29584 but is not the shortest path)
    assert path_uncertainty(g, {"r"}, "t") == pytest.approx(math.log(33))
    assert topological_recall(g, ["r"], ["t"]) == pytest.approx(0.222394822, abs=1e-8)


def test_topological_recall_unreachable_and_degenerate() -> None:
    g = CorpusGraph.from_edges([("a", "b"), ("c", "d")])
    assert topological_recall(g, ["a"], ["d"]) == 0.0  # other component
    assert topological_recall(g, ["a"], ["zz"]) == 0.0  # oracle not in the graph
    assert topological_recall(g, ["zz"], ["zz"]) == 1.0  # retrieved oracle counts even outside the graph
    assert topological_recall(g, [], ["a"]) == 0.0
    assert topological_recall(g, ["a"], []) is None


def test_topological_recall_metric_uses_top_k() -> None:
    q = question(passages=("1", "4"))
    p = Prediction("q1", passages=passages("5", "1"))
    spec = MetricSpec("TR@1", topological_recall_at(1, PATH))
    # top 1 = {5}: oracle 1 via 5-2-1: ln2 + ln4 = ln 8; oracle 4 via 5-2-3-4: ln2 + ln4 + ln3 = ln 24
    # TR = (1/(1+ln 8) + 1/(1+ln 24)) / 2
    expected = (1 / (1 + math.log(8)) + 1 / (1 + math.log(24))) / 2
    assert spec.per_question(q, p) == pytest.approx(expected)


# ----------------------------------------------------------------------------------------- registry
def test_every_default_metric_is_known_and_documented() -> None:
    for name in (*TKG_METRICS, *PASSAGE_METRICS):
        spec = metric(name)
        assert spec.name == name
        assert spec.doc, f"{name} has no docstring"


@pytest.mark.parametrize("name", ["hits@1", "hit@0", "hit@", "AR@x", "bogus"])
def test_unknown_metric_names(name: str) -> None:
    with pytest.raises(ValueError, match="unknown metric"):
        metric(name)
