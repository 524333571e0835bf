"""The numpy PPR reference (GDS semantics) against hand and closed-form solutions."""

from __future__ import annotations

import numpy as np
import pytest
from ppr_reference import personalized_pagerank, transition_matrix


def test_two_node_cycle() -> None:
    # a <-> b, restart on a, d = 0.8:  x_a = 0.2 + 0.8 x_b,  x_b = 0.8 x_a  ->  x_a = 0.2 / 0.36 = 5/9, x_b = 4/9
    x = personalized_pagerank(2, [(0, 1, 1.0), (1, 0, 1.0)], [1.0, 0.0], tolerance=1e-12)
    assert x.tolist() == pytest.approx([5 / 9, 4 / 9], abs=1e-10)


def test_weighted_edges_and_dropped_dangling_mass() -> None:
    # a -> b (w 1), a -> c (w 3), b -> a; c dangling. Restart on a:
    #   x_b = 0.8 * 1/4 * x_a = 0.2 x_a,  x_c = 0.8 * 3/4 * x_a = 0.6 x_a,  x_a = 0.2 + 0.8 x_b = 0.2 + 0.16 x_a
    #   -> x_a = 0.2 / 0.84 = 5/21, x_b = 1/21, x_c = 3/21; total 9/21 < 1 (c's mass is dropped).
    x = personalized_pagerank(3, [(0, 1, 1.0), (0, 2, 3.0), (1, 0, 1.0)], [1.0, 0.0, 0.0], tolerance=1e-12)
    assert x.tolist() == pytest.approx([5 / 21, 1 / 21, 3 / 21], abs=1e-10)


def test_restart_vector_is_not_normalised() -> None:
    # Linear in s: doubling the restart weights doubles every score (GDS does not normalise sourceNodes weights).
    edges = [(0, 1, 1.0), (0, 2, 3.0), (1, 0, 1.0)]
    x1 = personalized_pagerank(3, edges, [1.0, 0.0, 0.0], tolerance=1e-12)
    x2 = personalized_pagerank(3, edges, [2.0, 0.0, 0.0], tolerance=1e-12)
    assert x2 == pytest.approx(2 * x1, abs=1e-10)


def test_four_nodes_against_closed_form() -> None:
    # Fixed point: x = (1 - d) (I - d M^T)^-1 s. Node 3 is dangling.
    edges = [(0, 1, 2.0), (0, 3, 1.0), (1, 2, 1.0), (2, 0, 1.0), (2, 1, 4.0)]
    s = np.array([0.5, 0.0, 0.3, 0.2])
    m = transition_matrix(4, edges)
    assert m[0].tolist() == pytest.approx([0, 2 / 3, 0, 1 / 3])
    closed = 0.2 * np.linalg.solve(np.eye(4) - 0.8 * m.T, s)
    x = personalized_pagerank(4, edges, s, tolerance=1e-13)
    assert x == pytest.approx(closed, abs=1e-11)
    # The default tolerance 1e-5 (Sec. 4.3) lands within ~1e-4 of the fixed point.
    assert personalized_pagerank(4, edges, s) == pytest.approx(closed, abs=1e-4)
