"""Entity labeling (STAR-RAG Appendix A, Alg. 2): entities typed by the frequent relation patterns they take part in.

An entity's category is largely determined by the relations it participates in, so each entity's RelSet (relations
it appears with, as subject or object) is mined with Apriori; frequent subsets become TypeIDs, and each entity is
labeled with its first ``k_type`` matching patterns (or, if none is frequent, with its whole RelSet as a type).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np
from efficient_apriori import itemsets_from_transactions

from tkgrag.retrievers.star.config import TypeOrder
from tkgrag.retrievers.star.events import EventArrays, EventLike, as_event_arrays

# Entities with at most this many candidate subsets enumerate them; larger RelSets scan the sorted patterns instead.
_ENUMERATE_LIMIT = 4096


@dataclass(frozen=True)
class EntityType:
    """A category label a in A: a relation pattern. ``support`` = entities whose RelSet contains it (Apriori count),
    or for a fallback type (``frequent=False``) the entities whose whole RelSet it is."""

    type_id: str
    relations: tuple[str, ...]
    support: int
    frequent: bool


@dataclass(frozen=True)
class EntityLabels:
    """C(s) for every entity. ``type_index[e]`` are indices into ``types`` for entity code ``e`` (order of
    ``entities``), best first."""

    entities: tuple[str, ...]
    types: tuple[EntityType, ...]
    type_index: tuple[tuple[int, ...], ...]

    def labels_of(self, entity: str) -> tuple[str, ...]:
        """Type ids of one entity, best first. Raises KeyError naming the entity if it is unknown."""
        try:
            code = self._codes()[entity]
        except KeyError:
            raise KeyError(f"entity {entity!r} does not occur in the labeled events") from None
        return tuple(self.types[t].type_id for t in self.type_index[code])

    def as_dict(self) -> dict[str, tuple[str, ...]]:
        return {
            e: tuple(self.types[t].type_id for t in idx) for e, idx in zip(self.entities, self.type_index, strict=True)
        }

    def _codes(self) -> dict[str, int]:
        return {e: i for i, e in enumerate(self.entities)}


def relation_sets(events: EventArrays) -> list[tuple[int, ...]]:
    """RelSet[s] = {r | (s, r, *, *) or (*, r, s, *) in F} as sorted relation codes, indexed by entity code."""
    n_ent, n_rel = len(events.entities), max(len(events.relations), 1)
    ent = np.concatenate([events.subject, events.object])
    rel = np.concatenate([events.relation, events.relation])
    pairs = np.unique(ent * n_rel + rel)
    ent_of, rel_of = pairs // n_rel, pairs % n_rel
    bounds = np.searchsorted(ent_of, np.arange(n_ent + 1))
    return [tuple(int(x) for x in rel_of[bounds[e] : bounds[e + 1]]) for e in range(n_ent)]


def _n_subsets(n: int, max_length: int) -> int:
    return sum(comb(n, k) for k in range(1, min(n, max_length) + 1))


def label_entities(
    events: EventArrays | Sequence[EventLike],
    *,
    min_support: float = 0.02,
    max_length: int = 3,
    k_type: int = 2,
    type_order: TypeOrder = "specific",
) -> EntityLabels:
    """Alg. 2. Apriori runs over the entities' RelSets (one transaction per entity; ``min_support`` is a fraction of
    entities). Patterns are sorted (``type_order``: "specific" = longer first, then higher support, then names;
    "frequent" = higher support first, then longer, then names) and numbered ``C0, C1, ...`` in that order; fallback
    types (whole RelSets of entities matching no pattern) are numbered after them, sorted by their relation names."""
    ev = as_event_arrays(events)
    relsets = relation_sets(ev)
    names = ev.relations
    itemsets, _ = itemsets_from_transactions(relsets, min_support, max_length=max_length) if relsets else ({}, 0)
    patterns = [(items, count) for level in itemsets.values() for items, count in level.items()]

    def sort_key(pc: tuple[tuple[int, ...], int]) -> tuple[int, int, tuple[str, ...]]:
        items, count = pc
        pattern_names = tuple(names[i] for i in items)
        return (
            (-len(items), -count, pattern_names) if type_order == "specific" else (-count, -len(items), pattern_names)
        )

    patterns.sort(key=sort_key)
    rank = {items: i for i, (items, _) in enumerate(patterns)}

    chosen: list[list[int]] = []
    fallback_sets: dict[tuple[int, ...], int] = {}
    for relset in relsets:
        if _n_subsets(len(relset), max_length) <= _ENUMERATE_LIMIT:
            ranks = (
                rank[sub]
                for k in range(1, min(len(relset), max_length) + 1)
                for sub in combinations(relset, k)
                if sub in rank
            )
            picked = heapq.nsmallest(k_type, ranks)
        else:
            members = set(relset)
            picked = []
            for i, (items, _) in enumerate(patterns):
                if members.issuperset(items):
                    picked.append(i)
                    if len(picked) == k_type:
                        break
        if not picked:
            fallback_sets[relset] = fallback_sets.get(relset, 0) + 1
            picked = [-1]  # resolved below, once fallback types are numbered
        chosen.append(picked)

    types = [
        EntityType(f"C{i}", tuple(names[r] for r in items), int(count), True)
        for i, (items, count) in enumerate(patterns)
    ]
    fallback_index: dict[tuple[int, ...], int] = {}
    for relset in sorted(fallback_sets, key=lambda rs: tuple(names[r] for r in rs)):
        fallback_index[relset] = len(types)
        types.append(EntityType(f"C{len(types)}", tuple(names[r] for r in relset), fallback_sets[relset], False))
    type_index = tuple(
        (fallback_index[relset],) if picked == [-1] else tuple(picked)
        for relset, picked in zip(relsets, chosen, strict=True)
    )
    return EntityLabels(entities=ev.entities, types=tuple(types), type_index=type_index)
