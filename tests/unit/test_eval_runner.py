"""The evaluation runner without a database: question selection, metric sets, evidence conversion, explicit
constraints, and run_eval's bookkeeping over in-memory retrievers and readers behind the real retrieval contract
(``RetrieverBase`` + ``RequestScope``; the real server run is tests/integration/test_eval_cli.py)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tkgrag.errors import ConfigError, StoreError
from tkgrag.eval.types import Dataset, EvalQuestion, GoldAnswer, SourceRef
from tkgrag.evaluation.report import format_value, markdown_tables, write_run
from tkgrag.evaluation.runner import (
    EvalOptions,
    event_time,
    metric_names,
    retrieved_events,
    run_eval,
    select_questions,
)
from tkgrag.model import (
    Answer,
    AnswerCandidate,
    Evidence,
    ItemKind,
    Retrieval,
    TemporalConstraint,
    TemporalRelation,
    TokenUsage,
)
from tkgrag.question import understand
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.understanding import Understanding, parse_only
from tkgrag.readers.base import Reader
from tkgrag.readers.llm import context_tokens
from tkgrag.retrievers.base import Need, RequestScope, RetrievalRequest, Retriever, RetrieverBase
from tkgrag.temporal import Granularity, TimeSpan


# --------------------------------------------------------------------------------------------- building blocks
def question(
    qid: str, qtype: str = "equal", answers: tuple[str, ...] = ("A",), gold: tuple[Any, ...] = ()
) -> EvalQuestion:
    return EvalQuestion(
        id=qid,
        question=f"question {qid}",
        answers=tuple(GoldAnswer(a) for a in answers),
        answer_type="entity",
        time_level=None,
        qtype=qtype,
        source=SourceRef("mem.jsonl", line=1),
        dataset="tkgqa",
        gold_events=gold,
    )


def ev(s: str, r: str, o: str, day: str, score: float = 1.0) -> Evidence:
    span = TimeSpan.parse(day)
    return Evidence.event(f"{s}|{r}|{o}|{day}", f"{s} {r} {o} on {day}", s, r, o, span, score)


@dataclass
class ListRetriever(RetrieverBase):
    """Returns fixed evidence per question text through ``RequestScope`` (which decides the constraints applied);
    records every request and the constraints it applied."""

    name: str
    by_question: dict[str, list[Evidence]]
    needs: frozenset[Need] = frozenset()
    kinds: frozenset[ItemKind] = frozenset({ItemKind.EVENT})
    fail_on: set[str] = field(default_factory=set)
    asked: list[RetrievalRequest] = field(default_factory=list)
    applied: list[tuple[TemporalConstraint, ...]] = field(default_factory=list)
    draws: list[float] = field(default_factory=list)

    def run(self, request: RetrievalRequest) -> Retrieval:
        self.asked.append(request)
        self.draws.append(random.random())
        if request.text in self.fail_on:
            raise StoreError("the server went away")
        scope = RequestScope.of(self, request)
        self.applied.append(scope.constraints)
        return scope.result(self, request, self.by_question.get(request.text, []))


APPLIES = frozenset({Need.CONSTRAINTS})


@dataclass
class Facade:
    """The two calls run_eval makes on TKGRag."""

    retrievers: dict[str, Any]
    readers: dict[str, Any] = field(default_factory=dict)
    understood: list[str] = field(default_factory=list)

    def understand(self, text: str) -> Understanding:
        """The graph-free understanding (a unit test has no graph); records each question understood."""
        self.understood.append(text)
        return parse_only(text)

    def retriever(self, name: str) -> Any:
        if name not in self.retrievers:
            raise ConfigError(f"unknown retrieval method {name!r}")
        return self.retrievers[name]

    def reader(self, name: str) -> Any:
        if name not in self.readers:
            raise ConfigError(f"unknown reader {name!r}")
        return self.readers[name]


def dataset(questions: list[EvalQuestion]) -> Dataset:
    return Dataset("mem", "tkgqa", "mem.jsonl", questions)


# --------------------------------------------------------------------------------------------- pure helpers
def test_limit_takes_question_types_round_robin_in_file_order() -> None:
    qs = [question(str(i), t) for i, t in enumerate(["a", "a", "a", "b", "c", "c"])]
    # depth 0: a->0, b->3, c->4; depth 1: a->1 (limit 4 reached); back in file order
    assert [q.id for q in select_questions(qs, 4)] == ["0", "1", "3", "4"]
    assert [q.id for q in select_questions(qs, 2)] == ["0", "3"]
    assert select_questions(qs, None) == qs == select_questions(qs, 99)


def test_metric_names_follow_reader_k_and_dataset_kind() -> None:
    qs = [question("1", gold=(("A", "r", "B", "2014-01-01"),))]
    assert metric_names(qs, EvalOptions(("m",), reader="none")) == [
        "evidence_hit@10",
        "evidence_recall@10",
        "answer_recall@10",
        "tokens_mean",
        "latency_ms_p50",
        "latency_ms_p95",
        "n",
    ]
    with_reader = metric_names(qs, EvalOptions(("m",), reader="symbolic"))
    assert with_reader[:5] == ["hit@1", "hit@5", "hit@10", "mrr", "p@1"] and with_reader[-1] == "n"
    at5 = metric_names(qs, EvalOptions(("m",), reader="none", k=5))
    assert at5[3:7] == ["evidence_hit@5", "evidence_recall@5", "answer_recall@5", "tokens_mean"]
    passage_q = EvalQuestion("p", "q?", (GoldAnswer("x"),), "entity", None, "t", SourceRef("f"), "timeqa", (), ("p1",))
    # passage metrics; without a reader hit@1 and p@1 (answer metrics) are dropped
    assert metric_names([passage_q], EvalOptions(("m",)))[:3] == ["AR@1", "AR@5", "AR@10"]


def test_event_time_is_the_start_at_the_facts_granularity() -> None:
    assert event_time(TimeSpan.parse("2014-05-13")) == "2014-05-13"
    assert event_time(TimeSpan.parse("2014-05")) == "2014-05"
    assert event_time(TimeSpan(date(2001, 3, 4), date(2005, 1, 1), Granularity.YEAR)) == "2001"
    assert event_time(TimeSpan(None, date(2005, 1, 1))) == ""
    (e,) = retrieved_events([ev("Citizen_(India)", "Accuse", "Associated_Press", "2014-08-17")])
    assert (e.subject, e.relation, e.object, e.time) == ("Citizen_(India)", "Accuse", "Associated_Press", "2014-08-17")


@pytest.mark.parametrize(
    ("text", "relation", "start", "end"),
    [
        ("Who accused Associated Press on 2014-08-17?", "during", date(2014, 8, 17), date(2014, 8, 17)),
        ("Who negotiated with Latvia in December 2014?", "during", date(2014, 12, 1), date(2014, 12, 31)),
        ("Who consulted Iran before 2014-05-03?", "before", date(2014, 5, 3), date(2014, 5, 3)),
        ("Who consulted Iran after 2014-05-03?", "after", date(2014, 5, 3), date(2014, 5, 3)),
        ("Who criticized Iran since May 2014?", "during", date(2014, 5, 1), None),
    ],
)
def test_explicit_constraint_from_the_questions_time(text: str, relation: str, start: date, end: date | None) -> None:
    (c,) = explicit_constraints(understand(text))
    assert (c.relation, c.span.start, c.span.end, c.anchor_event) == (TemporalRelation(relation), start, end, None)
    assert parse_only(text).explicit_constraints == parse_only(text).constraints == (c,)


def test_every_explicit_time_is_a_constraint_in_the_order_stated() -> None:
    # (with "and" between them the two bounds are said as one range: h29s's window_edges)
    text = "Who consulted Iran after 2014-01-01, before 2014-05-03?"
    expected = (TemporalConstraint.after("2014-01-01"), TemporalConstraint.before("2014-05-03"))
    assert explicit_constraints(understand(text)) == expected == parse_only(text).explicit_constraints


def test_no_explicit_constraint_for_implicit_anchors_or_no_time() -> None:
    anchored = (
        "After Military Personnel (Canada) consulted Kathleen Wynne, who was the first to consult Kathleen Wynne?"
    )
    assert explicit_constraints(understand(anchored)) == () == parse_only(anchored).explicit_constraints
    assert parse_only("Who criticized Iran?").constraints == ()
    assert parse_only("   ").constraints == ()  # not a question it can parse: nothing to apply
    assert parse_only("   ").gaps()[0].startswith("the question could not be read")


def test_options_refuse_bad_values() -> None:
    with pytest.raises(ConfigError, match="at least one"):
        EvalOptions(())
    with pytest.raises(ConfigError, match="twice"):
        EvalOptions(("a", "a"))
    with pytest.raises(ConfigError, match="--limit"):
        EvalOptions(("a",), limit=0)


# --------------------------------------------------------------------------------------------- run_eval
G1 = ("A", "r", "B", "2014-01-01")
G2 = ("C", "r", "B", "2014-01-05")


def two_question_setup() -> tuple[list[EvalQuestion], dict[str, list[Evidence]]]:
    qs = [
        question("q1", "equal", ("A",), (G1, G2)),
        question("q2", "first_last", ("Z",), (G2,)),
    ]
    evidence = {
        "question q1": [ev("X", "r", "B", "2014-01-01"), ev(*G1), ev("C", "r", "B", "2014-01-06")],
        "question q2": [ev(*G2), ev("A", "r", "B", "2014-01-02")],
    }
    return qs, evidence


def test_retrieval_only_run_over_two_methods() -> None:
    qs, evidence = two_question_setup()
    plain = ListRetriever("plain", evidence)
    tc = ListRetriever("tc", evidence, needs=APPLIES)
    run = run_eval(Facade({"plain": plain, "tc": tc}), dataset(qs), EvalOptions(("plain", "tc"), k=2, progress=False))
    # same questions in the same order for both methods, with k and (no time stated -> no) constraints
    assert [r.text for r in plain.asked] == [r.text for r in tc.asked] == ["question q1", "question q2"]
    assert all(r.k == 2 and r.constraints == () for r in plain.asked + tc.asked)
    assert plain.applied == tc.applied == [(), ()]
    # same seed before each method -> the same random draws
    assert plain.draws == tc.draws
    doc = run.metrics_document()
    assert (doc["reader"], doc["k"], doc["questions"], list(doc["methods"])) == ("none", 2, 2, ["plain", "tc"])
    overall = doc["methods"]["plain"]["overall"]
    # k=2: q1 top-2 = [X.., G1] -> G1 found, G2 not: hit 1, recall 1/2; answer A is G1's subject -> AR 1
    #      q2 top-2 = [G2, A..] -> hit 1, recall 1; answer Z nowhere -> AR 0
    assert overall["evidence_hit@2"] == 1.0 and overall["evidence_recall@2"] == pytest.approx(0.75)
    assert overall["answer_recall@2"] == 0.5 and overall["n"] == 2
    # evidence@10 on 2 retrieved events equals @2 here
    assert overall["evidence_recall@10"] == pytest.approx(0.75)
    expected_tokens = [context_tokens(f"question {q}", evidence[f"question {q}"][:2]) for q in ("q1", "q2")]
    assert overall["tokens_mean"] == pytest.approx(sum(expected_tokens) / 2)
    rows = [r.as_json() for r in run.results["tc"]]
    assert [r["gold_evidence_found"] for r in rows] == [1, 1]
    assert rows[0]["events"] == [["X", "r", "B", "2014-01-01"], list(G1)]
    assert all(r["tokens_source"] == "context" and r["predictions"] == [] for r in rows)


def test_constraint_goes_to_retrievers_that_use_one() -> None:
    q = EvalQuestion(
        "t", "Who consulted Iran before 2014-05-03?", (GoldAnswer("A"),), "entity", None, "x", SourceRef("m"), "tkgqa"
    )
    plain, tc = ListRetriever("plain", {}), ListRetriever("tc", {}, needs=APPLIES)
    run = run_eval(Facade({"plain": plain, "tc": tc}), dataset([q]), EvalOptions(("plain", "tc"), progress=False))
    before = TemporalConstraint(TemporalRelation.BEFORE, TimeSpan(date(2014, 5, 3), date(2014, 5, 3)))
    # every method's request carries the question's explicit constraint ...
    assert [r.constraints for r in plain.asked] == [r.constraints for r in tc.asked] == [(before,)]
    # ... and only the one that needs constraints applies it; the other says it ignored it
    assert (plain.applied, tc.applied) == ([()], [(before,)])
    assert [r.constraint for r in run.results["plain"]] == [None]
    assert [r.constraint for r in run.results["tc"]] == ["before 2014-05-03"]
    assert [r.as_json()["constraint"] for r in run.results["tc"]] == ["before 2014-05-03"]


def test_first_question_failing_skips_the_method_later_failures_are_recorded() -> None:
    qs, evidence = two_question_setup()
    first = ListRetriever("m", evidence, fail_on={"question q1"})
    with pytest.raises(ConfigError, match=r"no method could run: m: method 'm' failed on the first question \(q1\)"):
        run_eval(Facade({"m": first}), dataset(qs), EvalOptions(("m",), progress=False))
    # beside a method that runs, the failing one is skipped with the reason and the other's results are kept
    first = ListRetriever("m", evidence, fail_on={"question q1"})
    ok = ListRetriever("ok", evidence)
    run = run_eval(Facade({"m": first, "ok": ok}), dataset(qs), EvalOptions(("m", "ok"), progress=False))
    assert list(run.results) == ["ok"]
    assert run.metrics_document()["skipped"] == {
        "m": "method 'm' failed on the first question (q1): the server went away"
    }
    later = ListRetriever("m", evidence, fail_on={"question q2"})
    run = run_eval(Facade({"m": later}), dataset(qs), EvalOptions(("m",), progress=False))
    failed = run.results["m"][1]
    assert failed.prediction.error == "StoreError: the server went away" and failed.prediction.events == ()
    overall = run.metrics_document()["methods"]["m"]["overall"]
    # q1 recall 1/2 (k=10 sees G1 only), q2 failed -> 0: mean 1/4; n counts both
    assert overall["evidence_recall@10"] == pytest.approx(0.25) and overall["n"] == 2


@dataclass
class BuggyRetriever(ListRetriever):
    """Raises what a bug raises (EXAQT's ranking raised ``KeyError`` on one answer graph), not a TkgragError."""

    def run(self, request: RetrievalRequest) -> Retrieval:
        if request.text in self.fail_on:
            self.asked.append(request)
            raise KeyError("Q201")
        return super().run(request)


@pytest.mark.parametrize("failing", ["question q1", "question q2"])
def test_a_bug_on_one_question_is_recorded_and_the_run_goes_on(failing: str) -> None:
    qs, evidence = two_question_setup()
    buggy = BuggyRetriever("m", evidence, fail_on={failing})
    run = run_eval(Facade({"m": buggy}), dataset(qs), EvalOptions(("m",), progress=False))
    assert [r.text for r in buggy.asked] == ["question q1", "question q2"]  # the other question was still asked
    errors = [r.prediction.error for r in run.results["m"]]
    assert errors == ["KeyError: 'Q201'" if f"question {r.question.id}" == failing else None for r in run.results["m"]]
    assert run.metrics_document()["methods"]["m"]["overall"]["n"] == 2  # the failed one counts (as wrong)


def test_unknown_method_or_reader_fails_before_any_question() -> None:
    qs, evidence = two_question_setup()
    r = ListRetriever("m", evidence)
    with pytest.raises(ConfigError, match="unknown retrieval method 'other'"):
        run_eval(Facade({"m": r}), dataset(qs), EvalOptions(("m", "other"), progress=False))
    with pytest.raises(ConfigError, match="unknown reader 'symbolic'"):
        run_eval(Facade({"m": r}), dataset(qs), EvalOptions(("m",), reader="symbolic", progress=False))
    assert r.asked == []


JANUARY = TemporalConstraint.in_period("2014-01")


@dataclass
class AnsweringReader:
    """Reads the retrieval it is given (a tie of two answers at the top for q1); records the requests."""

    name: str = "answering"
    given: list[RetrievalRequest] = field(default_factory=list)

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        self.given.append(request)
        cands = {
            "question q1": [AnswerCandidate("C", 2.0), AnswerCandidate("A", 2.0), AnswerCandidate("X", 1.0)],
            "question q2": [AnswerCandidate("Y", 3.0), AnswerCandidate("Z", 1.0)],
        }[request.text]
        return Answer(request.text, cands, retrieval, self.name, rewritten_question=f"{request.text} (rewritten)")


@dataclass
class LLMLikeReader:
    name: str = "llm"

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        return Answer(request.text, [AnswerCandidate("A", 1.0)], retrieval, self.name, tokens=TokenUsage(100, 20, 1))


def test_reader_answers_are_scored_with_ties_and_tokens() -> None:
    qs, evidence = two_question_setup()
    answering, retriever = AnsweringReader(), ListRetriever("m", evidence, needs=APPLIES)
    facade = Facade({"m": retriever}, {"answering": answering, "llm": LLMLikeReader()})
    run = run_eval(facade, dataset(qs), EvalOptions(("m",), reader="answering", k=5, progress=False))
    assert isinstance(answering, Reader) and isinstance(retriever, Retriever)
    # the reader reads the request the retriever got: the question as asked, k, and its understanding
    assert [(r.text, r.k) for r in answering.given] == [("question q1", 5), ("question q2", 5)]
    assert retriever.asked == answering.given
    assert all(r.understanding is not None and r.understanding.text == r.text for r in answering.given)
    o = run.metrics_document()["methods"]["m"]["overall"]
    # q1: gold A tied with wrong C at 2.0 -> pessimistic rank 2: hit@1 0, hit@5 1, rr 1/2, p@1 = 1/2 (top group C, A)
    # q2: gold Z below Y -> rank 2: hit@1 0, hit@5 1, rr 1/2, p@1 0
    assert (o["hit@1"], o["hit@5"], o["mrr"], o["p@1"]) == (0.0, 1.0, 0.5, 0.25)
    row = run.results["m"][0].as_json()
    assert row["rewrite"] == "question q1 (rewritten)" and row["tokens_source"] == "context"
    assert [p["answer"] for p in row["predictions"]] == ["C", "A", "X"]
    run = run_eval(facade, dataset(qs), EvalOptions(("m",), reader="llm", progress=False))
    o = run.metrics_document()["methods"]["m"]["overall"]
    assert (o["hit@1"], o["tokens_mean"]) == (0.5, 120.0)  # A is right for q1 only; 100 + 20 tokens each
    assert run.results["m"][0].tokens_source == "llm"


def test_each_question_is_understood_once_per_run_whatever_the_methods() -> None:
    qs, evidence = two_question_setup()
    facade = Facade({"a": ListRetriever("a", evidence), "b": ListRetriever("b", evidence)})
    run_eval(facade, dataset(qs), EvalOptions(("a", "b"), progress=False))
    assert facade.understood == ["question q1", "question q2"]
    assert facade.retrievers["a"].asked[0].understanding is facade.retrievers["b"].asked[0].understanding


def test_a_retrieval_only_run_of_a_method_that_never_reads_the_grounding_does_not_ground() -> None:
    """Issue 25's latency check: grounding (linking queries) was paid, and counted in the latency, by chunk-vector and
    the other methods that read the parse at most. With no reader they get the parse only; a grounded method still
    gets the understanding, and so does any method when a reader follows."""
    qs, evidence = two_question_setup()
    plain = ListRetriever("plain", evidence)
    plain.grounded = False
    facade = Facade({"plain": plain, "grounded": ListRetriever("grounded", evidence)})
    run_eval(facade, dataset(qs), EvalOptions(("plain",), reader="none", progress=False))
    assert facade.understood == []
    assert plain.asked[0].understanding is not None and plain.asked[0].understanding.grounding is None
    assert plain.asked[0].understanding.question is not None  # parsed: its explicit times still apply
    run_eval(facade, dataset(qs), EvalOptions(("plain", "grounded"), reader="none", progress=False))
    assert facade.understood == ["question q1", "question q2"]


# --------------------------------------------------------------------------------------------- report
def test_written_files_and_markdown(tmp_path: Path) -> None:
    qs, evidence = two_question_setup()
    facade = Facade({"a": ListRetriever("a", evidence), "b": ListRetriever("b", {})})
    run = run_eval(facade, dataset(qs), EvalOptions(("a", "b"), progress=False))
    metrics_path, pred_path = write_run(run, tmp_path / "out")
    assert json.loads(metrics_path.read_text()) == json.loads(json.dumps(run.metrics_document()))
    lines = [json.loads(x) for x in pred_path.read_text().splitlines()]
    assert [(r["method"], r["qid"]) for r in lines] == [("a", "q1"), ("a", "q2"), ("b", "q1"), ("b", "q2")]
    md = markdown_tables(run.metrics_document())
    # a: q1 recall 1/2 (G1 of G1, G2 among 3 retrieved), q2 recall 1; b retrieves nothing
    assert "| evidence_recall@10 | 0.750 | 0.000 |" in md
    assert "| n | 2 | 2 |" in md
    assert "| equal | 1 | 0.500 | 0.000 |" in md and "| first_last | 1 | 1.000 | 0.000 |" in md


def test_format_value() -> None:
    assert [format_value("n", 440.0), format_value("tokens_mean", 1234.56), format_value("hit@1", 0.5)] == [
        "440",
        "1,234.6",
        "0.500",
    ]
    assert format_value("mrr", None) == "-"


def test_a_known_method_that_cannot_be_built_is_skipped_with_the_reason() -> None:
    """`eval -m chunk-vector -m re2` without a cross-encoder wrote nothing; now re2 is skipped and the rest written."""

    @dataclass
    class NoCrossEncoder(Facade):
        def retriever(self, name: str) -> Any:
            if name == "re2":
                raise ConfigError("no cross-encoder: set TKGRAG_RERANKER_MODEL")
            return super().retriever(name)

    qs, evidence = two_question_setup()
    run = run_eval(
        NoCrossEncoder({"m": ListRetriever("m", evidence)}), dataset(qs), EvalOptions(("m", "re2"), progress=False)
    )
    assert list(run.results) == ["m"]
    assert run.metrics_document()["skipped"] == {"re2": "no cross-encoder: set TKGRAG_RERANKER_MODEL"}


def test_the_report_puts_methods_side_by_side_with_the_plot_and_the_skipped(tmp_path: Path) -> None:
    from tkgrag.evaluation.run_report import write_report

    qs, evidence = two_question_setup()
    run = run_eval(
        Facade({"m": ListRetriever("m", evidence)}), dataset(qs), EvalOptions(("m",), reader="none", progress=False)
    )
    doc = {**run.metrics_document(), "skipped": {"re2": "no cross-encoder"}}
    report, plot = write_report(doc, tmp_path)
    text = report.read_text()
    assert text.startswith("# mem: reader none, k=10, 2 questions")
    assert "| m |" in text and "- `re2`: no cross-encoder" in text
    assert plot is not None and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "![accuracy against mean context tokens](accuracy_vs_tokens.png)" in text
