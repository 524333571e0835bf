"""MRAG's question processing (Sec. 4): the main content (MC) to retrieve and score by, and the temporal constraint
(TC) as a scoring function. Built from the parser's ``TemporalQuestion`` (no LLM); ``decompose`` in ``llm_steps``
is the paper's optional LLM decomposition."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.question.constraints import explicit_constraint, explicit_constraints
from tkgrag.question.model import TemporalQuestion
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.mrag.temporal_score import Ordinality, TcKind, TemporalScore


@dataclass(frozen=True)
class MragQuery:
    """What the ranking needs: ``main_content`` (what sentences are compared with), ``score`` (None: no temporal
    constraint, so the ranking is semantic only) and ``ordinality`` ("first"/"last" in the question)."""

    main_content: str
    score: TemporalScore | None
    ordinality: Ordinality = Ordinality.NONE
    note: str = ""
    constraint: TemporalConstraint | None = None  # the constraint ``score`` was built from


def ordinality_of(tq: TemporalQuestion | None) -> Ordinality:
    if tq is None or tq.ordinal is None:
        return Ordinality.NONE
    return Ordinality.LAST if tq.ordinal.from_end else Ordinality.FIRST


# Relation words the paper maps to its *before* template although the question parser reads them as "at that date"
# (right for filtering): the evidence of a state "as of 2021" is usually dated earlier, when the state began.
AS_OF_WORDS = frozenset({"as of", "as at", "by"})


def score_of(
    c: TemporalConstraint, ordinality: Ordinality, config: MragConfig, as_of: bool = False
) -> TemporalScore | None:
    """The paper's template for one constraint: before/as of/until -> before, after/since -> after, a period over
    several years ("from 1998 to 2000") -> between, one year/month/day -> in. ``as_of``: the constraint came from an
    "as of"/"by" date, scored *before* its end."""
    span = c.span
    lo = span.start.year if span.start is not None else None
    hi = span.end.year if span.end is not None else None
    shape = config.shape()
    if as_of and c.relation is TemporalRelation.DURING and hi is not None:
        return TemporalScore(TcKind.BEFORE, hi, hi, ordinality, shape)
    if c.relation is TemporalRelation.BEFORE:
        y = lo if lo is not None else hi
        return None if y is None else TemporalScore(TcKind.BEFORE, y, y, ordinality, shape)
    if c.relation is TemporalRelation.AFTER:
        y = hi if hi is not None else lo
        return None if y is None else TemporalScore(TcKind.AFTER, y, y, ordinality, shape)
    if hi is None:  # "since 2009"
        return None if lo is None else TemporalScore(TcKind.AFTER, lo, lo, ordinality, shape)
    if lo is None:  # "until 2009"
        return TemporalScore(TcKind.BEFORE, hi, hi, ordinality, shape)
    kind = TcKind.IN if lo == hi else TcKind.BETWEEN
    return TemporalScore(kind, lo, hi, ordinality, shape)


def first_scored(
    pairs: list[tuple[TemporalConstraint, bool]], ordinality: Ordinality, config: MragConfig
) -> tuple[TemporalScore, TemporalConstraint] | None:
    """The first (constraint, as_of) that has a calendar year, as its template (the paper scores one TC)."""
    for c, as_of in pairs:
        if (s := score_of(c, ordinality, config, as_of)) is not None:
            return s, c
    return None


def mrag_query(
    text: str,
    tq: TemporalQuestion | None,
    constraints: tuple[TemporalConstraint, ...],
    config: MragConfig,
) -> MragQuery:
    """MC and TC of a question. ``constraints`` given by the caller win over the ones the text states; the first
    that has a calendar year is scored (the paper scores one TC per question)."""
    if not config.split_question or tq is None:
        why = "" if tq is not None or not config.split_question else "the question could not be parsed: "
        return MragQuery(text, None, note=f"{why}semantic ranking of the whole question" if why else "")
    mc = tq.main_content.strip() or text
    ordinality = ordinality_of(tq)
    if not config.temporal:
        return MragQuery(mc, None, ordinality)
    stated = [(c, t.relation.lower().strip() in AS_OF_WORDS) for t in tq.times if (c := explicit_constraint(t))]
    if constraints:
        pairs = [(c, False) for c in constraints]
    elif len(stated) > 1:  # alternatives are merged into one period by explicit_constraints
        pairs = [(c, False) for c in explicit_constraints(tq)]
    else:
        pairs = stated
    found = first_scored(pairs, ordinality, config)
    if found is not None:
        return MragQuery(mc, found[0], ordinality, constraint=found[1])
    if ordinality is not Ordinality.NONE:
        return MragQuery(mc, None, ordinality)
    note = "no temporal constraint in the question: MRAG ranks by the main content only (semantic ranking)"
    if tq.anchors:
        note = (
            f"implicit temporal constraint ({tq.anchors[0].trigger} {tq.anchors[0].text}) has no date without a "
            "graph to ground it: MRAG ranks by the main content only"
        )
    return MragQuery(mc, None, ordinality, note)
