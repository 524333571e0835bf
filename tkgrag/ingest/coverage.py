"""Coverage: how densely each source covers each month, so that an answer can say when the store is only a sample.

A KG file can be partial in time (MultiTQ's ICEWS05-15 holds ~20% of the events before 2013-11-18 and all after):
"who was the first to ..." answered from a sample is a guess. The event ingest counts events per (source, month) for
the months it touched (``update_coverage``) into ``Coverage`` nodes (``queries.coverage``); ``rebuild_coverage``
backfills a store ingested before. ``SourceCoverage`` judges each month against the source's OWN density:

- reference = the 90th percentile (nearest rank) of the source's non-empty monthly counts: its dense months, robust
  to one spike month, and still right when most months are sampled (ICEWS05-15: 97 of 132 months are);
- a month is ``empty`` with no event (between the source's first and last month), ``sampled`` with fewer than half
  the reference, ``dense`` otherwise; a source with fewer than 12 non-empty months, or a reference below 200 events,
  is not judged (every month dense): small counts vary by chance. A source sampled uniformly in every month looks
  dense: the rule sees only a change of density within a source.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import StrEnum

from tkgrag.queries.coverage import ALL_MONTHS, COVERAGE_TABLE, MONTHS_OF_RUN, SET_MONTHS, UPDATE_MONTHS
from tkgrag.store.connection import Store

REFERENCE_QUANTILE = 0.9
SAMPLED_SHARE = 0.5
MIN_MONTHS = 12  # a source with fewer non-empty months is not judged: too little to tell sampling from seasons
MIN_REFERENCE = 200  # nor one whose dense months hold fewer: at that size a month varies by chance (the bundled
# 787-event ICEWS14 sample, a uniform sample of every month, holds 43 to 93 events a month)


class Density(StrEnum):
    DENSE = "dense"
    SAMPLED = "sampled"
    EMPTY = "empty"


def month_of(d: date) -> str:
    return f"{d.year:04d}-{d.month:02d}"


def months_between(first: str, last: str) -> list[str]:
    """Every "YYYY-MM" from ``first`` to ``last`` inclusive."""
    y, m = int(first[:4]), int(first[5:7])
    ly, lm = int(last[:4]), int(last[5:7])
    out = []
    while (y, m) <= (ly, lm):
        out.append(f"{y:04d}-{m:02d}")
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def upper_median(values: Iterable[int]) -> int:
    """The middle value (the upper one of an even count), 0 for none: the "median N events a month" of reports."""
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0


def nearest_rank(values: list[int], q: float) -> int:
    """The ``q`` quantile by nearest rank (``values`` non-empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@dataclass(frozen=True)
class WeakMonths:
    """The sampled or empty months of one source inside a window, and the figures that make them so."""

    source: str
    months: tuple[tuple[str, Density, int], ...]
    reference: int

    def describe(self) -> str:
        """ "icews05-15 holds only a sample for 2005-01..2013-10 (median 700 events a month there, 3,650 in its
        dense months)"."""
        ms = [m for m, _, _ in self.months]
        median = upper_median(n for _, _, n in self.months)
        span = ms[0] if len(ms) == 1 else f"{ms[0]}..{ms[-1]}"
        kinds = {d for _, d, _ in self.months}
        what = "no events" if kinds == {Density.EMPTY} else "only a sample"
        return (
            f"{self.source} holds {what} for {span} ({median:,} events a month there, "
            f"{self.reference:,} in its dense months)"
        )


@dataclass(frozen=True)
class CoveragePeriod:
    """A run of consecutive months of one density, with each month's event count."""

    first: str
    last: str
    density: Density
    counts: tuple[int, ...]

    @property
    def median(self) -> int:
        return upper_median(self.counts)


@dataclass
class SourceCoverage:
    """One source's monthly counts and the judgement of each month (see the module docstring for the rule)."""

    source: str
    counts: dict[str, int]
    reference: int = 0
    status: dict[str, Density] = field(default_factory=dict)
    judged: bool = False  # enough months and events to tell a sample from chance (else no month is judged)

    def __post_init__(self) -> None:
        if not self.counts:
            return
        nonzero = [n for n in self.counts.values() if n > 0]
        self.reference = nearest_rank(nonzero, REFERENCE_QUANTILE) if nonzero else 0
        self.judged = len(nonzero) >= MIN_MONTHS and self.reference >= MIN_REFERENCE
        if not self.judged:
            # No month-by-month status: it would read dense everywhere, and a small source can span centuries (a
            # Wikidata facts source from year 140 to 2020 is 22,561 months).
            return
        for m in months_between(min(self.counts), max(self.counts)):
            n = self.counts.get(m, 0)
            if n == 0:
                self.status[m] = Density.EMPTY
            elif n < SAMPLED_SHARE * self.reference:
                self.status[m] = Density.SAMPLED
            else:
                self.status[m] = Density.DENSE

    @property
    def first(self) -> str | None:
        return min(self.counts) if self.counts else None

    @property
    def last(self) -> str | None:
        return max(self.counts) if self.counts else None

    def periods(self) -> list[CoveragePeriod]:
        """Consecutive months of one density, in order: what ``tkgrag status`` and the reports show."""
        out: list[CoveragePeriod] = []
        for month, density in sorted(self.status.items()):
            n = self.counts.get(month, 0)
            if out and out[-1].density is density:
                last = out[-1]
                out[-1] = CoveragePeriod(last.first, month, density, (*last.counts, n))
            else:
                out.append(CoveragePeriod(month, month, density, (n,)))
        return out

    def describe(self) -> str:
        """ "icews05-15: sampled 2005-01..2013-11 (median 695 events a month), dense 2013-12..2015-12 (median
        3,727)"; a source with no sampled or empty month reads as one dense period, one too small to judge says so."""
        if not self.judged:
            return (
                f"{self.source}: {self.first}..{self.last}, not judged: too few months or events to tell a sample "
                f"from chance (median {upper_median(self.counts.values()):,} events a month)"
            )
        parts = []
        for i, p in enumerate(self.periods()):
            span = p.first if p.first == p.last else f"{p.first}..{p.last}"
            unit = " events a month" if i == 0 else ""
            parts.append(f"{p.density.value} {span} (median {p.median:,}{unit})")
        return f"{self.source}: " + ", ".join(parts)

    def weak(self, start: date | None, end: date | None) -> WeakMonths | None:
        """The sampled/empty months of this source between ``start`` and ``end`` (None: the source's own first/last
        month), or None when every month there is dense (or the window misses the source's period)."""
        first, last = self.first, self.last
        if not self.judged or first is None or last is None:
            return None
        lo = max(month_of(start), first) if start else first
        hi = min(month_of(end), last) if end else last
        if lo > hi:
            return None
        bad = tuple(
            (m, self.status[m], self.counts.get(m, 0))
            for m in months_between(lo, hi)
            if self.status[m] is not Density.DENSE
        )
        return WeakMonths(self.source, bad, self.reference) if bad else None


@dataclass
class CoverageTable:
    """Every source's coverage, as read from the store."""

    sources: dict[str, SourceCoverage]

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, object]]) -> CoverageTable:
        counts: dict[str, dict[str, int]] = {}
        for r in rows:
            counts.setdefault(str(r["source"]), {})[str(r["month"])] = int(r["events"])  # type: ignore[call-overload]
        return cls({s: SourceCoverage(s, c) for s, c in counts.items()})

    @classmethod
    def load(cls, store: Store) -> CoverageTable:
        return cls.from_rows(store.run(COVERAGE_TABLE))

    def weak(self, sources: Iterable[str | None], start: date | None, end: date | None) -> WeakMonths | None:
        """The first of ``sources`` (all sources when none is named) with sampled/empty months in the window."""
        named = [s for s in sources if s]
        for s in named or sorted(self.sources):
            cov = self.sources.get(s)
            found = cov.weak(start, end) if cov is not None else None
            if found is not None:
                return found
        return None

    def rows(self) -> list[dict[str, object]]:
        """One row per source and month: events and the judgement (for ``tkgrag status`` or a report)."""
        return [
            {"source": s, "month": m, "events": c.counts.get(m, 0), "density": d.value, "reference": c.reference}
            for s, c in sorted(self.sources.items())
            for m, d in sorted(c.status.items() if c.judged else ((m, Density.DENSE) for m in c.counts))
        ]


def _now() -> str:
    return datetime.now(UTC).isoformat()


def update_coverage(store: Store, run_id: str) -> int:
    """Recount the (source, month) pairs of the events run ``run_id`` created; the months it did not touch keep their
    counts. Returns how many months were recounted."""
    months = store.run(MONTHS_OF_RUN, {"run_id": run_id})
    if not months:
        return 0
    rows = store.run(UPDATE_MONTHS, {"months": months, "now": _now()})
    return int(rows[0]["months"]) if rows else 0


def rebuild_coverage(store: Store) -> int:
    """Count every (source, month) of the store (a store ingested before coverage existed). Returns the months."""
    rows = store.run(ALL_MONTHS)
    if not rows:
        return 0
    out = store.run(SET_MONTHS, {"rows": rows, "now": _now()})
    return int(out[0]["months"]) if out else 0
