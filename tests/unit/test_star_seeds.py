"""Seed rules and the personalization vector gamma (Appendix C), worked by hand."""

from __future__ import annotations

import pytest

from tkgrag.retrievers.star import StarConfig
from tkgrag.retrievers.star.seeds import personalization, personalization_for, seed_rules

# Anchors ranked f1..f4; u1 (|supp| 10) holds f1, f3; u2 (30) holds f2; u3 (60) holds f1, f4; f5 maps to no rule.
ANCHORS = ["f1", "f2", "f3", "f4", "f5"]
RULES_OF = {"f1": ["u1", "u3"], "f2": ["u2"], "f3": ["u1"], "f4": ["u3"]}
SUPPORT = {"u1": 10, "u2": 30, "u3": 60, "unused": 5}


def test_seed_rules_in_first_hit_order() -> None:
    assert seed_rules(ANCHORS, RULES_OF) == ["u1", "u3", "u2"]
    with pytest.raises(ValueError, match="'f1' appears twice"):
        seed_rules(["f1", "f2", "f1"], RULES_OF)


def test_gamma_matches_appendix_c_by_hand() -> None:
    # coverage c~ = 10/100, 30/100, 60/100 = 0.1, 0.3, 0.6
    # rank importance (beta 0.7, rank j 1-based): p_u1 = 0.7^0 + 0.7^2 = 1.49, p_u2 = 0.7^1 = 0.7,
    #   p_u3 = 0.7^0 + 0.7^3 = 1.343; sum 3.533 -> p~ = 0.421738, 0.198132, 0.380130
    # s = 0.4 c~ + 0.6 p~ = 0.293043, 0.238879, 0.468078 (sums to 1)
    # tau = 1/3: gamma = (s + 1/3) / (1 + 3 * 1/3) = (s + 1/3) / 2 = 0.313188, 0.286106, 0.400706
    gamma = personalization(ANCHORS, RULES_OF, SUPPORT)
    assert list(gamma) == ["u1", "u3", "u2"]
    assert gamma["u1"] == pytest.approx(0.313188, abs=1e-6)
    assert gamma["u2"] == pytest.approx(0.286106, abs=1e-6)
    assert gamma["u3"] == pytest.approx(0.400706, abs=1e-6)
    assert sum(gamma.values()) == pytest.approx(1.0)


def test_gamma_with_explicit_tau_and_theta() -> None:
    # theta = 1 (rank only), tau = 0.1: s = p~; gamma = (p~ + 0.1) / (1 + 0.3)
    #   u1: (1.49/3.533 + 0.1) / 1.3 = 0.521738 / 1.3 = 0.401337
    gamma = personalization(ANCHORS, RULES_OF, SUPPORT, theta=1.0, tau=0.1)
    assert gamma["u1"] == pytest.approx(0.401337, abs=1e-6)


def test_star_uniform_and_config_modes() -> None:
    assert personalization(ANCHORS, RULES_OF, SUPPORT, mode="star-uniform") == {
        "u1": pytest.approx(1 / 3),
        "u3": pytest.approx(1 / 3),
        "u2": pytest.approx(1 / 3),
    }
    # K1 = 1 keeps only f1 -> U_seed {u1, u3}; c~ = 10/70, 60/70; p~ = 1/2, 1/2; s = 0.4 c~ + 0.3;
    #   gamma = (s + 1/2) / 2: u1 = (0.057143 + 0.3 + 0.5) / 2 = 0.428571, u3 = (0.342857 + 0.8) / 2 = 0.571429
    gamma = personalization_for(ANCHORS, RULES_OF, SUPPORT, StarConfig(k1=1))
    assert gamma == {"u1": pytest.approx(0.428571, abs=1e-6), "u3": pytest.approx(0.571429, abs=1e-6)}


def test_no_seeds_and_missing_support() -> None:
    assert personalization(["f5"], RULES_OF, SUPPORT) == {}
    with pytest.raises(KeyError, match="u2"):
        personalization(["f2"], RULES_OF, {"u1": 10})
