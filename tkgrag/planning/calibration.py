"""One scale across kinds for ``auto``: how far a question's probe score against a kind's vector index stands out
from what texts of OTHER kinds score against that index (a label-free null distribution, per store).

Why: every kind is embedded with the same model, but the raw cosines are not comparable across kinds (short
event/fact texts score higher against templated questions than Wikipedia paragraphs do against anything; measured
on training questions in benchmarks/results/2026-11-26/auto/report.md). A percentile against the kind's own null is
on one scale for every kind: 0.9 means "higher than 90% of what off-kind texts reach on this index".

- ``probe_value``: the mean of the top ``TOP`` cosines of one kind's hits (fewer when fewer exist);
- ``percentile``: the mid-rank empirical CDF of a value in a sorted null sample, (#below + #below-or-equal) / 2n;
- ``calibrate``: each kind's probe value as its percentile in that kind's null (kinds without a null or without a
  hit get None: no claim);
- ``keep``: the kinds within ``margin`` of the best calibrated value (a plan drops the others, each with why);
- ``Measured``: what a calibrator measures of one question (its vector, raw probe values and calibrated values).

Pure: the store side (the probe and the null's sample) is ``tkgrag.planning.probe``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tkgrag.model import ItemKind

TOP = 5  # probe value = the mean of a kind's top 5 cosines (measured better than top 1 for passages)
MARGIN = 0.1  # keep the kinds within 0.1 of the best calibrated value (chosen before the evaluation runs)
NULLS_BY_NAME = ("questions", "items")  # the sorts of null (``planning.probe``'s module doc)
DEFAULT_NULL = "items"  # today's default, until the question null is measured better


def probe_value(scores: Sequence[float], top: int = TOP) -> float | None:
    """The mean of the ``top`` best of ``scores`` (any order); None when there are none."""
    if not scores:
        return None
    best = sorted(scores, reverse=True)[:top]
    return sum(best) / len(best)


def percentile(null: Sequence[float], x: float) -> float:
    """The mid-rank empirical CDF of ``x`` in the sorted sample ``null``: (#< x + #<= x) / (2 n). A value above the
    whole sample is 1.0, below it 0.0, equal to every element 0.5."""
    if not null:
        raise ValueError("percentile of an empty null sample")
    return (bisect_left(null, x) + bisect_right(null, x)) / (2 * len(null))


@dataclass(frozen=True)
class Null:
    """Per kind, the sorted probe values that texts of the other kinds reach on that kind's index."""

    scores: Mapping[ItemKind, tuple[float, ...]]

    @classmethod
    def of(cls, scores: Mapping[ItemKind, Sequence[float]]) -> Null:
        return cls({k: tuple(sorted(v)) for k, v in scores.items() if v})

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return frozenset(self.scores)

    def as_dict(self) -> dict[str, list[float]]:
        return {k.value: list(v) for k, v in self.scores.items()}

    @classmethod
    def from_dict(cls, d: Mapping[str, Sequence[float]]) -> Null:
        return cls.of({ItemKind(k): v for k, v in d.items()})


@dataclass(frozen=True)
class Measured:
    """One question measured against the store: its vector, each kind's raw probe value and its calibrated value
    (the label-free planner reads ``calibrated``; the fitted router reads all three)."""

    vector: list[float]
    raw: dict[ItemKind, float]
    calibrated: dict[ItemKind, float | None]


def calibrate(probe: Mapping[ItemKind, float | None], null: Null) -> dict[ItemKind, float | None]:
    """Each kind's probe value as its percentile in that kind's null; None where either is missing."""
    out: dict[ItemKind, float | None] = {}
    for kind, value in probe.items():
        sample = null.scores.get(kind)
        out[kind] = None if value is None or not sample else percentile(sample, value)
    return out


def keep(
    values: Mapping[ItemKind, float | None], margin: float = MARGIN
) -> tuple[list[ItemKind], list[tuple[ItemKind, str]]]:
    """The kinds (in ``values``' order) whose calibrated value is within ``margin`` of the best, and the dropped
    ones with why. A kind without a value (no null, no hit) is kept: there is no evidence against it. With no value
    at all, every kind is kept."""
    known = {k: v for k, v in values.items() if v is not None}
    if not known:
        return list(values), []
    best = max(known.values())
    kept: list[ItemKind] = []
    dropped: list[tuple[ItemKind, str]] = []
    for kind, v in values.items():
        if v is None or v >= best - margin - 1e-12:
            kept.append(kind)
        else:
            dropped.append((kind, f"calibrated {v:.2f} < best {best:.2f} - {margin:g}"))
    return kept, dropped
