"""Exact temporal operators over a set of facts: the symbolic reader's arithmetic, with no parsing and no I/O.

A ``ReadPlan`` says which role of a fact is the answer (subject, object or its time), which facts qualify (fixed
subject/object/relation, a temporal constraint), and how to order them (first/last, nearest to a before/after bound,
or by how much evidence supports each answer). ``apply_plan`` returns ranked answers, each with the facts that justify
it (the deciding fact first); ties share a rank and are ordered by name so results are deterministic. An entity
answer is grouped by its KEY and shown by its NAME (``Entity.name``: "Jack Barker" for a mapped graph's ``barker``;
the key read as words when the graph has no name), with the key in ``AnswerCandidate.key``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date

from tkgrag.model import AnswerCandidate, AnswerRole, Evidence, Order, ReadPlan, TemporalConstraint, TemporalRelation
from tkgrag.temporal import TimeSpan
from tkgrag.verbalize import entity_name


def _norm(key: str) -> str:
    return entity_name(key).casefold()


def qualifying(facts: Iterable[Evidence], plan: ReadPlan) -> list[Evidence]:
    """Facts with the plan's fixed subject/object/relation that meet its temporal constraint."""
    out = []
    for f in facts:
        if not f.is_statement:  # passages and chunks have no roles to compare
            continue
        if plan.subject is not None and _norm(f.subject) != _norm(plan.subject):
            continue
        if plan.object is not None and _norm(f.object) != _norm(plan.object):
            continue
        if plan.relation is not None and f.relation != plan.relation:
            continue
        if plan.constraint is not None and not plan.constraint.admits(f.span):
            continue
        if any(not c.admits(f.span) for c in plan.also):
            continue
        out.append(f)
    return out


def answer_of(fact: Evidence, plan: ReadPlan) -> str:
    """What a person reads as the answer: the entity's name, or the time label at the plan's granularity."""
    if plan.role is AnswerRole.SUBJECT:
        return fact.subject_name
    if plan.role is AnswerRole.OBJECT:
        return fact.object_name
    start = fact.span.start or fact.span.end
    if start is None:
        return ""
    return TimeSpan(start, start, fact.span.granularity).at(plan.time_granularity).label()


def answer_key(fact: Evidence, plan: ReadPlan) -> str | None:
    """The answer entity's key (None for a time answer)."""
    if plan.role is AnswerRole.SUBJECT:
        return fact.subject
    if plan.role is AnswerRole.OBJECT:
        return fact.object
    return None


def _time_key(fact: Evidence, order: Order, constraint: TemporalConstraint | None) -> float:
    """Sort key (smaller = better) of a fact's time for an ordering; undated facts sort last."""
    start, end = fact.span.start, fact.span.end
    big = float(date.max.toordinal() + 1)
    if order is Order.FIRST:
        return float(start.toordinal()) if start else big
    if order is Order.LAST:  # a span with a start and no end still holds: the latest of all
        return -float(end.toordinal()) if end else (-float(date.max.toordinal()) if start else big)
    if order is Order.NEAREST and constraint is not None:
        if constraint.relation is TemporalRelation.BEFORE and constraint.span.start and end:
            return float(constraint.span.start.toordinal() - end.toordinal())
        if constraint.relation is TemporalRelation.AFTER and constraint.span.end and start:
            return float(start.toordinal() - constraint.span.end.toordinal())
    return 0.0


def apply_plan(facts: Sequence[Evidence], plan: ReadPlan) -> list[AnswerCandidate]:
    """Ranked answers. Scores fall with rank (1.0 for the best group); facts at equal time share a score."""
    chosen = qualifying(facts, plan)
    excluded = {_norm(x) for x in plan.exclude}
    # One answer per entity key (two entities of one name stay apart; one entity's facts are not split by a name
    # read differently); its text is the name of its first fact.
    by_answer: dict[str, list[Evidence]] = defaultdict(list)
    shown: dict[str, str] = {}
    for f in chosen:
        text, entity = answer_of(f, plan), answer_key(f, plan)
        if not text or (entity is not None and _norm(entity) in excluded):
            continue
        name = _norm(entity) if entity is not None else text
        by_answer[name].append(f)
        shown.setdefault(name, text)
    if not by_answer:
        return []

    if plan.order is Order.SUPPORT:
        # More supporting facts first; then the best retrieval score among them; then the name.
        def key(a: str) -> tuple[float, float, str, str]:
            fs = by_answer[a]
            return (-float(len(fs)), -max(f.score for f in fs), shown[a], a)

        ranked = sorted(by_answer, key=key)
        groups: list[list[str]] = [[a] for a in ranked]
    else:
        best = {a: min(_time_key(f, plan.order, plan.constraint) for f in fs) for a, fs in by_answer.items()}
        levels = sorted(set(best.values()))
        groups = [sorted((a for a in by_answer if best[a] == lvl), key=lambda a: (shown[a], a)) for lvl in levels]

    if plan.position > 1 and len(groups) >= plan.position:
        n = plan.position - 1
        groups = groups[n:] + groups[:n]
    later = {_norm(x) for x in plan.later}
    if later and any(a not in later for a in by_answer):
        groups = [[a for a in g if a not in later] for g in groups]
        groups = [g for g in groups if g] + [sorted((a for a in by_answer if a in later), key=lambda a: (shown[a], a))]

    def deciding_first(f: Evidence) -> tuple[float, float, str]:
        return (_time_key(f, plan.order, plan.constraint), -f.score, f.key)

    out: list[AnswerCandidate] = []
    for rank, group in enumerate(groups):
        score = 1.0 / (rank + 1)
        for a in group:
            held = sorted(by_answer[a], key=deciding_first)
            support = tuple(f.key for f in held)
            out.append(AnswerCandidate(shown[a], score, support, answer_key(held[0], plan)))
    return out
