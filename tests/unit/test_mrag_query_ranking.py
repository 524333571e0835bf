"""MRAG's main content / temporal constraint split on questions of every TC kind, and the hybrid ranking on hand-made
candidate rows (embeddings chosen so the cosines are exact)."""

from __future__ import annotations

import math

import pytest

from tkgrag.question.understanding import understood
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.mrag.query import MragQuery, mrag_query
from tkgrag.retrievers.mrag.ranking import Sentence, inherited_years, rank_passages, sentences_of
from tkgrag.retrievers.mrag.temporal_score import Ordinality, TcKind, TemporalScore

CFG = MragConfig()


def q(text: str, config: MragConfig = CFG) -> MragQuery:
    return mrag_query(text, understood(text), (), config)


@pytest.mark.parametrize(
    ("text", "kind", "start", "end", "mc"),
    [
        (
            "Which team did Oumar Niasse play for from 2013 to 2014?",
            TcKind.BETWEEN,
            2013,
            2014,
            "Which team did Oumar Niasse play for?",
        ),
        (
            "What was the position of Avraham Burg in Jun 1999?",
            TcKind.IN,
            1999,
            1999,
            "What was the position of Avraham Burg?",
        ),
        ("Who was the coach of Ajax before 1981?", TcKind.BEFORE, 1981, 1981, "Who was the coach of Ajax?"),
        ("Who owned the house after 1964?", TcKind.AFTER, 1964, 1964, "Who owned the house?"),
        # the paper maps "as of" to its before template (the parser reads it as "during 2019", right for filtering)
        ("Who led the party as of 2019?", TcKind.BEFORE, 2019, 2019, "Who led the party?"),
        ("Who led the party as of 5 January 1969?", TcKind.BEFORE, 1969, 1969, "Who led the party?"),
        ("Who owned the house in the year after 1810?", TcKind.IN, 1811, 1811, "Who owned the house?"),
        ("Who was the CEO until 1990?", TcKind.BEFORE, 1990, 1990, "Who was the CEO?"),
        ("Sastamala was replaced by what since 2009?", TcKind.AFTER, 2009, 2009, "Sastamala was replaced by what?"),
        ("Who led the club between 1990 and 1995?", TcKind.BETWEEN, 1990, 1995, "Who led the club?"),
    ],
)
def test_mc_tc_split(text: str, kind: TcKind, start: int, end: int, mc: str) -> None:
    got = q(text)
    assert got.score is not None
    assert (got.score.kind, got.score.start, got.score.end) == (kind, start, end)
    assert got.main_content == mc
    assert got.ordinality is Ordinality.NONE


def test_ordinals_pick_the_template() -> None:
    got = q("Who was the last coach of Ajax before 1981?")
    assert got.ordinality is Ordinality.LAST and got.score is not None and got.score.template == "last - before"
    got = q("Who was the first coach of Ajax after 1981?")
    assert got.ordinality is Ordinality.FIRST and got.score is not None and got.score.template == "first - after"
    got = q("Who was the first coach of Ajax?")
    assert got.score is None and got.ordinality is Ordinality.FIRST and got.note == ""


def test_no_constraint_is_semantic_ranking_and_says_so() -> None:
    got = q("Who is the coach of Ajax?")
    assert got.score is None and "semantic" in got.note
    whole = q("Which team did Oumar Niasse play for from 2013 to 2014?", MragConfig(split_question=False))
    assert whole.main_content == "Which team did Oumar Niasse play for from 2013 to 2014?" and whole.score is None


def _row(key: str, first_stage_cos: float, sentences: list[tuple[int, str, list[int], list[float]]]) -> dict:
    return {
        "kind": "passage",
        "key": key,
        "text": " ".join(s[1] for s in sentences),
        "score": (1 + first_stage_cos) / 2,  # the index's score for this cosine
        "fields": {"title": key},
        "sentences": [{"position": p, "text": t, "years": y, "similarity": (1 + e[0]) / 2} for p, t, y, e in sentences],
    }


def _vec(cos: float) -> list[float]:
    """A unit vector whose cosine to (1, 0) is ``cos``."""
    return [cos, math.sqrt(1 - cos * cos)]


QVEC = [1.0, 0.0]
ROWS = [
    # closest to the main content, but its year is outside "from 2013 to 2014"
    _row("A", 0.9, [(0, "He joined Fenerbahce in 2010 .", [2010], _vec(0.9))]),
    # a little less similar, its year inside the constraint
    _row("B", 0.8, [(0, "Intro .", [], _vec(0.1)), (1, "In 2014 he joined Everton .", [2014], _vec(0.8))]),
]


def test_hybrid_ranking_moves_the_in_range_passage_first_while_semantic_alone_does_not() -> None:
    tc = MragQuery("Which team did he play for?", TemporalScore(TcKind.BETWEEN, 2013, 2014))
    ranked = rank_passages(ROWS, QVEC, tc, CFG)
    assert [r.row["key"] for r in ranked] == ["B", "A"]
    # B: 0.8 (cosine) x 1.0 (2014 = B, the top of "last - between"); A: 0.9 x 0.5 (outside)
    assert ranked[0].score == pytest.approx(0.8) and ranked[1].score == pytest.approx(0.45)
    assert ranked[0].best is not None and ranked[0].best.sentence.position == 1
    semantic = rank_passages(ROWS, QVEC, MragQuery("Which team?", None), CFG)
    assert [r.row["key"] for r in semantic] == ["A", "B"]


def test_passage_weight_and_unsplit_passages() -> None:
    tc = MragQuery("m", TemporalScore(TcKind.BETWEEN, 2013, 2014))
    ranked = rank_passages(ROWS, QVEC, tc, MragConfig(passage_weight=0.5))
    assert ranked[0].score == pytest.approx(0.5 * 0.8 + 0.5 * 0.8)
    bare = {"kind": "passage", "key": "C", "text": "t", "score": (1 + 0.7) / 2, "fields": {}, "sentences": []}
    only = rank_passages([bare], QVEC, tc, CFG)
    assert only[0].score == pytest.approx(0.7 * 0.5)  # its own cosine, no year: OUTSIDE


def test_years_are_inherited_from_the_sentence_before() -> None:
    row = _row("D", 0.5, [(0, "a", [1994], _vec(0.1)), (1, "b", [], _vec(0.9)), (2, "c", [2001], _vec(0.2))])
    assert inherited_years(sentences_of(row)) == [(1994,), (1994,), (2001,)]
    tc = MragQuery("m", TemporalScore(TcKind.IN, 1994, 1994))
    plain = rank_passages([row], QVEC, tc, CFG)[0]
    inherit = rank_passages([row], QVEC, tc, MragConfig(inherit_years=True))[0]
    assert plain.score == pytest.approx(max(0.1 * 1.0, 0.9 * 0.5, 0.2 * 0.5))
    assert inherit.score == pytest.approx(0.9 * 1.0)


def test_a_summary_sentence_competes_with_its_own_embedding() -> None:
    """QFS summaries come with an embedding (no stored similarity): their cosine is computed against the query
    vector; the summary's years score like any sentence."""
    tc = MragQuery("m", TemporalScore(TcKind.BETWEEN, 2013, 2014))
    summary = Sentence(-1, "He played for Akhisar from 2013 to 2014.", (2013, 2014), embedding=[3.0, 4.0], summary=True)
    ranked = rank_passages(ROWS, QVEC, tc, CFG, extra={"A": [summary]})
    top = ranked[0]
    assert top.row["key"] == "B" and top.score == pytest.approx(0.8)  # B's 0.8 x 1.0 still beats ...
    a = next(r for r in ranked if r.row["key"] == "A")
    assert a.best is not None and a.best.sentence.summary and a.score == pytest.approx(0.6)  # ... cos 3/5 x 1.0
