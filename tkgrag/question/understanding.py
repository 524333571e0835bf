"""Understand a question ONCE: ``Understander.understand(text) -> Understanding``.

An ``Understanding`` holds everything later steps need from the question, so no retriever or reader parses or
grounds it again: the parsed ``TemporalQuestion``, the grounding against the graph (linked mentions with scores and
roles, the relation with its runners-up, anchors and their events, the temporal constraints, TimeR4's rewrite) and
what was NOT understood (``gaps``: a mention no entity matched, a relation below ``RELATION_MIN``, an anchor whose
event the graph lacks, a time not placed on the calendar, an act the question negates). Readers decide from the gaps
whether they may answer.

``parse_only(text)`` is the graph-free form (explicit times only): retrieval-only evaluation and the service's
plain retrieval use it, so a retrieval that asks for no reading costs no linking queries.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.graph_reads import as_of_record
from tkgrag.model import TemporalConstraint
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.grounded import GroundedQuestion
from tkgrag.question.grounding import Grounder
from tkgrag.question.model import AnswerKind, Signal, TemporalQuestion
from tkgrag.question.negation import negated_act
from tkgrag.question.parse import QuestionError, coordinated_both
from tkgrag.question.parse import understand as parse
from tkgrag.question.unread_order import unread_comparison, unread_sequence
from tkgrag.store import Store

# The relation must match at least this well for an answer (the grounder's relation score: 0.7 * cosine + 0.3 * Dice,
# paraphrases discounted). Measured on 2026-11-25: the 440 tkgqa dev questions over icews14 matched their relation
# with 0.78 or more; the 37 "relation unsure" questions of benchmarks/abstention.py (married, hired, tweeted about,
# ...) on the ICEWS14 sample matched their nearest relation with 0.12 to 0.37.
RELATION_MIN = 0.5
# A link that is an exact name or alias (GraphLinker score >= 2) is certain; an inexact one counts by its score.
EXACT_LINK = 2.0


@dataclass(frozen=True)
class Understanding:
    """The question as asked, its parse, its grounding against the graph (None for a parse-only understanding or
    when the parse failed) and why it could not be parsed (``error``)."""

    text: str
    question: TemporalQuestion | None
    grounding: GroundedQuestion | None = None
    error: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict, compare=False)

    # -- what later steps use ---------------------------------------------------------------------------------
    @property
    def explicit_constraints(self) -> tuple[TemporalConstraint, ...]:
        """The calendar times the question states (no graph needed)."""
        return explicit_constraints(self.question) if self.question is not None else ()

    @property
    def constraints(self) -> tuple[TemporalConstraint, ...]:
        """Every constraint understood: the anchors' (from their events in the graph) first, then the explicit
        times; only the explicit ones for a parse-only understanding."""
        if self.grounding is not None:
            return self.grounding.plan().constraints
        return self.explicit_constraints

    @property
    def rewrite(self) -> str | None:
        """TimeR4's rewrite: the question with its resolved anchor replaced by the anchor event's time."""
        return self.grounding.rewritten if self.grounding is not None else None

    @property
    def relation_score(self) -> float | None:
        g = self.grounding
        if g is None or g.relation is None:
            return None
        return next((c.score for c in g.relation_candidates if c.relation == g.relation), None)

    @property
    def confidence(self) -> float:
        """How sure the understanding is, in [0, 1]: the weakest entity link (exact name 1.0, else its score) times
        the relation's match score. 0 when something the question names was not understood."""
        g = self.grounding
        if g is None or self.gaps():
            return 0.0
        links = [min(1.0, e.score) if e.score < EXACT_LINK else 1.0 for e in g.entities]
        rel = self.relation_score
        return round(min(links, default=1.0) * (1.0 if rel is None else min(1.0, rel)), 4)

    def gaps(self) -> list[str]:
        """What was not understood, one line each, first the most telling: an empty list means every entity the
        question names is linked, the relation matched above ``RELATION_MIN``, every time is on the calendar,
        every anchor's event is in the graph and the question does not negate its act."""
        if self.question is None:
            return [f"the question could not be read: {self.error}"]
        g = self.grounding
        if g is None:
            return ["the question was not grounded in the graph"]
        negated = negated_act(self.text)
        out = (
            [
                f'the question asks about an act that did not happen ("{negated}"): the graph records events that '
                "happened, not their absence"
            ]
            if negated is not None
            else []
        )
        compared = unread_comparison(self.question.relation_phrase, len(self.question.anchors) + len(g.anchors))
        if compared is not None:
            out.append(
                f'the comparison "{compared} ..." was not read: no event to compare with was found in the question, '
                "and without it the answer would be for the whole period"
            )
        ordered = self.question.ordinal is not None or bool({Signal.AFTER, Signal.BEFORE} & set(self.question.signals))
        sequence = unread_sequence(self.text, len(self.question.anchors) + len(g.anchors), ordered)
        if sequence is not None:
            out.append(
                f'the order "{sequence}" was not read: no event or time it follows was found in the question, and '
                "without it every event would be answered in no order"
            )
        out.extend(f'no entity of this graph matches "{m.text}"' for m in g.unlinked)
        if not g.entities and not g.unlinked:
            anchored = [f'"{a.anchor.trigger} {a.anchor.text}"' for a in g.anchors if a.entities]
            out.append(
                f"the question names no entity for its relation besides the anchor {', '.join(anchored)}"
                if anchored
                else "the question names no entity of this graph"
            )
        phrase = g.relation_phrase or self.question.relation_phrase or "-"
        if g.relation is None:
            out.append(f'no relation of this graph matches "{phrase}"')
        else:
            score = self.relation_score
            if score is not None and score < RELATION_MIN:
                out.append(
                    f'relation unsure: "{phrase}" matched {g.relation} with {score:.2f} < {RELATION_MIN} '
                    "(no relation of this graph says it)"
                )
        out.extend(f'time "{t.text}" is not on the calendar' for t in self.question.times if t.span is None)
        out.extend(
            f'time "{t.text}": the words "{t.unread}" next to it could change its window and were not read'
            for t in self.question.times
            if t.unread
        )
        if self.question.answer_type.kind is AnswerKind.ENTITY and _joined_in_one_role(self.question, g):
            out.append(
                '"both" / "each": the question asks what every one of the joined actors did, and the reader does not '
                "intersect their answers"
            )
        names = g.names()
        for ga in g.anchors:
            if not ga.resolved:
                said = f"{ga.anchor.trigger} {ga.anchor.text}".strip()
                if ga.ambiguous:
                    out.append(ga.unsaid(names))
                elif ga.understood:
                    out.append(f'no event of {ga.describe(names)} in this graph (the anchor "{said}")')
                else:
                    out.append(f'no event in this graph for the anchor "{said}" ({ga.how})')
        return out

    def explain(self) -> list[str]:
        if self.grounding is not None:
            return self.grounding.explain()
        return [f"not grounded: {'; '.join(self.gaps())}"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "error": self.error,
            "grounding": self.grounding.as_dict() if self.grounding is not None else None,
            "constraints": [c.describe() for c in self.constraints],
            "rewrite": self.rewrite,
            "relation_score": self.relation_score,
            "confidence": self.confidence,
            "not_understood": self.gaps(),
        }


class Understander:
    """Understands questions against one graph (a ``Grounder`` and its caches); make one and reuse it."""

    def __init__(self, store: Store, embedder: Embedder, grounder: Grounder | None = None) -> None:
        self.grounder = grounder or Grounder(store, embedder)

    def understand(self, text: str) -> Understanding:
        t0 = time.perf_counter()
        as_of = as_of_record()
        # "now", "current", "last year" are placed on the calendar from the day the question is asked: today, or the
        # record time it is asked as of (what the store held then was "current" then).
        today = as_of.date() if as_of is not None else datetime.now(UTC).date()
        try:
            tq = parse(text, reference_date=today)
        except QuestionError as exc:
            return Understanding(text, None, None, str(exc))
        g = self.grounder.ground(tq)
        timings = {
            "understand": (time.perf_counter() - t0) * 1000.0,
            **{f"ground.{k}": v for k, v in g.timings_ms.items()},
        }
        return Understanding(text, tq, g, None, timings)


def parse_only(text: str) -> Understanding:
    """The question parsed without the graph (explicit times, mentions, relation phrase; nothing linked)."""
    try:
        return Understanding(text, parse(text))
    except QuestionError as exc:
        return Understanding(text, None, None, str(exc))


def understand(text: str, store: Store, embedder: Embedder) -> Understanding:
    """One question understood against ``store`` (a one-off ``Understander``; reuse one for many questions)."""
    return Understander(store, embedder).understand(text)


def understood(text: str) -> TemporalQuestion | None:
    """The parsed question, or None when it cannot be parsed (benchmarks and tests that need the parse alone)."""
    return parse_only(text).question


def question_constraints(text: str) -> tuple[TemporalConstraint, ...]:
    """The constraints a question text states explicitly (none when it cannot be parsed)."""
    return parse_only(text).explicit_constraints


def _joined_in_one_role(question: TemporalQuestion, g: GroundedQuestion) -> bool:
    """ "Whom did A and B each praise?", "Who visited both A and B?": a distributive "both"/"each" over two linked
    actors in one role, which asks for the answers they share."""
    if coordinated_both(question.text.lower()) is None:
        return False
    roles = [e.role for e in g.entities]
    return any(roles.count(r) > 1 for r in set(roles))
