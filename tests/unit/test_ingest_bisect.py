"""Finding the records of a refused batch (``tkgrag.ingest.bisect``): which Neo4j errors are the records' fault, and
the search itself against a server model whose answers are worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tkgrag.ingest.bisect import find_culprits, is_record_level


@pytest.mark.parametrize(
    ("code", "message", "expected"),
    [
        ("Neo.ClientError.Schema.ConstraintValidationFailed", "Node(1) already exists", True),
        ("Neo.ClientError.Statement.TypeError", "Property values can only be of primitive types", True),
        ("Neo.ClientError.Statement.SemanticError", "Cannot merge node using null property value", True),
        ("Neo.DatabaseError.Statement.ExecutionFailed", "Property value is too large to index, please see", True),
        # not the records' fault: bisecting these would reject good records
        ("Neo.DatabaseError.Statement.ExecutionFailed", "Java heap space", False),
        ("Neo.TransientError.Transaction.DeadlockDetected", "deadlock", False),
        ("Neo.TransientError.General.DatabaseUnavailable", "unavailable", False),
        ("Neo.ClientError.Statement.SyntaxError", "Invalid input", False),
        ("Neo.ClientError.Statement.ParameterMissing", "Expected parameter(s): rows", False),
        ("Neo.ClientError.Security.Unauthorized", "unauthorized", False),
        ("Neo.ClientError.Transaction.TransactionTimedOut", "timed out", False),
    ],
)
def test_which_errors_are_record_level(code: str, message: str, expected: bool) -> None:
    assert is_record_level(code, message) is expected


class Server:
    """Refuses a set of records on their own (``bad``) and pairs that are refused only together (the later one of
    the pair after the earlier one, like two new nodes with the same unique name). Counts the trials."""

    def __init__(self, bad: set[int], pairs: Sequence[tuple[int, int]] = ()) -> None:
        self.bad, self.pairs, self.trials = bad, list(pairs), 0

    def attempt(self, indices: Sequence[int]) -> str | None:
        self.trials += 1
        chosen = set(indices)
        for i in indices:
            if i in self.bad:
                return f"bad {i}"
        for a, b in self.pairs:
            if a in chosen and b in chosen:
                return f"pair {a}-{b}"
        return None


def test_one_bad_record_in_eight() -> None:
    server = Server({5})
    assert find_culprits(8, server.attempt, "bad 5") == {5: "bad 5"}
    # [0..3] ok, [4..7] refused, [4,5] refused, [6,7] ok, [4] ok, [5] refused, then the 7 others together: 7 trials
    assert server.trials == 7


def test_several_bad_records_each_with_its_own_reason() -> None:
    server = Server({0, 3, 9})
    assert find_culprits(10, server.attempt, "bad 0") == {0: "bad 0", 3: "bad 3", 9: "bad 9"}


def test_every_record_bad() -> None:
    server = Server({0, 1, 2})
    assert find_culprits(3, server.attempt, "bad 0") == {0: "bad 0", 1: "bad 1", 2: "bad 2"}


def test_a_single_record_batch_is_its_own_culprit_without_a_trial() -> None:
    server = Server({0})
    assert find_culprits(1, server.attempt, "bad 0") == {0: "bad 0"}
    assert server.trials == 0


def test_records_refused_only_together_blame_the_later_one() -> None:
    # 2 and 6 are fine alone and in either half ([0..3], [4..7]); together they are refused. Written in order, 6 is
    # the record that fails, so 6 is rejected and 2 is kept.
    server = Server(set(), pairs=[(2, 6)])
    assert find_culprits(8, server.attempt, "pair 2-6") == {6: "pair 2-6"}


def test_bad_records_and_a_pair_together() -> None:
    server = Server({1}, pairs=[(0, 7)])
    assert find_culprits(8, server.attempt, "bad 1") == {1: "bad 1", 7: "pair 0-7"}


def test_other_errors_propagate() -> None:
    def attempt(indices: Sequence[int]) -> str | None:
        raise ConnectionError("server gone")

    with pytest.raises(ConnectionError):
        find_culprits(4, attempt, "x")
