"""When Neo4j refuses a batch because of one record: find that record, so the rest of the batch is written.

Readers validate what they can (sizes, dates, fields), but the server has the last word: a uniqueness constraint a
user added on a name, a value too large for an index that the reader did not know about, a value of a type Neo4j does
not store. Such a refusal fails the whole batch transaction. The pipeline then bisects the batch with trial writes it
rolls back (``find_culprits``), rejects the records the server refuses, with the server's reason, and commits the
rest as ONE transaction with the checkpoint, as any batch (so resume and counts stay exact).

Only refusals that belong to records are bisected (``refusal``). A server that went away, a transient error (lock,
leader switch) or a broken query are not: bisecting them would reject good records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from neo4j.exceptions import Neo4jError

# Neo4j status codes that name something in the data of the statement (checked against Neo4j 5.26: a uniqueness
# constraint is Schema.ConstraintValidationFailed; a map as a property value is Statement.TypeError; MERGE on a null
# key is Statement.SemanticError; db.create.setNodeVectorProperty on a bad vector is Procedure.ProcedureCallFailed).
RECORD_LEVEL_CODES = frozenset(
    {
        "Neo.ClientError.Schema.ConstraintValidationFailed",
        "Neo.ClientError.Statement.TypeError",
        "Neo.ClientError.Statement.ArgumentError",
        "Neo.ClientError.Statement.ArithmeticError",
        "Neo.ClientError.Statement.SemanticError",
        "Neo.ClientError.Statement.EntityNotFound",
        "Neo.ClientError.Procedure.ProcedureCallFailed",
    }
)
# A value over the index key limit (~8 KB) is reported as a database error, not a client error, although it is the
# record's fault (measured on 5.26: "Property value is too large to index ...", Neo.DatabaseError.Statement.
# ExecutionFailed). Only that message of that code counts as the record's.
TOO_LARGE_TO_INDEX = ("Neo.DatabaseError.Statement.ExecutionFailed", "too large to index")


def is_record_level(code: str, message: str) -> bool:
    """Whether a Neo4j error with this status code and message is a refusal of something in the records."""
    if code in RECORD_LEVEL_CODES:
        return True
    return code == TOO_LARGE_TO_INDEX[0] and TOO_LARGE_TO_INDEX[1] in message


def refusal(exc: BaseException) -> str | None:
    """The server's reason (``code: message``) when ``exc`` refuses something in the records, else None."""
    if not isinstance(exc, Neo4jError):
        return None
    code = exc.code or ""
    message = exc.message or str(exc)
    if not is_record_level(code, message):
        return None
    return f"{message} ({code})"


Attempt = Callable[[Sequence[int]], "str | None"]


def find_culprits(n: int, attempt: Attempt, reason: str) -> dict[int, str]:
    """The records (indices in ``range(n)``) the server refuses, each with its reason.

    ``attempt(indices)`` writes those records (in order) in a transaction it rolls back and returns None when the
    server accepted them, or the server's reason (``refusal``) when it refused them; any other error propagates.
    ``reason`` is what the whole batch failed with.

    Halves are tried on their own and split until single records remain: one refused record costs about 2 log2(n)
    small trials. Records refused only together (each half passes alone, e.g. two new records with the same value of
    a unique property) are found afterwards: the first record that fails after the ones before it is refused, as
    writing them one by one in order would, until the remaining records pass together."""
    culprits: dict[int, str] = {}

    def split(indices: list[int], why: str) -> None:
        if len(indices) == 1:
            culprits[indices[0]] = why
            return
        mid = len(indices) // 2
        for half in (indices[:mid], indices[mid:]):
            refused = attempt(half)
            if refused is not None:
                split(half, refused)

    if n == 0:
        return culprits
    split(list(range(n)), reason)
    rest = [i for i in range(n) if i not in culprits]
    while rest:
        refused = attempt(rest)
        if refused is None:
            break
        k, why = _first_refused(rest, attempt, refused)
        culprits[rest[k]] = why
        del rest[k]
    return culprits


def _first_refused(indices: list[int], attempt: Attempt, refused_all: str) -> tuple[int, str]:
    """The smallest k such that ``indices[: k + 1]`` is refused (``indices`` as a whole is, ``[]`` is not)."""
    lo, hi = 0, len(indices) - 1
    why = refused_all
    while lo < hi:
        mid = (lo + hi) // 2
        refused = attempt(indices[: mid + 1])
        if refused is None:
            lo = mid + 1
        else:
            hi, why = mid, refused
    return lo, why
