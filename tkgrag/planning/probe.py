"""The store side of ``auto``'s calibration (``tkgrag.planning.calibration``): a vector's probe values per kind
(its top cosines against each kind's vector index), and the store's label-free null, of one of two sorts:

- ``questions`` (opt-in, ``null="questions"``): question-shaped texts made from a sample of each kind's own items
  by fixed rules (``planning.pseudo``; no labels), embedded, and probed on the OTHER kinds' indexes. A user's
  question is compared with what questions about other kinds reach on a kind's index;
- ``items`` (the default, ``calibration.DEFAULT_NULL``): a sample of each label's own item vectors probed on the
  other kinds' indexes. Item texts are unlike questions, so a long-text kind's index is easy for any question to
  beat; the question null corrects that but sent fewer training questions to the right kind (auto-3's report).

A null is computed once per store state (the kinds' item counts) and cached in the process and in a file under
``$TKGRAG_HOME/calibration/`` (keyed by the server, the database, the embedder, the counts and the null's sort and
rules: new items make a new null); a store holding one kind has none (``auto`` then behaves as without
calibration)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.planning.calibration import DEFAULT_NULL, NULLS_BY_NAME, TOP, Measured, Null, calibrate, probe_value
from tkgrag.planning.pseudo import event_question, fact_question, text_question, time_phrase
from tkgrag.queries.probe import LABELS, SAMPLE_ITEMS, SAMPLE_VECTORS, probe_query
from tkgrag.queries.retrieval import LABEL_OF
from tkgrag.store import Store

PROBE_N = 100  # ANN candidates on the index events and facts share: each needs room among the other's items
NULL_SLICES = 4  # the null's sample: NULL_SLICES evenly spread slices of NULL_PER_SLICE items per label
NULL_PER_SLICE = 24
QUESTIONS_PER_SLICE = 16  # the question null: NULL_SLICES slices of 16 items per KIND, one question each
QUESTION_RULES = "pseudo-1"  # in the cache key: a change of ``planning.pseudo``'s rules makes a new null


def probe(store: Store, vector: Sequence[float], kinds: frozenset[ItemKind], n: int = PROBE_N) -> dict[ItemKind, float]:
    """Per kind in ``kinds``, the mean of its top cosines to ``vector``. A kind with no item among the top ``n`` of
    an index it shares with another kind (facts among events) gets 0.0: it is behind everything there. Every
    label's index is read in one query (``queries.probe.probe_query``)."""
    labels = sorted(dict.fromkeys(LABEL_OF[k] for k in kinds), key=LABELS.index)
    if not labels:
        return {}
    event = LABEL_OF[ItemKind.EVENT]  # the index events and facts share; the other labels hold one kind: top TOP
    params: dict[str, object] = {"qvec": [float(x) for x in vector]}
    params.update({f"n_{label}": n if label == event else TOP for label in labels})
    row = store.run(probe_query(labels), params, routing_="r")[0]
    values: dict[ItemKind, float] = {}
    for label in labels:
        hits: dict[str, list[float]] = {}
        for hit in row[f"hits_{label}"]:
            hits.setdefault(str(hit["kind"]), []).append(float(hit["score"]))
        for kind in kinds:
            if LABEL_OF[kind] == label:
                v = probe_value(hits.get(kind.value, []))
                values[kind] = 0.0 if v is None else v
    return values


def sample_vectors(store: Store, label: str, count: int) -> list[tuple[ItemKind, list[float]]]:
    """``NULL_SLICES`` evenly spread slices of ``label``'s items (by storage order), with their kind and vector."""
    out: list[tuple[ItemKind, list[float]]] = []
    for i in range(NULL_SLICES):
        skip = count * i // NULL_SLICES
        for row in store.run(SAMPLE_VECTORS[label], {"skip": skip, "limit": NULL_PER_SLICE}, routing_="r"):
            out.append((ItemKind(row["kind"]), list(row["vector"])))
    return out


def build_null(store: Store, counts: dict[ItemKind, int]) -> Null | None:
    """The null for the kinds with items (``counts``): each sampled item's probe values on the other kinds. None
    when fewer than two kinds are present."""
    kinds = frozenset(k for k, c in counts.items() if c > 0)
    if len(kinds) < 2:
        return None
    per_label: dict[str, int] = {}
    for k in kinds:
        per_label[LABEL_OF[k]] = per_label.get(LABEL_OF[k], 0) + counts[k]
    scores: dict[ItemKind, list[float]] = {k: [] for k in kinds}
    for label, count in per_label.items():
        for own, vector in sample_vectors(store, label, count):
            others = frozenset(k for k in kinds if k is not own)
            for kind, v in probe(store, vector, others).items():
                scores[kind].append(v)
    return Null.of(scores)


def pseudo_question(kind: ItemKind, row: Mapping[str, object], i: int) -> str | None:
    """The question ``planning.pseudo`` makes of one sampled item (``SAMPLE_ITEMS``' row); the ``i``-th item of a
    kind's sample masks its object (events, facts) or its title (passages, chunks) when ``i`` is even, its time
    when odd."""

    def text(field: str) -> str:
        v = row.get(field)
        return "" if v is None else str(v)

    mask = "time" if i % 2 else "object"
    if kind in (ItemKind.PASSAGE, ItemKind.CHUNK):
        return text_question(text("title"), text("text"), "time" if i % 2 else "entity")
    when = time_phrase(text("valid_from") or None, text("valid_to") or None, text("granularity") or None)
    make = event_question if kind is ItemKind.EVENT else fact_question
    return make(text("subject"), text("relation"), text("object"), when, mask)


def sample_questions(store: Store, kind: ItemKind, count: int) -> list[str]:
    """``NULL_SLICES`` evenly spread slices of ``kind``'s items (storage order), one question each."""
    out: list[str] = []
    for i in range(NULL_SLICES):
        skip = count * i // NULL_SLICES
        params = {"skip": skip, "limit": QUESTIONS_PER_SLICE}
        for row in store.run(SAMPLE_ITEMS[kind.value], params, routing_="r"):
            q = pseudo_question(kind, dict(row), len(out))
            if q:
                out.append(q)
    return out


def build_question_null(store: Store, embedder: Embedder, counts: dict[ItemKind, int]) -> Null | None:
    """The question null for the kinds with items (``counts``): each sampled item's question, embedded, probed on
    the other kinds. None when fewer than two kinds are present."""
    kinds = frozenset(k for k, c in counts.items() if c > 0)
    if len(kinds) < 2:
        return None
    scores: dict[ItemKind, list[float]] = {k: [] for k in kinds}
    for own in sorted(kinds, key=lambda k: k.value):
        questions = sample_questions(store, own, counts[own])
        if not questions:
            continue
        others = frozenset(k for k in kinds if k is not own)
        for vector in embedder.encode(questions):
            for kind, v in probe(store, [float(x) for x in vector], others).items():
                scores[kind].append(v)
    return Null.of(scores)


def check_null(null: str) -> str:
    if null not in NULLS_BY_NAME:
        raise ConfigError(f"unknown null {null!r}; choose one of: {', '.join(NULLS_BY_NAME)}")
    return null


def cache_key(store: Store, embedder: str, counts: dict[ItemKind, int], null: str = DEFAULT_NULL) -> str:
    """The null's key: the store state and, for the question null, the rules' version (the item null keeps the
    key it had before the question null existed, so its cached files stay valid)."""
    state: list[object] = [store.uri, store.database, embedder, sorted((k.value, c) for k, c in counts.items())]
    if check_null(null) == "questions":
        state.append(QUESTION_RULES)
    return hashlib.sha256(json.dumps(state).encode()).hexdigest()[:20]


def null_path(store: Store, key: str) -> Path:
    return store.settings.home / "calibration" / f"null-{key}.json"


@dataclass
class NullCache:
    """The null per store state, computed on first use, kept by the process and in a file (best effort: a home
    that cannot be written keeps it in memory only)."""

    _nulls: dict[str, Null | None]
    _lock: threading.Lock

    def ready(self, store: Store, embedder: Embedder, counts: dict[ItemKind, int], null: str = DEFAULT_NULL) -> bool:
        """Whether the null of this store state is already computed (in this process or in its file)."""
        key = cache_key(store, embedder.name, counts, null)
        with self._lock:
            return key in self._nulls or null_path(store, key).is_file()

    def get(
        self, store: Store, embedder: Embedder, counts: dict[ItemKind, int], null: str = DEFAULT_NULL
    ) -> Null | None:
        key = cache_key(store, embedder.name, counts, null)
        with self._lock:
            if key not in self._nulls:
                self._nulls[key] = self._load_or_build(store, embedder, key, counts, null)
            return self._nulls[key]

    @staticmethod
    def _load_or_build(
        store: Store, embedder: Embedder, key: str, counts: dict[ItemKind, int], sort: str
    ) -> Null | None:
        path = null_path(store, key)
        try:
            return Null.from_dict(json.loads(path.read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            pass  # none yet, or unreadable: build it
        null = build_question_null(store, embedder, counts) if sort == "questions" else build_null(store, counts)
        if null is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(null.as_dict()))
            except OSError:
                pass
        return null


NULLS = NullCache({}, threading.Lock())


@dataclass
class StoreCalibrator:
    """``auto``'s calibrator on a store (``planning.auto.Calibrator``): the question embedded once, probed against
    the kinds asked for, each value a percentile of the store's null of sort ``null`` (``NULLS``). None when the
    store has no null (one kind)."""

    store: Store
    embedder: Embedder
    null: str = DEFAULT_NULL

    def __post_init__(self) -> None:
        check_null(self.null)

    def values(
        self, text: str, kinds: Sequence[ItemKind], counts: dict[ItemKind, int]
    ) -> dict[ItemKind, float | None] | None:
        measured = self.measure(text, kinds, counts)
        return None if measured is None else measured.calibrated

    def measure(self, text: str, kinds: Sequence[ItemKind], counts: dict[ItemKind, int]) -> Measured | None:
        """The question's vector, raw probe values and calibrated values for ``kinds`` (None: no null)."""
        null = NULLS.get(self.store, self.embedder, counts, self.null)
        if null is None:
            return None
        vector = [float(x) for x in self.embedder.encode([text])[0]]
        raw = probe(self.store, vector, frozenset(kinds))
        return Measured(vector, raw, calibrate(raw, null))
