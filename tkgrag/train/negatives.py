"""TimeR4's three hard-negative types (Sec. 4.4): corrupt the time, the content (relation or entity) or both of a
question's gold fact. Each corruption changes exactly what its name says and nothing else, and the corrupted fact
must not answer the question: a time corruption moves the date to where the question's constraint excludes it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from tkgrag.temporal import TimeSpan
from tkgrag.verbalize import verbalize_event


class Corruption(StrEnum):
    TIME = "time"  # "time incorrect": same subject, relation, object; another date
    CONTENT = "content"  # "content incorrect": same date; another relation or another question entity
    BOTH = "both"  # both of the above


@dataclass(frozen=True)
class Fact:
    """A quadruple (s, r, o, t) with entity and relation keys as the KG file writes them."""

    subject: str
    relation: str
    object: str
    day: date

    @property
    def text(self) -> str:
        """The sentence ingestion stores as ``Event.text`` (so training sees what the TKS embeds)."""
        return verbalize_event(self.subject, self.relation, self.object, TimeSpan.day(self.day))

    def as_list(self) -> list[str]:
        return [self.subject, self.relation, self.object, self.day.isoformat()]


@dataclass(frozen=True)
class WrongTimes:
    """Where a date no longer answers the question: strictly inside ``(lo, hi)`` is right, so a wrong date is at or
    before ``lo`` or at or after ``hi`` (either may be None: that side has no wrong dates)."""

    lo: date | None
    hi: date | None

    def admits(self, d: date) -> bool:
        """True when ``d`` is a WRONG date (outside the right window)."""
        return (self.lo is not None and d <= self.lo) or (self.hi is not None and d >= self.hi)


def corrupt_time(fact: Fact, wrong: WrongTimes, rng: random.Random, real: Sequence[date] = ()) -> Fact:
    """The fact at a wrong date: one of ``real`` other dates of the same triple when one is wrong, else a date
    30-720 days beyond the nearer edge of the right window."""
    candidates = [d for d in real if d != fact.day and wrong.admits(d)]
    if candidates:
        return replace(fact, day=rng.choice(candidates))
    sides = [s for s in ("lo", "hi") if getattr(wrong, s) is not None]
    if not sides:
        raise ValueError(f"no wrong date exists for {fact.as_list()}: the question admits every date")
    side = rng.choice(sides)
    shift = timedelta(days=rng.randint(30, 720))
    edge = wrong.lo if side == "lo" else wrong.hi
    assert edge is not None
    return replace(fact, day=edge - shift if side == "lo" else edge + shift)


def corrupt_content(
    fact: Fact, rng: random.Random, relations: Sequence[str], entities: Sequence[str], question_entities: Sequence[str]
) -> Fact:
    """The fact with another relation, or one of the entities the question names (``question_entities``, a subset
    of subject/object) replaced by another entity; the date is kept. Replacing the answer's entity would give
    another possible answer, not a wrong fact, so only the question's own entities are swapped."""
    swappable = [e for e in question_entities if e in (fact.subject, fact.object)]
    if swappable and rng.random() < 0.5:
        which = rng.choice(swappable)
        other = _other(rng, entities, {fact.subject, fact.object})
        if which == fact.object:
            return replace(fact, object=other)
        return replace(fact, subject=other)
    return replace(fact, relation=_other(rng, relations, {fact.relation}))


def _other(rng: random.Random, pool: Sequence[str], avoid: set[str]) -> str:
    for _ in range(100):
        pick = rng.choice(pool)
        if pick not in avoid:
            return pick
    raise ValueError(f"no alternative outside {sorted(avoid)} in a pool of {len(pool)}")


def negatives(
    fact: Fact,
    wrong: WrongTimes,
    rng: random.Random,
    relations: Sequence[str],
    entities: Sequence[str],
    question_entities: Sequence[str],
    real: Sequence[date] = (),
) -> dict[Corruption, Fact]:
    """One negative of each type (Sec. 4.4: "time incorrect, content incorrect, and both incorrect")."""
    timed = corrupt_time(fact, wrong, rng, real)
    content = corrupt_content(fact, rng, relations, entities, question_entities)
    both = replace(corrupt_content(fact, rng, relations, entities, question_entities), day=timed.day)
    return {Corruption.TIME: timed, Corruption.CONTENT: content, Corruption.BOTH: both}
