"""MRAG's symbolic temporal score (Appendix G, Figure 7): how well a sentence's years fit the question's temporal
constraint, in [OUTSIDE, HIGH].

The paper's six templates ("first|last - before|after|between") are straight lines over a window of years, as its
code builds them (linear ``interp1d``): LOW (0.6) at one end, HIGH (1.0) at the other, and OUTSIDE (0.5) for a year
outside the window or a sentence without a year. Y is the constraint's year, [A, B] its years:

=================  =====================================  ==========================================
template           eligible sentence years y              score rises toward
=================  =====================================  ==========================================
last  - before Y   Y - WINDOW <= y <= Y                   Y       (the latest before Y is the answer)
first - before Y   Y - WINDOW <= y <= Y                   Y - WINDOW
last  - after Y    Y <= y <= Y + WINDOW                   Y + WINDOW
first - after Y    Y <= y <= Y + WINDOW                   Y       (the first after Y)
last  - between    A <= y <= B                            B
first - between    A <= y <= B                            A
=================  =====================================  ==========================================

Without "first"/"last" the paper's code takes the "last" template (``as of 1981`` = the latest before 1981). "as of",
"by", "until" are *before*; "since", "from Y" (open) are *after*; "from A to B" and "between" are *between*, as the
paper maps them. Its check: last - before - 1981 scores a 1970 sentence 0.6 + 0.4 * 39/50 = 0.912 ("around 0.9").

Choices where the paper is silent (documented in the README's MRAG section):
* *in P* (one year, month or day, which the paper leaves unscored): HIGH for a year inside P, OUTSIDE otherwise.
* *first/last* with no date ("who was the first coach of X"): *after* the earliest year among the candidates, or
  *before* the latest one, so the ordinal still orders the sentences.
* A sentence scores the best of its years (the paper's text: "the highest temporal score is selected").
* ``Shape.ramp_unordered=False`` (``mrag+``): a period without "first"/"last" is flat (HIGH inside).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

WINDOW = 50  # years (the paper's spline width)
LOW, HIGH, OUTSIDE = 0.6, 1.0, 0.5


class TcKind(StrEnum):
    BEFORE = "before"
    AFTER = "after"
    BETWEEN = "between"
    IN = "in"


class Ordinality(StrEnum):
    FIRST = "first"
    LAST = "last"
    NONE = "none"  # scored as LAST, like the paper's code


@dataclass(frozen=True)
class Shape:
    """The templates' parameters: the paper's values by default."""

    window: int = WINDOW
    low: float = LOW
    high: float = HIGH
    outside: float = OUTSIDE
    # The paper scores a period without "first"/"last" like "last" (rising to its end). False (``mrag+``): a plain
    # period ("from 1998 to 2000", "between ...") is a *during* constraint, every year in it scores HIGH, so the
    # sentence dating the start of a tenure is not ranked below the one dating the successor's start.
    ramp_unordered: bool = True
    # False (paper): years before a period (*in*, *between*) are OUTSIDE. True: they are scored on the *before* ramp
    # toward the period's start, since the sentence dating a state ("In 1964 she bought the house") usually precedes
    # the date a question asks about ("who owned it in October 1965"). Only for periods without first/last.
    lookback: bool = False

    def __post_init__(self) -> None:
        if self.window < 1:
            raise ValueError(f"temporal score: window must be at least 1 year, got {self.window}")
        if not 0.0 <= self.outside <= self.low <= self.high:
            raise ValueError("temporal score: need 0 <= outside <= low <= high")


@dataclass(frozen=True)
class TemporalScore:
    """The scoring function of one temporal constraint (paper: one instantiated template per question)."""

    kind: TcKind
    start: int  # Y for before/after; A for between/in
    end: int  # Y for before/after; B for between/in
    ordinality: Ordinality = Ordinality.NONE
    shape: Shape = Shape()

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"temporal score: end year {self.end} before start year {self.start}")

    @property
    def template(self) -> str:
        order = "first" if self.ordinality is Ordinality.FIRST else "last"
        return f"{order} - {self.kind.value}"

    def _bounds(self) -> tuple[int, int]:
        """The eligible years [lo, hi]."""
        if self.kind is TcKind.BEFORE:
            return self.end - self.shape.window, self.end
        if self.kind is TcKind.AFTER:
            return self.start, self.start + self.shape.window
        return self.start, self.end

    def year(self, y: int) -> float:
        """The score of one sentence year."""
        sh = self.shape
        lo, hi = self._bounds()
        period = self.kind in (TcKind.IN, TcKind.BETWEEN) and self.ordinality is Ordinality.NONE
        if sh.lookback and period and lo - sh.window <= y < lo:
            return sh.low + (sh.high - sh.low) * (y - (lo - sh.window)) / sh.window
        if y < lo or y > hi:
            return sh.outside
        if self.kind is TcKind.IN or hi == lo or (self.kind is TcKind.BETWEEN and period and not sh.ramp_unordered):
            return sh.high
        frac = (y - lo) / (hi - lo)  # 0 at lo, 1 at hi
        if self.ordinality is Ordinality.FIRST:
            frac = 1.0 - frac
        return sh.low + (sh.high - sh.low) * frac

    def sentence(self, years: Iterable[int]) -> float:
        """The best score over a sentence's years; OUTSIDE for a sentence without any."""
        return max((self.year(y) for y in years), default=self.shape.outside)


def ordinal_only(
    ordinality: Ordinality, candidate_years: Iterable[int], shape: Shape = Shape()
) -> TemporalScore | None:
    """For "first"/"last" without a date: *after* the earliest candidate year, or *before* the latest (None when no
    candidate mentions a year, or without an ordinal)."""
    years = list(candidate_years)
    if not years or ordinality is Ordinality.NONE:
        return None
    if ordinality is Ordinality.FIRST:
        y = min(years)
        return TemporalScore(TcKind.AFTER, y, y, Ordinality.FIRST, shape)
    y = max(years)
    return TemporalScore(TcKind.BEFORE, y, y, Ordinality.LAST, shape)
