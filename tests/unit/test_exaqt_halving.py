"""The Steiner step's halving retry (``gst.halving``), over a runner callable that fails the way GDS 2.13's
``gds.steinerTree`` does when a call holds a run it cannot do: which runs are kept, which are left out, how many calls
it takes and in what order, and that any other error is raised."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tkgrag.errors import StoreError
from tkgrag.retrievers.exaqt.gst import halving

OUT_OF_BOUNDS = (
    "Failed to invoke procedure `gds.steinerTree.stream`: Caused by: java.lang.ArrayIndexOutOfBoundsException: "
    "Index 12 out of bounds for length 12"
)


class Runner:
    """Runs are ints; a call fails as a whole when it holds a run in ``bad``, else gives each run's rows."""

    def __init__(self, bad: set[int], error: str = OUT_OF_BOUNDS) -> None:
        self.bad = bad
        self.error = error
        self.calls: list[list[int]] = []

    def __call__(self, runs: Sequence[int]) -> dict[int, str]:
        self.calls.append(list(runs))
        if self.bad & set(runs):
            raise StoreError(self.error)
        return {r: f"tree {r}" for r in runs}


def test_no_failure_is_one_call() -> None:
    runner = Runner(bad=set())
    assert halving(list(range(8)), runner, int) == ({r: f"tree {r}" for r in range(8)}, [])
    assert runner.calls == [[0, 1, 2, 3, 4, 5, 6, 7]]


def test_one_bad_run_of_eight_is_left_out_in_seven_calls() -> None:
    # 1 + 2 log2(8) = 7 calls: all; 0-3 (fails); 0-1, 2-3 (fails); 2 (fails, left out), 3; then 4-7
    runner = Runner(bad={2})
    rows, failed = halving(list(range(8)), runner, int)
    assert failed == [2]
    assert rows == {r: f"tree {r}" for r in (0, 1, 3, 4, 5, 6, 7)}
    assert runner.calls == [[0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3], [0, 1], [2, 3], [2], [3], [4, 5, 6, 7]]


def test_two_bad_runs_in_halves_of_uneven_length() -> None:
    # five runs: halves of 2 and 3 (the first half is the shorter); 1 and 4 fail on their own
    runner = Runner(bad={1, 4})
    rows, failed = halving([0, 1, 2, 3, 4], runner, int)
    assert failed == [1, 4]
    assert rows == {0: "tree 0", 2: "tree 2", 3: "tree 3"}
    assert runner.calls == [[0, 1, 2, 3, 4], [0, 1], [0], [1], [2, 3, 4], [2], [3, 4], [3], [4]]


def test_every_run_failing_is_two_n_minus_one_calls() -> None:
    runner = Runner(bad={10, 11, 12, 13})
    assert halving([10, 11, 12, 13], runner, int) == ({}, [10, 11, 12, 13])
    assert len(runner.calls) == 7


def test_the_left_out_runs_are_named_by_their_index() -> None:
    runs = [{"index": 7, "source": 1}, {"index": 9, "source": 2}]

    def runner(part: Sequence[dict[str, int]]) -> dict[int, str]:
        if any(r["source"] == 2 for r in part):
            raise StoreError(OUT_OF_BOUNDS)
        return {r["index"]: "tree" for r in part}

    assert halving(runs, runner, lambda r: r["index"]) == ({7: "tree"}, [9])


@pytest.mark.parametrize(
    "error",
    [
        "Failed to invoke procedure `gds.steinerTree.stream`: Caused by: java.lang.IllegalArgumentException: "
        "targetNodes nodes do not exist in the in-memory graph: [20]",
        "The allocation of an extra 1.2 GiB would use more than the limit",
    ],
)
def test_another_error_is_raised_at_the_first_call(error: str) -> None:
    runner = Runner(bad={2}, error=error)
    with pytest.raises(StoreError) as caught:
        halving(list(range(8)), runner, int)
    assert str(caught.value) == error
    assert runner.calls == [[0, 1, 2, 3, 4, 5, 6, 7]]


def test_an_error_that_is_not_a_store_error_is_not_caught() -> None:
    def runner(part: Sequence[int]) -> dict[int, str]:
        raise ValueError("not the server's")

    with pytest.raises(ValueError, match="not the server's"):
        halving([0, 1], runner, int)
