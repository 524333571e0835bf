"""EXAQT's pure parts on hand-made facts: qualifier-aware temporal answer ranking per question category, terminal
groups and choices, GST runs per component, completion, and the converter of TimeR4's slice (multi-word labels,
open and inverted intervals). Expected values are worked out by hand in the comments."""

from __future__ import annotations

import importlib.util
import math
import sys
from datetime import date
from pathlib import Path
from types import ModuleType

import pytest

from tkgrag.eval.metrics import precision_at_1
from tkgrag.eval.types import EvalQuestion, GoldAnswer, Prediction
from tkgrag.ingest.formats.facts import parse_fact
from tkgrag.ingest.formats.tkbc import TkbcRow
from tkgrag.model import Evidence, ItemKind, TemporalConstraint
from tkgrag.question import understand
from tkgrag.retrievers.exaqt.answer_graph import temporal_ask
from tkgrag.retrievers.exaqt.groups import (
    Terminal,
    TerminalGroup,
    keyword_groups,
    keywords,
    steiner_runs,
    terminal_choices,
)
from tkgrag.retrievers.exaqt.gst import SteinerTree, completed_facts, pieces, top_trees
from tkgrag.retrievers.exaqt.ranking import (
    FEATURES,
    AnswerFact,
    RankedAnswer,
    TemporalAsk,
    monotone_scores,
    order_values,
    rank_answers,
    temporal_tier,
    time_answer,
)
from tkgrag.retrievers.exaqt.scorer import RelevanceScorer
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, CandidateGraph, GraphEntity
from tkgrag.sources.records import Reject, SourceRef
from tkgrag.temporal import Granularity, TimeSpan

X = GraphEntity("Q1", 1, "Stefano Fiore")


def span(a: int | None, b: int | None) -> TimeSpan:
    return TimeSpan(date(a, 1, 1) if a else None, date(b, 12, 31) if b else None, Granularity.YEAR)


def fact(key: str, relation: str, obj: str, s: TimeSpan, rel: float, *, tree: bool = False) -> AnswerFact:
    o = GraphEntity(obj, int(key.strip("f")) + 100, obj.replace("_", " "))
    e = Evidence.event(key, f"Stefano Fiore {relation} {obj}", "Q1", relation, obj, s, rel, kind=ItemKind.FACT)
    return AnswerFact(e, rel, tree, (X, o))


TEAMS = [
    fact("f1", "member of sports team", "Parma", span(1990, 1992), 0.60),
    fact("f2", "member of sports team", "Udinese", span(1993, 1995), 0.70),
    fact("f3", "member of sports team", "Cosenza", span(1988, 1989), 0.50),
    fact("f4", "award received", "Golden_Boot", span(1994, 1994), 0.65),
    fact("f5", "member of sports team", "Lazio", span(None, None), 0.55),  # no time known
]


def top(facts: list[AnswerFact], ask: TemporalAsk) -> list[str]:
    return [a.text for a in rank_answers(facts, ask, ["Q1"])]


# ---------------------------------------------------------------------------------------------- ranking
def test_no_constraint_ranks_by_relevance_and_never_answers_a_question_entity() -> None:
    # relevance: Udinese .70, Golden Boot .65, Parma .60, Lazio .55, Cosenza .50; Q1 is the question entity
    assert top(TEAMS, TemporalAsk()) == ["Udinese", "Golden Boot", "Parma", "Lazio", "Cosenza"]


def test_explicit_year_keeps_the_facts_whose_interval_contains_it() -> None:
    # "in 1991": only Parma [1990, 1992] is dated and overlaps (tier 2); Lazio has no time (tier 1); the rest
    # are dated elsewhere (tier 0) even though Udinese is more relevant
    ask = TemporalAsk((TemporalConstraint.in_period("1991"),))
    assert top(TEAMS, ask)[:2] == ["Parma", "Lazio"]
    # an open-ended interval ("since 1985", no end) contains 1991 too
    open_end = fact("f6", "member of sports team", "Pisa", span(1985, None), 0.2)
    assert top([*TEAMS, open_end], ask)[:3] == ["Parma", "Pisa", "Lazio"]


def test_before_and_after_are_strict_on_closed_intervals() -> None:
    # before 1990: only Cosenza [1988, 1989] ends before 1990-01-01 (Parma starts in 1990)
    assert top(TEAMS, TemporalAsk((TemporalConstraint.before("1990"),)))[0] == "Cosenza"
    # after 1992: Udinese [1993, 1995] and the 1994 award; Udinese is more relevant
    assert top(TEAMS, TemporalAsk((TemporalConstraint.after("1992"),)))[:2] == ["Udinese", "Golden Boot"]


@pytest.mark.parametrize(
    ("position", "answer"),
    [(1, "Cosenza"), (2, "Parma"), (-1, "Udinese"), (-2, "Parma")],
)
def test_ordinals_order_the_question_relation_by_start_qualifier(position: int, answer: str) -> None:
    # the question's relation is that of the most relevant dated fact (Udinese, member of sports team); its dated
    # facts by start: Cosenza 1988, Parma 1990, Udinese 1993 (Lazio has no start and is left out)
    assert top(TEAMS, TemporalAsk(ordinal=position))[0] == answer


def test_ordinal_within_a_constraint() -> None:
    # "first team after 1989": Parma (1990) and Udinese (1993) fit; first by start is Parma
    ask = TemporalAsk((TemporalConstraint.after("1989"),), ordinal=1)
    assert top(TEAMS, ask)[0] == "Parma"


def test_when_questions_answer_with_the_start_or_end_qualifier() -> None:
    ask = TemporalAsk(wants_time=True, boundary="start")
    # the most relevant dated fact is Udinese 1993..1995: its start year
    assert top(TEAMS, ask)[0] == "1993"
    assert top(TEAMS, TemporalAsk(wants_time=True, boundary="end"))[0] == "1995"
    # "in which month" on year-precise facts stays at the fact's year
    assert time_answer(span(1993, 1995), TemporalAsk(wants_time=True, granularity=Granularity.MONTH)) == "1993"
    # a fact with only an end answers with its end; a fact without time answers nothing
    assert time_answer(span(None, 2001), TemporalAsk(wants_time=True)) == "2001"
    assert time_answer(span(None, None), TemporalAsk(wants_time=True)) is None


def test_temporal_tiers_of_open_intervals() -> None:
    c = (TemporalConstraint.in_period("1971"),)
    assert temporal_tier(span(None, None), c) == 1  # no time: may hold
    assert temporal_tier(span(1960, None), c) == 2  # still open: holds in 1971
    assert temporal_tier(span(None, 1965), c) == 0  # ended before
    assert temporal_tier(span(1972, 1980), ()) == 1  # no constraint


def test_temporal_ask_from_parsed_questions() -> None:
    ordinal = temporal_ask(understand("Who was the first wife of Barack Obama?"), ())
    assert ordinal.ordinal == 1 and not ordinal.wants_time
    when = temporal_ask(understand("When did Sally Ride join NASA?"), ())
    assert when.wants_time and when.boundary == "start" and when.granularity is Granularity.YEAR


def test_literal_objects_are_answers() -> None:
    e = Evidence.event("f9", "Kansas population 2246578", "Q1", "population", "2246578", span(1970, 1970), 0.9)
    lit = AnswerFact(e, 0.9, False, (X,))
    assert [(a.text, a.kind) for a in rank_answers([lit], TemporalAsk(), ["Q1"])] == [("2246578", "value")]


# ---------------------------------------------------------------------------------------------- groups
def cf(key: str, node: int, rel: float, relation: str, *ents: tuple[str, int, str]) -> CandidateFact:
    return CandidateFact(key, node, rel, relation, tuple(GraphEntity(*e) for e in ents))


OBAMA = ("Q76", 1, "Barack Obama")
GRAPH = CandidateGraph.of(
    [
        cf("f_child", 10, 0.8, "child", OBAMA, ("Q15070044", 2, "Malia Obama")),
        cf("f_pos", 11, 0.7, "position held", OBAMA, ("Q11696", 3, "President of the United States")),
        cf("f_edu", 12, 0.6, "educated at", OBAMA, ("Q49122", 4, "Harvard Law School")),
        cf("f_spouse", 13, 0.1, "spouse", OBAMA, ("Q13133", 5, "Michelle Obama")),
        cf("f_far", 14, 0.5, "located in", ("Q9", 6, "Far"), ("Q10", 7, "Away")),
    ],
    relevant=4,
)


def test_keyword_groups_match_predicates_and_labels_of_relevant_facts() -> None:
    stems = keywords("which school did the children of obama study at while he was president", ["obama"])
    groups = {g.keyword: [t.key for t in g.members] for g in keyword_groups(stems, GRAPH, ["Q76"], limit=10)}
    assert stems == ["school", "children", "study", "president"]  # no mention, no question or signal word
    assert groups["children"] == ["f_child"]  # "children" meets the predicate "child" (a 5-letter prefix)
    assert groups["president"] == ["Q11696"]  # the entity label "President of the United States"
    assert groups["school"] == ["Q49122"]  # "Harvard Law School"
    assert set(groups) == {"children", "president", "school"}  # "study" matches nothing ("educated at")
    # f_spouse (relevance 0.1) is not among the 4 question-relevant facts, so nothing matches on it
    assert all("f_spouse" not in keys for keys in groups.values())


def test_terminal_choices_best_first_and_distinct() -> None:
    g1 = TerminalGroup("a", (Terminal(1, "A", 0.9), Terminal(2, "A2", 0.1)))
    g2 = TerminalGroup("b", (Terminal(3, "B", 0.5), Terminal(4, "B2", 0.4), Terminal(1, "A", 0.9)))
    got = [[t.key for t in c] for c in terminal_choices([g1, g2], k=10, width=5)]
    # sums: (A, A) 1.8 -> {A}; (A, B) 1.4; (A, B2) 1.3; (A2, A) 1.0 = {A2, A}; (A2, B) .6; (A2, B2) .5
    assert got == [["A"], ["A", "B"], ["A", "B2"], ["A2", "A"], ["A2", "B"], ["A2", "B2"]]
    assert len(terminal_choices([g1, g2], k=2, width=5)) == 2
    assert terminal_choices([], k=5, width=5) == []


def test_one_steiner_run_per_component_from_the_most_relevant_terminal() -> None:
    comp = GRAPH.components()
    assert comp[6] == comp[7] != comp[1]
    choice = (Terminal(2, "Q15070044", 0.8), Terminal(1, "Q76", 0.9), Terminal(6, "Q9", 0.5))
    assert steiner_runs(choice, comp) == [(1, [2]), (6, [])]


def test_completion_adds_exactly_the_facts_on_the_tree() -> None:
    tree = {1, 10, 2}  # Obama - f_child - Malia
    assert completed_facts(GRAPH, tree, incident=False) == ["f_child"]
    # with the incident relevant facts of the tree's entities: Obama's relevant facts, not f_spouse (not relevant)
    assert completed_facts(GRAPH, tree, incident=True) == ["f_child", "f_pos", "f_edu"]


def test_trees_from_the_gds_stream_and_top_k() -> None:
    t = SteinerTree.from_stream([[1, 1, 0.0], [10, 1, 0.2], [2, 10, 0.2]], source=1)
    assert t.nodes == frozenset({1, 10, 2}) and t.edges == frozenset({(1, 10), (2, 10)}) and t.cost == 0.4
    same = SteinerTree.from_stream([[10, 1, 0.2], [2, 10, 0.2]], source=1)
    single = SteinerTree(frozenset({6}), frozenset(), 0.0)
    assert top_trees([t, same, single], 5) == [single, t]
    assert pieces(frozenset({1, 2, 10, 6}), t.edges) == [{1, 2, 10}, {6}]


# ---------------------------------------------------------------------------------------------- converter
def _converter() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "convert_timequestions_facts.py"
    spec = importlib.util.spec_from_file_location("convert_timequestions_facts", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def row(sid: str, s: str, rid: str, r: str, oid: str, o: str, a: int, b: int) -> TkbcRow:
    return TkbcRow(sid, s, rid, r, oid, o, a, b, SourceRef("facts_named.tsv", 2))


def test_converter_keeps_multi_word_labels_whole_and_maps_years_to_time_qualifiers() -> None:
    conv = _converter()
    r = row("", '"Weird Al" Yankovic', "P166", "award received", "", "Grammy Award for Best Comedy Album", 2003, 2003)
    fact, inverted = conv.slice_fact(r)
    assert not inverted
    assert fact["subject"] == '"Weird Al" Yankovic' and fact["object"] == "Grammy Award for Best Comedy Album"
    assert fact["predicate"] == "P166" and fact["predicate_label"] == "award received"
    rec = parse_fact(fact, SourceRef("x", 1), "x")
    assert not isinstance(rec, Reject)
    assert rec.relation == "award received" and rec.relation_id == "P166"
    assert rec.span == TimeSpan(date(2003, 1, 1), date(2003, 12, 31), Granularity.YEAR)
    assert rec.qualifiers == ()  # start/end time are consumed into the fact's validity


def test_converter_ids_open_and_inverted_intervals() -> None:
    conv = _converter()
    fact, _ = conv.slice_fact(row("Q76", "Barack Obama", "P39", "position held", "Q11696", "President", 2009, 2916))
    assert fact["subject"] == "Q76" and fact["subject_label"] == "Barack Obama" and fact["object"] == "Q11696"
    rec = parse_fact(fact, SourceRef("x", 1), "x")
    assert not isinstance(rec, Reject) and rec.span.start == date(2009, 1, 1) and rec.span.end is None
    unknown, _ = conv.slice_fact(row("Q1", "A", "P31", "instance of", "Q5", "human", 1, 2916))
    assert "qualifiers" not in unknown  # years 1 and 2916 are the slice's open-end placeholders
    inverted, was = conv.slice_fact(row("Q1", "A", "P26", "spouse", "Q2", "B", 1990, 1985))
    assert was
    rec = parse_fact(inverted, SourceRef("x", 1), "x")
    assert not isinstance(rec, Reject) and rec.span == span(1985, 1990)


def test_event_type_objects_are_not_entity_answers_and_unanchored_facts_prefer_their_subject() -> None:
    ev = Evidence.event("f20", "Q1 significant event date of birth 1970", "Q1", "significant event", "date of birth",
                        span(1970, 1970), 0.9, kind=ItemKind.FACT)  # fmt: skip
    born = AnswerFact(ev, 0.9, False, (X, GraphEntity("date of birth", 20, "date of birth")))
    assert rank_answers([born], TemporalAsk(), ["Q1"]) == []
    assert [a.text for a in rank_answers([born], TemporalAsk(wants_time=True), ["Q1"])] == ["1970"]
    # a fact naming no question entity: "Q7 position held Q8" -> the holder Q7 first, by SUBJECT_BONUS
    held = Evidence.event("f21", "Hollande position held President", "Q7", "position held", "Q8", span(2012, 2017),
                          0.8, kind=ItemKind.FACT)  # fmt: skip
    fact21 = AnswerFact(held, 0.8, False, (GraphEntity("Q7", 21, "Hollande"), GraphEntity("Q8", 22, "President")))
    assert [a.text for a in rank_answers([fact21], TemporalAsk(), ["Q142"])] == ["Q7", "Q8"]


def test_an_edition_that_is_a_question_entity_does_not_break_the_ordinal() -> None:
    # "When did the Mets win their first World Series?" with NERD linking the 1986 edition as a question entity too:
    # both editions are tied to the Mets (level 1), so the editions' ordinal covers Q201, but a question entity is
    # never an answer (fact_answers skips it), so Q201 has no feature vector. Before the fix: KeyError 'Q201'.
    mets = GraphEntity("Q100", 100, "New York Mets")
    editions = [GraphEntity("Q200", 200, "1969 World Series"), GraphEntity("Q201", 201, "1986 World Series")]
    facts = [
        AnswerFact(
            Evidence.event(f"f{i}", f"{e.name} winner New York Mets", e.key, "winner", "Q100", span(y, y), 0.8),
            0.8,
            False,
            (e, mets),
        )
        for i, (e, y) in enumerate(zip(editions, (1969, 1986), strict=True))
    ]
    ask = TemporalAsk(ordinal=1, wants_time=True, letters="whendidthemetswintheirfirstworldseries")
    ranked = rank_answers(facts, ask, ["Q100", "Q201"])
    texts = [a.text for a in ranked]
    assert "Q201" not in texts  # a question entity is not its own answer
    assert texts[0] == "Q200"  # the first edition (mark 1969) is at the ordinal's position
    assert set(texts) == {"Q200", "1969", "1986"}


def test_relevance_scorer_orders_within_the_tiers_only_when_exact() -> None:
    # "in 1991": Parma fits (tier 2), Lazio is undated (tier 1), Udinese .70 / Golden Boot .65 / Cosenza .50 violate
    ask = TemporalAsk((TemporalConstraint.in_period("1991"),))
    exact = rank_answers(TEAMS, ask, ["Q1"], scorer=RelevanceScorer())
    assert [a.text for a in exact] == ["Parma", "Lazio", "Udinese", "Golden Boot", "Cosenza"]
    # not exact: the relevance of each answer's fact alone
    free = rank_answers(TEAMS, ask, ["Q1"], scorer=RelevanceScorer(), exact=False)
    assert [a.text for a in free] == ["Udinese", "Golden Boot", "Parma", "Lazio", "Cosenza"]
    # the exact order's scores do not follow it (Udinese's .70 is the highest); order_values do
    assert max(exact, key=lambda a: a.score).text == "Udinese"
    assert order_values(exact) == [0.0, -1.0, -2.0, -3.0, -4.0]


def _answer(text: str, score: float, *, fits: float = 0.0, violates: float = 0.0) -> RankedAnswer:
    f = dict.fromkeys(FEATURES, 0.0)
    f.update(relevance=score, fits=fits, violates=violates)
    return RankedAnswer(text, text, "entity", score, "f", 1, tuple(f[n] for n in FEATURES))


def test_order_values_group_ties_on_the_sort_key_in_the_returned_order() -> None:
    # exact order: A fits (.5); B and C violate with the same score .9 (one tie group); D violates (.4)
    ranked = [_answer("A", 0.5, fits=1), _answer("B", 0.9, violates=1), _answer("C", 0.9, violates=1)]
    ranked.append(_answer("D", 0.4, violates=1))
    assert order_values(ranked) == [0.0, -1.0, -1.0, -2.0]
    # a metric reading these values judges A, the answer ranked first; the answers' own scores would judge B and C
    q = EvalQuestion("q", "which?", (GoldAnswer("A"),), "entity", None, "single", SourceRef("q.jsonl", line=1), "x")
    assert precision_at_1(q, Prediction("q", ("A", "B", "C", "D"), tuple(order_values(ranked)))) == 1.0
    assert precision_at_1(q, Prediction("q", ("A", "B", "C", "D"), tuple(a.score for a in ranked))) == 0.0
    # not exact: by score only; B and C (.9) tie ahead of A, whatever their tiers
    free = [ranked[1], ranked[2], ranked[0], ranked[3]]
    assert order_values(free, exact=False) == [0.0, 0.0, -1.0, -2.0]
    # an A with the same score as B but another tier is its own group only when the tiers are exact
    same = [_answer("A", 0.9, fits=1), _answer("B", 0.9, violates=1)]
    assert order_values(same) == [0.0, -1.0]
    assert order_values(same, exact=False) == [0.0, 0.0]


def test_monotone_scores_keep_the_scores_where_the_order_follows_them() -> None:
    # A .5 (fits) first, then B and C .9 (a tie) and D .4: B and C are capped just below A's .5 and stay tied; D's
    # .4 already follows
    ranked = [_answer("A", 0.5, fits=1), _answer("B", 0.9, violates=1), _answer("C", 0.9, violates=1)]
    ranked.append(_answer("D", 0.4, violates=1))
    below = math.nextafter(0.5, -math.inf)
    assert monotone_scores(ranked) == [0.5, below, below, 0.4]
    # an order the scores follow keeps them exactly, ties included
    free = [ranked[1], ranked[2], ranked[0], ranked[3]]
    assert monotone_scores(free, exact=False) == [0.9, 0.9, 0.5, 0.4]
