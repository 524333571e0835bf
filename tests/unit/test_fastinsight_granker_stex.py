"""FastInsight's pure parts against values worked out by hand: GRanker's propagation matrix and one fusion step
(Alg. 2) on a 4-node example, STeX's I_struct (Alg. 3) including R_max = 1 and C_max = 1, and its ranking."""

from __future__ import annotations

import numpy as np
import pytest

from tkgrag.errors import ConfigError
from tkgrag.retrievers.fastinsight.granker import adjacency_of, fuse, propagation_matrix
from tkgrag.retrievers.fastinsight.stex import Candidate, rank_candidates, structural_importance

# Retrieved a, b, c, d: a-b, a-c, b-c inside the set; d has no retrieved neighbour. Degrees in the whole graph E:
# a 2, b 2, c 4, d 1 (c and d have neighbours outside the retrieved set).
KEYS = ["a", "b", "c", "d"]
DEGREES = np.array([2, 2, 4, 1])
ADJ = {"a": ["b", "c"], "b": ["a", "c"], "c": ["a", "b"], "d": []}


def test_propagation_matrix_by_hand() -> None:
    a = adjacency_of(KEYS, ADJ)
    assert a.tolist() == [[0, 1, 1, 0], [1, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 0]]
    p = propagation_matrix(a, DEGREES)
    # W = A D^-1: row a = [0, 1/2, 1/4, 0] (sum 3/4) -> [0, 2/3, 1/3, 0]; row b likewise [2/3, 0, 1/3, 0];
    # row c = [1/2, 1/2, 0, 0] (sum 1); row d has no retrieved neighbour -> keeps itself.
    expected = [[0, 2 / 3, 1 / 3, 0], [2 / 3, 0, 1 / 3, 0], [1 / 2, 1 / 2, 0, 0], [0, 0, 0, 1]]
    assert np.allclose(p, expected)


def test_one_fusion_step_by_hand() -> None:
    p = propagation_matrix(adjacency_of(KEYS, ADJ), DEGREES)
    h = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0]])
    # PH: a = 2/3 [0,1] + 1/3 [1,1] = [1/3, 1]; b = [1, 1/3]; c = [1/2, 1/2]; d = [2, 2].
    # H' = 0.8 H + 0.2 PH (alpha = 0.2, the paper's default).
    expected = [[0.8 + 0.2 / 3, 0.2], [0.2, 0.8 + 0.2 / 3], [0.9, 0.9], [2.0, 2.0]]
    assert np.allclose(fuse(h, p, 0.2), expected, atol=1e-6)
    assert np.allclose(fuse(h, p, 0.0), h)


def test_granker_rejects_bad_shapes_and_alpha() -> None:
    with pytest.raises(ConfigError, match="square"):
        propagation_matrix(np.zeros((2, 3)), np.array([1, 1]))
    with pytest.raises(ConfigError, match="degrees"):
        propagation_matrix(np.zeros((2, 2)), np.array([1, 1, 1]))
    with pytest.raises(ConfigError, match="alpha"):
        fuse(np.zeros((1, 1)), np.eye(1), 1.5)


def test_structural_importance_cases() -> None:
    # R_max = 1: no rank proximity; C_max = min(3, 1) = 1: no bridging.
    assert structural_importance([1], degree=3, r_max=1) == 0.0
    # C_max = min(1, 5) = 1: rank proximity only, best neighbour at rank 3 of 5: 1 - 2/4.
    assert structural_importance([3], degree=1, r_max=5) == 0.5
    # Bridging: neighbours at ranks 2 and 4 of 5 -> 1 - 1/4 = 0.75; C_max = min(3, 5) = 3 -> (2 - 1)/(3 - 1) = 0.5.
    assert structural_importance([4, 2], degree=3, r_max=5) == 1.25
    # Next to the top node, one retrieved neighbour: 1 + 0.
    assert structural_importance([1], degree=10, r_max=10) == 1.0
    # Connects all of C_max = min(2, 10) = 2 retrieved nodes: 1 - 4/9 + 1.
    assert structural_importance([5, 9], degree=2, r_max=10) == pytest.approx(1 - 4 / 9 + 1)


def test_rank_candidates_weights_structure_by_beta() -> None:
    rank_of = {"r1": 1, "r2": 2, "r3": 3}
    near_top = Candidate("x", ("r1",), degree=1, sim=0.10)  # I_struct = 1
    similar = Candidate("y", ("r3",), degree=1, sim=0.60)  # I_struct = 0
    bridge = Candidate("z", ("r2", "r3"), degree=2, sim=0.20)  # 1 - 1/2 + (2 - 1)/(2 - 1) = 1.5
    ranked = rank_candidates([near_top, similar, bridge], rank_of, beta=1.0)
    assert [(c.key, round(s, 6)) for c, s in ranked] == [("z", 1.7), ("x", 1.1), ("y", 0.6)]
    # beta = 0: similarity alone (the vector-search order of the neighbours).
    assert [c.key for c, _ in rank_candidates([near_top, similar, bridge], rank_of, beta=0.0)] == ["y", "z", "x"]
