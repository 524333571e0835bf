"""EXAQT's dictionary NERD (spotting lower-case, possessive, misspelt and abbreviated names), the answer features of a
hand-made fact, and the learned scorer's arithmetic (its score and the listwise loss with its gradient), with the
expected values worked out by hand in the comments."""

from __future__ import annotations

import json
import math
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence, ItemKind, TemporalConstraint
from tkgrag.question.relations import content_stems
from tkgrag.retrievers.exaqt.lexicon import (
    EntityLexicon,
    LexiconEntry,
    Spot,
    acronyms,
    name_overlap,
    normal_form,
    prune,
    question_tokens,
)
from tkgrag.retrievers.exaqt.nerd import Nerd, lexical_groups
from tkgrag.retrievers.exaqt.ranking import FEATURES, AnswerFact, TemporalAsk, rank_answers
from tkgrag.retrievers.exaqt.scorer import Group, LinearScorer, listwise_loss, top1, train
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.temporal import Granularity, TimeSpan

LEX = EntityLexicon.of(
    [
        LexiconEntry("Q34086", "Justin Bieber", (), 12),
        LexiconEntry("Q30", "United States of America", (), 40),
        LexiconEntry("Q5389", "Olympic Games", ("Olympics",), 9),
        LexiconEntry("Q1", "Japan", (), 30),
        LexiconEntry("Japan (band)", "Japan (band)", (), 3),
        LexiconEntry("Q8", "Colorado Rockies", (), 6),
        LexiconEntry("Q9", "Colorado", (), 20),
        LexiconEntry("Q10", "The Beatles", (), 2),
        LexiconEntry("Q11", "time", (), 50),  # a concept named by a stop word: never spotted alone
    ]
)


def spotted(text: str) -> list[tuple[str, str, float]]:
    return [(s.text, s.key, s.similarity) for s in LEX.spot(text)]


# ---------------------------------------------------------------------------------------------- lexicon
def test_normal_form_folds_case_accents_possessives_and_a_leading_the() -> None:
    assert normal_form("The Beatles") == "beatles"
    assert normal_form("Vysočina Region") == "vysocina region"
    assert normal_form("Justin Bieber's") == "justin bieber"


def test_lower_case_possessive_plural_and_misspelt_names_are_spotted() -> None:
    # "biebers" is not a dictionary token; as a plural of "bieber" it costs 0.05: 1 - 0.05 = 0.95
    assert spotted("what time is justin biebers birthday") == [("justin biebers", "Q34086", 0.95)]
    # "biebr" is one deletion from "bieber" (a typo, cost 0.1): 0.9
    assert spotted("justin biebr") == [("justin biebr", "Q34086", 0.9)]
    # "olympcs" -> "olympics" (one deletion): the alias "Olympics" of Q5389, 0.9
    assert spotted("who won gold in the olympcs") == [("olympcs", "Q5389", 0.9)]
    # "the beatles" as typed: "the" is dropped from the dictionary form, so the span "beatles" matches exactly
    assert ("beatles", "Q10", 1.0) in spotted("when did the beatles split")


def test_acronyms_of_well_connected_entities() -> None:
    # "United States of America": initials of the content words "usa"; of the part before "of": "us" (cost 0.2)
    assert acronyms("United States of America") == ["usa", "us"]
    assert acronyms("Japan (band)") == [] and acronyms("2008 Summer Olympics") == []
    assert spotted("who was the 2nd us president") == [("us", "Q30", 0.8)]
    # "Colorado Rockies" has 6 facts (>= 5) but "cr" is not in the question; a 2-fact entity gets no acronym
    assert "tb" not in LEX.forms


def test_longest_spot_wins_and_a_qualifier_in_parentheses_is_optional() -> None:
    # "colorado rockies" (2 tokens) hides "colorado" inside it
    assert spotted("when did the colorado rockies go to the world series") == [("colorado rockies", "Q8", 1.0)]
    # "japan": the country exactly (1.0) before the band by its bare name (1 - 0.15 = 0.85)
    assert spotted("when did japan end as a musical group") == [("japan", "Q1", 1.0), ("japan", "Japan (band)", 0.85)]
    # a span of stop words only is never a spot, even when an entity is named so
    assert spotted("what time is it") == []


def test_prune_keeps_overlapping_but_drops_nested_spans() -> None:
    a, b, c = Spot(0, 2, "a b", "A", "A", 1.0), Spot(1, 3, "b c", "B", "B", 1.0), Spot(1, 2, "b", "C", "C", 1.0)
    assert [s.key for s in prune([c, b, a])] == ["A", "B"]  # both 2 long (earlier first); "b" is inside both


def test_groups_by_span_and_the_similarity_floor() -> None:
    spots = [Spot(0, 1, "japan", "Q1", "Japan", 1.0), Spot(0, 1, "japan", "J", "Japan (band)", 0.85),
             Spot(3, 4, "olympcs", "Q5389", "Olympic Games", 0.7)]  # fmt: skip
    assert [[s.key for s in g] for g in lexical_groups(spots, 0.8, 3)] == [["Q1", "J"]]
    assert [[s.key for s in g] for g in lexical_groups(spots, 0.8, 1)] == [["Q1"]]


def test_name_overlap_counts_the_names_content_words_found_in_the_question() -> None:
    words = question_tokens(LEX, "did the cowboys win the superbowl")
    assert name_overlap("Dallas Cowboys", words) == 0.5  # "cowboys" of {dallas, cowboys}
    assert name_overlap("The Time", words) == 0.0  # stop words only


# ---------------------------------------------------------------------------------------------- features
RIDE = GraphEntity("Q49285", 1, "Sally Ride")
NASA = GraphEntity("Q23548", 2, "NASA")


def test_features_of_a_hand_made_answer() -> None:
    # "who was Sally Ride's employer in 1980?" over "Sally Ride employer NASA [1978, 1987]", relevance 0.8, on a tree
    span = TimeSpan(date(1978, 1, 1), date(1987, 12, 31), Granularity.YEAR)
    e = Evidence.event("f1", "Sally Ride employer NASA", "Q49285", "employer", "Q23548", span, 0.8, kind=ItemKind.FACT)
    employer = next(iter(content_stems("employer")))
    ask = TemporalAsk((TemporalConstraint.in_period("1980"),), words=frozenset({employer, "ride"}))
    (nasa,) = rank_answers([AnswerFact(e, 0.8, True, (RIDE, NASA))], ask, ["Q49285"])
    f = dict(zip(FEATURES, nasa.features, strict=True))
    assert nasa.text == "Q23548" and nasa.kind == "entity"
    # symbolic: tier 2 (dated, holds in 1980) * 2 + relevance 0.8 + tree 0.1 + names the question entity 0.05
    assert f["symbolic"] == pytest.approx(4.95)
    assert f["relevance"] == 0.8 and f["relevance_gap"] == 0.0  # the only fact is the best
    assert (f["fits"], f["violates"], f["ordinal"], f["ordinal_top"]) == (1.0, 0.0, 0.0, 0.0)
    assert (f["in_tree"], f["anchored"], f["type_match"], f["event_for_time"]) == (1.0, 1.0, 1.0, 0.0)
    assert f["support"] == pytest.approx(math.log(2))  # log(1 + 1 fact)
    assert (f["subject"], f["context"]) == (0.0, 0.0)  # NASA is the object; not a dense context entity
    # Dice of {employer} and {employer, ride}: (1 + 1) / (1 + 2)
    assert f["relation_match"] == pytest.approx(2 / 3)
    assert f["named_in_question"] == 0.0  # "nasa" is not a question word


def test_an_answer_the_question_names_is_lowered() -> None:
    # "what party was lincoln with": Abraham Lincoln (a context entity) shares "lincoln", 1 of its 2 stems: 0.5,
    # so its symbolic score drops by 0.3 * 0.5 = 0.15 below the Republican Party of an equally relevant fact
    words = content_stems("lincoln")  # the span "lincoln" was spotted as (some) Lincoln, a proper name
    span = TimeSpan(date(1860, 1, 1), date(1860, 12, 31), Granularity.YEAR)
    lincoln, party, q = GraphEntity("Q91", 5, "Abraham Lincoln"), GraphEntity("Q29468", 6, "Republican Party"), "Q1"
    e1 = Evidence.event(
        "f3", "Lincoln party", "Q91", "member of political party", "Q29468", span, 0.6, kind=ItemKind.FACT
    )
    got = rank_answers([AnswerFact(e1, 0.6, False, (lincoln, party))], TemporalAsk(named=words), [q])
    assert [a.text for a in got] == ["Q29468", "Q91"]
    # both unanchored: the subject Lincoln gets SUBJECT_BONUS 0.01, then loses 0.15
    assert got[0].score - got[1].score == pytest.approx(0.15 - 0.01)
    assert dict(zip(FEATURES, got[1].features, strict=True))["named_in_question"] == 0.5


def test_a_time_question_also_gets_event_entities_below_the_time() -> None:
    span = TimeSpan(date(1986, 1, 1), date(1986, 12, 31), Granularity.YEAR)
    ws = GraphEntity("Q1", 3, "1986 World Series")
    e = Evidence.event("f2", "1986 World Series winner Mets", "Q1", "winner", "Q2", span, 0.7, kind=ItemKind.FACT)
    mets = GraphEntity("Q2", 4, "New York Mets")
    got = rank_answers([AnswerFact(e, 0.7, False, (ws, mets))], TemporalAsk(wants_time=True), ["Q2"])
    # the time 1986 (kind time) first; the event entity 0.5 lower; the Mets are the question entity
    assert [(a.text, a.kind) for a in got] == [("1986", "time"), ("Q1", "entity")]
    # the fact names the question entity, so no subject bonus: exactly EVENT_ENTITY_PENALTY apart
    assert got[0].score - got[1].score == pytest.approx(0.5)
    assert dict(zip(FEATURES, got[1].features, strict=True))["event_for_time"] == 1.0


# ---------------------------------------------------------------------------------------------- scorer
def zeros(**named: float) -> tuple[float, ...]:
    return tuple(named.get(n, 0.0) for n in FEATURES)


def test_linear_score_standardises_then_weighs() -> None:
    s = LinearScorer(FEATURES, zeros(relevance=0.5), tuple(0.25 if n == "relevance" else 1.0 for n in FEATURES),
                     zeros(relevance=2.0, fits=1.0))  # fmt: skip
    # 2 * (0.75 - 0.5) / 0.25 + 1 * (1 - 0) / 1 = 3
    assert s.score(zeros(relevance=0.75, fits=1.0)) == pytest.approx(3.0)


def test_listwise_loss_and_gradient_by_hand() -> None:
    # z = [ln 3, 0] -> p = [3/4, 1/4]; gold is the second: loss -ln(1/4) = ln 4
    # dz = p - gold * p / mass = [3/4, 1/4 - 1]; grad = x^T dz = 1 * 3/4 + 0 * (-3/4) = 3/4
    g = Group(np.array([[1.0], [0.0]]), np.array([False, True]))
    loss, grad = listwise_loss([g], np.array([math.log(3)]))
    assert loss == pytest.approx(math.log(4)) and grad.tolist() == pytest.approx([0.75])


def test_training_moves_the_gold_answer_to_the_top() -> None:
    # the symbolic order puts the wrong answer first; the gold one has more relevance in every question
    rows = [(zeros(symbolic=3.0, relevance=0.2), False), (zeros(symbolic=2.0, relevance=0.9), True)]
    g = Group(np.array([r for r, _ in rows]), np.array([gold for _, gold in rows]))
    scorer, losses = train([g, g], steps=50)
    assert losses[-1] < losses[0]
    assert top1([g], [np.array([2.0, 1.0])]) == 0.0  # symbolic
    assert top1([g], [np.array([scorer.score(r) for r, _ in rows])]) == 1.0


def test_scorer_file_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        LinearScorer.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"features": ["relevance"], "mean": [0], "scale": [1], "weights": [1]}))
    with pytest.raises(ConfigError, match="retrain"):
        LinearScorer.load(bad)


def test_proper_name_words_are_those_of_spans_linked_to_capitalised_names() -> None:
    spots = [Spot(3, 4, "lincoln", "Q28260", "Lincoln", 1.0), Spot(5, 6, "president", "Q30461", "president", 1.0)]
    assert Nerd(spots=spots).proper_name_words() == content_stems("lincoln")


def test_a_learned_scorer_ranks_only_within_the_exact_tiers() -> None:
    # a scorer that loves relevance puts Udinese (.70, dated 1993-1995) first, but "in 1991" admits only Parma
    # [1990, 1992]: the tier stays exact, the scorer orders within it (Parma, then the undated Lazio, then the rest)
    def team(key: str, obj: str, a: int | None, b: int | None, rel: float) -> AnswerFact:
        s = TimeSpan(date(a, 1, 1) if a else None, date(b, 12, 31) if b else None, Granularity.YEAR)
        e = Evidence.event(key, f"Fiore team {obj}", "Q1", "member of sports team", obj, s, rel, kind=ItemKind.FACT)
        return AnswerFact(e, rel, False, (GraphEntity("Q1", 1, "Fiore"), GraphEntity(obj, 2, obj)))

    facts = [team("f1", "Parma", 1990, 1992, 0.6), team("f2", "Udinese", 1993, 1995, 0.7),
             team("f5", "Lazio", None, None, 0.55)]  # fmt: skip
    loves_relevance = LinearScorer(FEATURES, zeros(), tuple(1.0 for _ in FEATURES), zeros(relevance=10.0))
    ask = TemporalAsk((TemporalConstraint.in_period("1991"),))
    got = rank_answers(facts, ask, ["Q1"], scorer=loves_relevance)
    assert [a.text for a in got] == ["Parma", "Lazio", "Udinese"]
    assert rank_answers(facts, TemporalAsk(), ["Q1"], scorer=loves_relevance)[0].text == "Udinese"
