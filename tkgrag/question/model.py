"""What question understanding produces: a typed ``TemporalQuestion`` and its parts.

Terms follow the papers. EXAQT (Sec. 4.1.1): seven temporal *signals* (BEFORE, AFTER, START, FINISH, ORDINAL, OVERLAP,
NO SIGNAL) and four multi-label *categories* (explicit, implicit, ordinal, temporal answer). MRAG: a question splits
into a *main content* (for semantic retrieval) and a *temporal constraint*. TimeR4 (Sec. 4.3): an implicit constraint
("after Okada Katsuya ...") is an *anchor* whose time, once found in the graph, rewrites the question explicitly.

All offsets (``start``/``end``) are character offsets into ``TemporalQuestion.text``, end exclusive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from itertools import pairwise

from tkgrag.temporal import Granularity, TimeSpan


class Signal(StrEnum):
    """EXAQT's seven temporal signal classes (Allen relations collapsed)."""

    BEFORE = "BEFORE"
    AFTER = "AFTER"
    START = "START"
    FINISH = "FINISH"
    ORDINAL = "ORDINAL"
    OVERLAP = "OVERLAP"
    NO_SIGNAL = "NO SIGNAL"


class Category(StrEnum):
    """EXAQT's temporal question categories; a question may have several."""

    EXPLICIT = "explicit"
    IMPLICIT = "implicit"
    ORDINAL = "ordinal"
    TEMPORAL_ANSWER = "temporal answer"


class AnswerKind(StrEnum):
    ENTITY = "entity"
    TIME = "time"
    VALUE = "value"  # a number or quantity: "how many", "how much", "how old"


class Boundary(StrEnum):
    """Which end of a fact's validity a time answer asks for ("when did X *start* ..." / "... end date?")."""

    START = "start"
    END = "end"


@dataclass(frozen=True)
class AnswerType:
    """The expected answer. For ``TIME``, ``granularity`` is what the question asks for; ``stated`` tells an explicit
    request ("in which month", "what year") from the default of a bare "when" (day: the finest a KG like ICEWS has)."""

    kind: AnswerKind
    granularity: Granularity | None = None
    stated: bool = False
    boundary: Boundary | None = None
    cue: str = ""  # the words that decided it, e.g. "in which month"


_YEARISH = re.compile(r"(?<!\d)\d{3,4}(?!\d)")
_BC = re.compile(r"\bB\.?\s?C\.?(?:E\.?)?(?:\W|$)", re.IGNORECASE)


@dataclass(frozen=True)
class TimeExpression:
    """An explicit (or relative) time in the question, with the relation word that governs it.

    ``span`` is ``None`` when the expression cannot be placed on the calendar by itself: a relative expression
    ("now", "last year") without a reference date, a month or day without a year ("in July"), a BC year.
    ``modifier`` keeps a vague part qualifier ("early", "late", "summer") that does NOT narrow ``span``: the span is the
    whole stated period, so retrieval never loses facts to a guess about where "early" ends.
    """

    text: str
    start: int
    end: int
    span: TimeSpan | None
    signal: Signal = Signal.OVERLAP
    relation: str = ""  # governing word(s) as written: "after", "as of", "between", "" when bare
    relation_start: int = -1  # where ``relation`` starts (== start when bare)
    modifier: str | None = None
    relative: bool = False
    # words next to the time that could change its window but were not read ("5 days" in "the 5 days around D"):
    # the symbolic reader abstains rather than read a wider or shifted window
    unread: str = ""

    @property
    def granularity(self) -> Granularity | None:
        return self.span.granularity if self.span is not None else None

    @property
    def phrase_start(self) -> int:
        return self.relation_start if self.relation_start >= 0 else self.start


class AnchorRelation(StrEnum):
    """How the question's event relates in time to the anchor event."""

    BEFORE = "before"
    AFTER = "after"
    START = "start"  # "since X": from the anchor on
    FINISH = "finish"  # "until X": up to the anchor
    DURING = "during"  # "when/while/during X": overlaps the anchor
    SAME_DAY = "same-day"
    SAME_MONTH = "same-month"
    SAME_YEAR = "same-year"
    SAME_WEEK = "same-week"  # the calendar week, Monday to Sunday, of the anchor's event (``week_of``)
    # "the day after X did", "the month before X": the calendar period next to the anchor's (``shift``)
    DAY_BEFORE = "day-before"
    DAY_AFTER = "day-after"
    MONTH_BEFORE = "month-before"
    MONTH_AFTER = "month-after"
    YEAR_BEFORE = "year-before"
    YEAR_AFTER = "year-after"

    @property
    def signal(self) -> Signal:
        return {
            "before": Signal.BEFORE,
            "after": Signal.AFTER,
            "start": Signal.START,
            "finish": Signal.FINISH,
        }.get(self.value, Signal.OVERLAP)

    @property
    def granularity(self) -> Granularity | None:
        """The calendar period a "same ..." relation compares at (None for the others)."""
        return {
            "same-day": Granularity.DAY,
            "same-month": Granularity.MONTH,
            "same-year": Granularity.YEAR,
        }.get(self.value)

    @property
    def shift(self) -> tuple[Granularity, int] | None:
        """For "the day after" etc.: the period and how many of them from the anchor's (-1 before, +1 after)."""
        unit, sep, direction = self.value.partition("-")
        if not sep or direction not in ("before", "after") or unit not in ("day", "month", "year"):
            return None
        return Granularity(unit), (1 if direction == "after" else -1)


class AnchorKind(StrEnum):
    CLAUSE = "clause"  # "before X visited Y", "when he was shot", "after the head of Germany did"
    NOUN_PHRASE = "noun phrase"  # "after Jack Straw", "during the Vietnam War", "after the establishment of ..."


class MentionKind(StrEnum):
    NAME = "name"  # a capitalised sequence: "Head of Government (India)", "Ma Ying Jeou"
    QUOTED = "quoted"  # text in quotes
    ROLE = "role"  # "the head of Turkmenistan", "Zimbabwe's Foreign Minister": role + holder
    CHUNK = "chunk"  # fallback for lower-cased questions: a run of content words


@dataclass(frozen=True)
class Mention:
    """A span that likely names an entity, to be linked later by a ``Linker``. Mentions may overlap (a role mention
    contains its holder's name mention); the linker decides."""

    text: str
    start: int
    end: int
    kind: MentionKind
    role: str | None = None  # for ROLE: "head", "Foreign Minister"
    holder: str | None = None  # for ROLE: "Turkmenistan", "Zimbabwe"


@dataclass(frozen=True)
class Anchor:
    """An implicit temporal constraint: a signal word followed by an event or entity instead of a date.

    ``text`` is the anchor itself without the trigger ("Jack Straw", "X visited Y"); it is empty for a bare
    "in the same year". ``elliptical`` marks a clause whose verb is a pro-form ("before Herman Van Rompuy *did*"):
    the anchor event then repeats the question's own relation. A NOUN_PHRASE anchor naming an entity means, by the
    MultiTQ convention, the same event with that entity in the answer's role ("After Okada Katsuya, who ... visit
    Cambodia first" -> when Okada Katsuya visited Cambodia).
    """

    text: str
    start: int
    end: int
    trigger: str  # as written: "after", "in the same month as", "when"
    trigger_start: int
    relation: AnchorRelation
    kind: AnchorKind
    elliptical: bool = False
    mentions: tuple[Mention, ...] = ()
    succession: bool = False  # the trigger is the question's own verb ("who *succeeded* X"): keep it in the content
    within_days: int | None = None  # "within a week after X": the question's event at most this many days from X's
    within_months: int | None = None  # "within a month/year after X": ... this many calendar months (a year is 12)

    @property
    def within(self) -> bool:
        """Whether the trigger bounds the distance from the anchor's event ("within a week after/of X")."""
        return self.within_days is not None or self.within_months is not None

    @property
    def granularity(self) -> Granularity | None:
        return self.relation.granularity

    @property
    def constraint_start(self) -> int:
        """Where the temporal constraint starts: the complement for succession verbs, else the trigger."""
        return self.start if self.succession else self.trigger_start

    @property
    def signal(self) -> Signal:
        return self.relation.signal


@dataclass(frozen=True)
class Ordinal:
    """A temporal ordinal: ``position`` 1 = first/earliest, 2 = second, -1 = last/latest, -2 = second to last."""

    text: str
    start: int
    end: int
    position: int

    @property
    def from_end(self) -> bool:
        return self.position < 0


@dataclass(frozen=True)
class TemporalQuestion:
    """A question understood without an LLM: ``tkgrag.question.understand(text)`` builds one."""

    text: str
    signals: tuple[Signal, ...]
    categories: tuple[Category, ...]
    answer_type: AnswerType
    times: tuple[TimeExpression, ...] = ()
    anchors: tuple[Anchor, ...] = ()
    ordinals: tuple[Ordinal, ...] = ()
    mentions: tuple[Mention, ...] = ()
    main_content: str = ""  # MRAG's MC: the question without its temporal constraint
    temporal_constraint: str = ""  # MRAG's TC, as the removed words ("first ... in 2005")
    relation_phrase: str = ""  # the main content without question words and mentions: what to match relations to
    reference_date: date | None = None
    # "other than X", "besides X": spans whose mentions are left out of the answers, not entities of the event
    exclusions: tuple[tuple[int, int], ...] = ()
    # "In the same month that X criticised Y, who else did so?": the main clause only repeats the anchor's event
    # (a pro-form: "did so", "had last done so", "did the same"); its relation and entities are the anchor's
    pro_form: bool = False

    # -- conveniences ---------------------------------------------------------------------------------------
    @property
    def time(self) -> TimeSpan | None:
        """The first explicit time that is on the calendar, or None."""
        return next((t.span for t in self.times if t.span is not None), None)

    @property
    def anchor(self) -> Anchor | None:
        return self.anchors[0] if self.anchors else None

    @property
    def ordinal(self) -> Ordinal | None:
        return self.ordinals[0] if self.ordinals else None

    def has(self, item: Signal | Category) -> bool:
        return item in self.signals or item in self.categories

    @property
    def notes(self) -> tuple[str, ...]:
        """What the question states about time that could not be used, said instead of dropped silently: a date that
        does not exist ("31 February 2014") or a period that ends before it starts ("between 2015 and 2013"). A month
        without a year and relative times wait for a reference date, and are not noted."""
        out = []
        for t in self.times:
            if t.span is not None or t.relative or not _YEARISH.search(t.text):
                continue
            years = [int(y) for y in _YEARISH.findall(t.text)]
            if _BC.search(t.text):
                why = "is a year BC, which is not on the calendar of the stored facts"
            elif any(b < a for a, b in pairwise(years)):
                why = "ends before it starts"
            else:
                why = "is not on the calendar (a day that does not exist, or a period that ends before it starts)"
            out.append(f"the question's time {t.text!r} {why}: no time constraint was taken from it")
        return tuple(out)

    def main_mentions(self) -> tuple[Mention, ...]:
        """Mentions outside every anchor and exclusion: the entities of the question's own event."""
        return tuple(
            m
            for m in self.mentions
            if not any(a.trigger_start <= m.start < a.end for a in self.anchors)
            and not any(a <= m.start < b for a, b in self.exclusions)
        )

    def excluded_mentions(self) -> tuple[Mention, ...]:
        """Mentions the question sets apart from its answers ("Who, other than X, visited Y?")."""
        return tuple(m for m in self.mentions if any(a <= m.start < b for a, b in self.exclusions))
