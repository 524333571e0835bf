"""The pure parts of star's variants (retrievers/star/variants.py), with values worked out by hand."""

from __future__ import annotations

import math
from datetime import date

import numpy as np
import pytest

from tkgrag.errors import ConfigError
from tkgrag.model import TemporalConstraint
from tkgrag.question.parse import understand
from tkgrag.retrievers.star.config import STAR_PLUS, StarConfig
from tkgrag.retrievers.star.variants import (
    NO_DAY,
    merge_reserved,
    mixed_seeds,
    proximity,
    reference_day,
    rule_mass,
)


def day(text: str) -> int:
    return date.fromisoformat(text).toordinal()


def test_mixed_seeds_shares_the_mass() -> None:
    assert mixed_seeds({1: 0.5, 2: 0.5}, [2, 3], 0.4) == pytest.approx({1: 0.3, 2: 0.5, 3: 0.2})
    assert mixed_seeds({1: 1.0}, [], 0.4) == {1: 1.0}  # no anchor: the paper's gamma
    assert mixed_seeds({}, [7, 8], 0.4) == pytest.approx({7: 0.5, 8: 0.5})  # no cosine seeds: the anchor alone


DAYS = np.array([day("2014-01-10"), day("2014-06-01"), day("2014-12-20"), NO_DAY], dtype=np.int32)
COS = np.array([0.9, 0.7, 0.8, 0.95])


@pytest.mark.parametrize(
    ("question", "constraint", "expected"),
    [
        ("Who accused Japan before May 2014?", TemporalConstraint.before("2014-05"), day("2014-05-01")),
        ("Who accused Japan after May 2014?", TemporalConstraint.after("2014-05"), day("2014-05-31")),
        ("Who last accused Japan before May 2014?", TemporalConstraint.before("2014-05"), day("2014-05-01")),
        ("Who first accused Japan in May 2014?", TemporalConstraint.in_period("2014-05"), day("2014-05-01")),
        ("Who last accused Japan in May 2014?", TemporalConstraint.in_period("2014-05"), day("2014-05-31")),
        ("Who accused Japan in May 2014?", TemporalConstraint.in_period("2014-05"), None),
    ],
)
def test_reference_day_of_a_constraint(question: str, constraint: TemporalConstraint, expected: int | None) -> None:
    assert reference_day([constraint], understand(question), DAYS, COS, 50) == expected


def test_an_ordinal_that_runs_against_the_bound_looks_at_the_ends_of_the_pool() -> None:
    # "the first before May": not the nearest before May but the earliest of the pool
    q = understand("Who was the first to accuse Japan before May 2014?")
    assert reference_day([TemporalConstraint.before("2014-05")], q, DAYS, COS, 50) == day("2014-01-10")


def test_ordinal_alone_uses_the_best_cosine_pool_and_skips_undated() -> None:
    first, last = understand("Who was the first to accuse Japan?"), understand("Who was the last to accuse Japan?")
    assert reference_day([], first, DAYS, COS, 50) == day("2014-01-10")
    assert reference_day([], last, DAYS, COS, 50) == day("2014-12-20")
    # a pool of the 2 best dated by cosine: 0.9 (Jan) and 0.8 (Dec); June (0.7) is out
    assert reference_day([], first, DAYS, COS, 2) == day("2014-01-10")
    assert reference_day([], last, DAYS, COS, 1) == day("2014-01-10")
    assert reference_day([], understand("Who accused Japan?"), DAYS, COS, 50) is None


def test_proximity_decays_exponentially_and_is_zero_without_a_day() -> None:
    got = proximity(np.array([10, 40, 10 - 60, NO_DAY], dtype=np.int32), 10, 30.0)
    assert got.tolist() == pytest.approx([1.0, math.exp(-1), math.exp(-2), 0.0])


def test_rule_mass_is_the_best_rule_relative_to_the_top() -> None:
    candidates = np.array([0, 1, 2])
    supports = {7: np.array([0, 1]), 8: np.array([1, 2])}
    assert rule_mass(candidates, supports, {7: 0.2, 8: 0.1}).tolist() == pytest.approx([1.0, 1.0, 0.5])
    assert rule_mass(candidates, supports, {}).tolist() == [0.0, 0.0, 0.0]


def test_merge_reserved() -> None:
    main, extra = ["a", "b", "c", "d"], ["x", "b", "y"]
    assert merge_reserved(main, extra, 4, 2) == ["a", "b", "x", "y"]
    assert merge_reserved(main, ["b"], 4, 2) == ["a", "b", "c", "d"]  # an unused slot goes back to main
    assert merge_reserved(main, extra, 4, 0) == main
    assert merge_reserved(main, extra, 2, 5) == ["x", "b"]


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"anchor_seed_mass": 1.5}, "anchor_seed_mass"),
        ({"proximity_weight": -0.1}, "proximity_weight"),
        ({"proximity_days": 0}, "proximity_days"),
        ({"reserve": -1}, "reserve"),
        ({"vector_pool": -5}, "vector_pool"),
        ({"ppr_engine": "gds", "proximity_weight": 0.1}, "ppr_engine"),
    ],
)
def test_variant_options_are_validated_by_name(options: dict[str, object], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        StarConfig(**options)  # type: ignore[arg-type]


def test_star_plus_is_star_tc_with_the_variants_on_and_star_stays_the_paper() -> None:
    paper = StarConfig()
    assert (paper.anchor_seed_mass, paper.include_anchor, paper.ppr_weight, paper.proximity_weight) == (0, False, 0, 0)
    assert (paper.reserve, paper.vector_pool) == (0, 0)
    assert STAR_PLUS.apply_constraints and STAR_PLUS.include_anchor and STAR_PLUS.anchor_seed_mass > 0
