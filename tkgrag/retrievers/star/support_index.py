"""The rule supports and their event vectors in-process: ``star``'s candidate ranking (Alg. 1 lines 15-18) without a
cosine per support in Cypher.

Ranking supp(u) of the top-K2 rules by cosine in Cypher (``RANK_RULE_SUPPORTS``, the GDS engine's path) reads and
compares every support's vector on each question: thousands for the frequent rules, ~240 ms median on icews14. Here
the support lists (rule -> events, CSR) and the supporting events' unit vectors are exported once per rule-graph build
next to the PPR system (``sparse_ppr``), cached on disk under the same key, and the query does one matrix-vector
product over the candidates. Neo4j still decides what qualifies: the candidates go back in score order, in growing
chunks, through the one temporal filter and kind filter (``RANK_GIVEN_SUPPORTS``) until k pass, so ``star+tc``
applies exactly the constraint rule every other method applies.

Scores are Neo4j's ``vector.similarity.cosine`` scale, (1 + cos) / 2, computed in float32 on the stored float32
vectors; ties break by event key as in Cypher.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.npz_cache import read_cache
from tkgrag.queries import rules as q
from tkgrag.retrievers.star.variants import NO_DAY
from tkgrag.store import Store

# Supporting events whose vectors are read per query: bounded so a page never holds more than ~8 MB of floats.
_PAGE = 5000
# Candidate vectors scored at once (~100 MB of float32 at 384 dimensions).
_BLOCK = 65536
# Bump when the cached arrays change meaning: older cache files are then re-exported, not misread.
_FORMAT = 2


@dataclass(frozen=True)
class SupportIndex:
    """``rule_ids`` (sorted Neo4j node ids of Rule nodes) with CSR ``indptr``/``events`` into the event arrays, which
    are in ``Event.key`` order: ``event_ids`` (node ids), ``event_keys`` (``Event.key``), ``vectors`` (L2-normalised
    float32 rows) and ``days`` (``valid_from.toordinal()``, ``NO_DAY`` when unknown; for scoring by time, never for
    filtering)."""

    build: str
    rule_ids: np.ndarray
    indptr: np.ndarray
    events: np.ndarray
    event_ids: np.ndarray
    event_keys: np.ndarray
    vectors: np.ndarray
    days: np.ndarray

    @property
    def nbytes(self) -> int:
        arrays = (self.rule_ids, self.indptr, self.events, self.event_ids, self.event_keys, self.vectors, self.days)
        return int(sum(a.nbytes for a in arrays))

    @functools.cached_property
    def _position(self) -> dict[str, int]:
        return {str(k): i for i, k in enumerate(self.event_keys)}

    def positions_of(self, keys: Sequence[str]) -> np.ndarray:
        """Positions of the events with these keys (events outside the index are skipped)."""
        found = [self._position[k] for k in keys if k in self._position]
        return np.asarray(found, dtype=np.int64)

    def candidates(self, rule_ids: Sequence[int]) -> np.ndarray:
        """Positions (into the event arrays) of the distinct supports of ``rule_ids``."""
        ids = np.asarray(rule_ids, dtype=np.int64)
        rows = np.searchsorted(self.rule_ids, ids)
        rows = rows[(rows < len(self.rule_ids)) & (self.rule_ids[np.minimum(rows, len(self.rule_ids) - 1)] == ids)]
        if len(rows) == 0:
            return np.zeros(0, dtype=np.int64)
        parts = [self.events[self.indptr[r] : self.indptr[r + 1]] for r in rows]
        return np.unique(np.concatenate(parts))

    def cosine(self, positions: np.ndarray, qvec: Sequence[float]) -> np.ndarray:
        """Neo4j's ``vector.similarity.cosine`` of each event at ``positions`` with ``qvec``: (1 + cos) / 2. In
        blocks, so a million candidates never copy more than ``_BLOCK`` vectors at once."""
        qv = np.asarray(qvec, dtype=np.float32)
        norm = float(np.linalg.norm(qv))
        qv = qv / norm if norm > 0 else qv
        out = np.empty(len(positions), dtype=np.float32)
        for start in range(0, len(positions), _BLOCK):
            block = positions[start : start + _BLOCK]
            out[start : start + len(block)] = (1.0 + self.vectors[block] @ qv) / 2.0
        return out

    def order(self, positions: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``positions`` best first by ``scores``, ties by event key (Cypher's ``ORDER BY score DESC, key``): the
        event arrays are in key order, so a stable sort of the positions, then of the scores, does it."""
        by_key = np.argsort(positions, kind="stable")
        positions, scores = positions[by_key], scores[by_key]
        best = np.argsort(-scores, kind="stable")
        return positions[best], scores[best]

    def ranked(self, rule_ids: Sequence[int], qvec: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
        """The supports of ``rule_ids`` best first by cosine: (positions, scores)."""
        cand = self.candidates(rule_ids)
        return self.order(cand, self.cosine(cand, qvec))

    def chunks(self, positions: np.ndarray, scores: np.ndarray, first: int) -> Iterator[list[dict[str, object]]]:
        """The ranked candidates as query rows, in chunks of ``first``, then 8x larger each time."""
        start, size = 0, max(1, first)
        while start < len(positions):
            part = positions[start : start + size]
            yield [
                {"id": int(self.event_ids[p]), "key": str(self.event_keys[p]), "score": float(s)}
                for p, s in zip(part, scores[start : start + size], strict=True)
            ]
            start += size
            size *= 8


def filter_ranked(
    store: Store, index: SupportIndex, positions: np.ndarray, scores: np.ndarray, k: int, params: dict[str, object]
) -> list[dict[str, Any]]:
    """The first ``k`` of the ranked candidates that pass the temporal and kind filters in ``params`` (``$tcs``,
    ``$kinds``), as item rows best first."""
    out: list[dict[str, Any]] = []
    for rows in index.chunks(positions, scores, first=max(4 * k, 64)):
        got = store.run(q.RANK_GIVEN_SUPPORTS, {**params, "rows": rows, "k": k - len(out)})
        out.extend(got)
        if len(out) >= k:
            break
    return out[:k]


def support_csr(rules: np.ndarray, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rule, event position) pairs as CSR: sorted rule ids, ``indptr``, and each rule's event positions in order."""
    order = np.lexsort((positions, rules))
    rule_ids, counts = np.unique(rules[order], return_counts=True)
    return rule_ids, np.concatenate([[0], np.cumsum(counts)]).astype(np.int64), positions[order]


def export(store: Store, build: str) -> SupportIndex:
    """Read supp(u) of every rule and the vectors of the supporting events that have one (paged by node id)."""
    pairs = store.run_values(q.SUPPORT_PAIRS)[0]
    rules = np.asarray(pairs["rules"], dtype=np.int64)
    events = np.asarray(pairs["events"], dtype=np.int64)
    event_ids = np.unique(events)
    keys: list[str] = [""] * len(event_ids)
    days = np.full(len(event_ids), NO_DAY, dtype=np.int32)
    vectors: np.ndarray | None = None
    has_vector = np.zeros(len(event_ids), dtype=bool)
    for start in range(0, len(event_ids), _PAGE):
        page = [int(i) for i in event_ids[start : start + _PAGE]]
        rows = store.run_values(q.EVENT_VECTORS_BY_ID, {"ids": page})
        if not rows:
            continue
        pos = np.searchsorted(event_ids, np.fromiter((int(r["id"]) for r in rows), dtype=np.int64, count=len(rows)))
        block = np.asarray([r["vector"] for r in rows], dtype=np.float32)
        norms = np.linalg.norm(block, axis=1, keepdims=True)
        if vectors is None:
            vectors = np.zeros((len(event_ids), block.shape[1]), dtype=np.float32)
        vectors[pos] = block / np.where(norms > 0, norms, 1.0)
        has_vector[pos] = True
        for p, r in zip(pos.tolist(), rows, strict=True):
            keys[p] = str(r["key"])
            if r["day"] is not None:
                days[p] = r["day"].to_native().toordinal()
    if vectors is None:
        vectors = np.zeros((0, 0), dtype=np.float32)
    # Events without a vector are not candidates (as in Cypher: `n.embedding IS NOT NULL`): renumber the rest, in key
    # order (ties in score then break by position, as Cypher breaks them by key).
    kept = np.nonzero(has_vector)[0]
    keep = kept[np.argsort(np.asarray([keys[i] for i in kept], dtype=str), kind="stable")]
    new_pos = np.full(len(event_ids), -1, dtype=np.int64)
    new_pos[keep] = np.arange(len(keep))
    ev_pos = new_pos[np.searchsorted(event_ids, events)]
    ok = ev_pos >= 0
    rule_ids, indptr, ev_pos = support_csr(rules[ok], ev_pos[ok])
    return SupportIndex(
        build=build,
        rule_ids=rule_ids,
        indptr=indptr,
        events=ev_pos,
        event_ids=event_ids[keep],
        event_keys=np.asarray([keys[i] for i in keep], dtype=str),
        vectors=vectors[keep] if len(vectors) else vectors,
        days=days[keep],
    )


def _cache_path(cache_dir: Path, build: str) -> Path:
    return cache_dir / f"support-index-v{_FORMAT}-{build}.npz"


def load(store: Store, cache_dir: Path | None, build: str) -> SupportIndex:
    """The index of the stored build: from the disk cache when it holds this build, else exported (and cached,
    replacing older builds' files)."""
    path = _cache_path(cache_dir, build) if cache_dir is not None else None

    def read(z: Any) -> SupportIndex:
        ix = SupportIndex(
            build, z["rule_ids"], z["indptr"], z["events"], z["event_ids"], z["event_keys"], z["vectors"], z["days"]
        )
        n = len(ix.event_ids)
        if len(ix.indptr) != len(ix.rule_ids) + 1 or len(ix.event_keys) != n or len(ix.days) != n:
            raise ValueError(f"{len(ix.rule_ids)} rules, {len(ix.indptr)} offsets, {n} events")
        return ix

    cached = read_cache(path, read) if path is not None else None
    if cached is not None:
        return cached
    ix = export(store, build)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("support-index-*.npz"):
            if old.name != path.name:
                old.unlink(missing_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # concurrent first calls each write their own
        with tmp.open("wb") as f:
            np.savez(
                f,
                rule_ids=ix.rule_ids,
                indptr=ix.indptr,
                events=ix.events,
                event_ids=ix.event_ids,
                event_keys=ix.event_keys,
                vectors=ix.vectors,
                days=ix.days,
            )
        tmp.replace(path)
    return ix
