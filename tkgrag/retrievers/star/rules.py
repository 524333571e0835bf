"""Rule nodes <c_s, r, c_o> with their supports, and the Hamming-1 candidate edges between them (STAR-RAG Sec. 3.2,
Eq. 1-2).

Each event (s, r, o, t) maps to every rule in phi(s, r, o) = {<c_s, r, c_o> | c_s in C(s), c_o in C(o)}; supp(u) is
the set of events mapped to u. Two rules are candidate neighbours when they differ in exactly one field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tkgrag.retrievers.star.events import EventArrays
from tkgrag.retrievers.star.labels import EntityLabels

# Which rule field two Hamming-1 rules differ in.
FIELD_C_S, FIELD_RELATION, FIELD_C_O = 0, 1, 2
FIELD_NAMES = ("c_s", "relation", "c_o")


def rule_key(c_s: str, relation: str, c_o: str) -> str:
    """Stable rule identifier, e.g. ``C3|Make_statement|C17`` (type ids never contain ``|``)."""
    return f"{c_s}|{relation}|{c_o}"


def hamming(u: Sequence[object], v: Sequence[object]) -> int:
    """Eq. 2: d_H(u, v) = 1[a_s != b_s] + 1[r != r'] + 1[a_o != b_o], for rules or (s, r, o) event triples."""
    if len(u) != 3 or len(v) != 3:
        raise ValueError(f"hamming() compares (subject, relation, object) triples, got {u!r} and {v!r}")
    return sum(a != b for a, b in zip(u, v, strict=True))


@dataclass(frozen=True)
class RuleNode:
    """A rule u = <c_s, r, c_o>; ``support`` = indices (into the input events) of supp(u), ascending."""

    key: str
    c_s: str
    relation: str
    c_o: str
    support: tuple[int, ...]

    @property
    def triple(self) -> tuple[str, str, str]:
        return (self.c_s, self.relation, self.c_o)


@dataclass(frozen=True)
class RuleTable:
    """Vectorized rules: rule i is <types[c_s[i]], relations[relation[i]], types[c_o[i]]>; its supports are
    ``member_event[offsets[i]:offsets[i + 1]]`` (memberships sorted by rule, then event)."""

    c_s: np.ndarray
    relation: np.ndarray
    c_o: np.ndarray
    member_rule: np.ndarray
    member_event: np.ndarray
    offsets: np.ndarray

    def __len__(self) -> int:
        return int(self.c_s.shape[0])

    @property
    def support_sizes(self) -> np.ndarray:
        return np.diff(self.offsets)

    def support(self, i: int) -> np.ndarray:
        return self.member_event[self.offsets[i] : self.offsets[i + 1]]


def map_events_to_rules(events: EventArrays, labels: EntityLabels) -> RuleTable:
    """Eq. 1 for every event at once. Rules are ordered by (c_s, relation, c_o) codes."""
    n_types = max(len(labels.types), 1)
    n_rel = max(len(events.relations), 1)
    width = max((len(t) for t in labels.type_index), default=1)
    lab = np.full((len(labels.type_index), width), -1, dtype=np.int64)
    for e, idx in enumerate(labels.type_index):
        lab[e, : len(idx)] = idx
    ls = lab[events.subject]  # (n, K)
    lo = lab[events.object]  # (n, K)
    a = np.repeat(ls, width, axis=1)  # (n, K*K): a_i repeated for every b_j
    b = np.tile(lo, (1, width))
    ev = np.repeat(np.arange(len(events), dtype=np.int64), width * width).reshape(len(events), width * width)
    valid = (a >= 0) & (b >= 0)
    a, b, ev = a[valid], b[valid], ev[valid]
    r = events.relation[ev]
    combined = (a * n_rel + r) * n_types + b
    uniq, member_rule = np.unique(combined, return_inverse=True)
    order = np.lexsort((ev, member_rule))
    member_rule, member_event = member_rule[order].astype(np.int64), ev[order]
    offsets = np.searchsorted(member_rule, np.arange(len(uniq) + 1)).astype(np.int64)
    return RuleTable(
        c_s=uniq // (n_rel * n_types),
        relation=(uniq // n_types) % n_rel,
        c_o=uniq % n_types,
        member_rule=member_rule,
        member_event=member_event,
        offsets=offsets,
    )


def rule_nodes(table: RuleTable, events: EventArrays, labels: EntityLabels) -> list[RuleNode]:
    """Plain :class:`RuleNode` objects (names instead of codes), in table order."""
    type_ids = [t.type_id for t in labels.types]
    events_list = table.member_event.tolist()
    offsets = table.offsets.tolist()
    out = []
    for i, (a, r, b) in enumerate(zip(table.c_s.tolist(), table.relation.tolist(), table.c_o.tolist(), strict=True)):
        cs, rel, co = type_ids[a], events.relations[r], type_ids[b]
        out.append(RuleNode(rule_key(cs, rel, co), cs, rel, co, tuple(events_list[offsets[i] : offsets[i + 1]])))
    return out


def field_groups(table: RuleTable, field: int) -> np.ndarray:
    """Group id per rule: rules with equal group id agree on the two fields other than ``field``."""
    cols = [table.c_s, table.relation, table.c_o]
    keep = [c for i, c in enumerate(cols) if i != field]
    _, group = np.unique(np.stack(keep, axis=1), axis=0, return_inverse=True)
    return group.reshape(-1).astype(np.int64)


def count_candidate_edges(table: RuleTable) -> int:
    """|W| = number of unordered rule pairs at Hamming distance 1 (pairs differ in exactly one field)."""
    total = 0
    for field in (FIELD_C_S, FIELD_RELATION, FIELD_C_O):
        k = np.bincount(field_groups(table, field))
        total += int((k * (k - 1) // 2).sum())
    return total


def candidate_edges(table: RuleTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """W = {{u, v} : u != v, d_H(u, v) <= 1} as arrays (u, v, differing field) with u < v (rule indices).

    Materializes every pair, so it is meant for inspection and tests; the builder only needs
    :func:`count_candidate_edges` because spans are computed group-wise (see ``spans.py``)."""
    us, vs, fs = [], [], []
    for field in (FIELD_C_S, FIELD_RELATION, FIELD_C_O):
        group = field_groups(table, field)
        order = np.argsort(group, kind="stable")
        bounds = np.flatnonzero(np.diff(group[order])) + 1
        for members in np.split(order, bounds):
            if len(members) < 2:
                continue
            i, j = np.triu_indices(len(members), 1)
            a, b = members[i], members[j]
            us.append(np.minimum(a, b))
            vs.append(np.maximum(a, b))
            fs.append(np.full(len(a), field, dtype=np.int64))
    if not us:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    return np.concatenate(us), np.concatenate(vs), np.concatenate(fs)
