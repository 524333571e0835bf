"""The Temporal Knowledge Store (Eq. 6): every Event's text embedded by the fine-tuned time-aware encoder into
``Event.embedding_ta`` through Neo4j, and the model's location.

``fill_tks`` embeds the events that have no TKS vector yet, one transaction per page in key order, so it resumes
after an interruption and picks up newly ingested events (``tkgrag ingest embed --model time-aware``).

The store records which encoder wrote its TKS (``TksMeta.encoder``, a digest of the model's weights): a retrained
model would otherwise be queried against vectors of the old one and return nonsense without any error. Filling with
another encoder refuses unless asked to refresh (``--refresh``: the old vectors are dropped and written again), and
the retriever refuses a TKS its encoder did not write.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.ingest.backfill import EmbedSummary, VectorProperty, fill_missing
from tkgrag.queries import timer4 as q
from tkgrag.retrievers.timer4.config import TKS_BACKEND
from tkgrag.store import Store

MODEL_NAME = "timer4-retriever"  # `tkgrag train retriever`'s default output under $TKGRAG_HOME/models/
TIME_AWARE = "time-aware"  # the --model value of `tkgrag ingest embed` that fills the TKS
TKS_VECTORS = VectorProperty(f"Event.{q.TKS_PROPERTY}", q.COUNT_MISSING_TKS, q.MISSING_TKS, q.SET_TKS)


def model_path(model: str | None = None, home: Path | None = None) -> Path:
    """The time-aware encoder: ``model`` as a path when it is one, else ``$TKGRAG_HOME/models/<model>/model``.
    Raises ``ConfigError`` naming `tkgrag train retriever` when it is not there."""
    if home is None:
        from tkgrag.config import load_settings

        home = load_settings().home
    name = model or MODEL_NAME
    given = Path(name).expanduser()
    path = given if given.is_absolute() or given.exists() else home / "models" / name / "model"
    if not (path / "config.json").exists() and not (path / "modules.json").exists():
        raise ConfigError(
            f"no time-aware retriever model at {path}: run `tkgrag train retriever TRAINING.jsonl` first "
            "(questions from benchmarks/make_timer4_training.py), then `tkgrag ingest embed --model time-aware`"
        )
    return path


def encoder_id(path: Path) -> str:
    """A digest of the encoder's weight files (names, sizes and bytes): the same weights give the same id wherever
    the folder lives; any retraining changes it."""
    h = hashlib.sha256()
    weights = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".safetensors", ".bin", ".onnx"))
    if not weights:
        raise ConfigError(
            f"no weight files (.safetensors, .bin, .onnx) under {path}: is it a sentence-transformers model?"
        )
    for p in weights:
        h.update(f"{p.relative_to(path)}:{p.stat().st_size}:".encode())
        with p.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class EncoderIdentity:
    """Which time-aware encoder: its folder and the digest of its weights (``encoder_id``)."""

    path: Path
    encoder: str


def identify(model: str | None = None) -> EncoderIdentity:
    path = model_path(model)
    return EncoderIdentity(path, encoder_id(path))


@dataclass
class TimeAwareEncoder:
    """The loaded time-aware encoder and which weights it is."""

    embedder: Embedder
    identity: EncoderIdentity


def load_time_aware(model: str | None = None, backend: str = TKS_BACKEND) -> TimeAwareEncoder:
    from tkgrag.embed import default_embedder

    identity = identify(model)
    return TimeAwareEncoder(default_embedder(str(identity.path), backend), identity)


def tks_encoder(store: Store) -> tuple[str | None, str | None]:
    """(encoder id, model path) of the encoder that wrote this store's TKS; (None, None) before any fill."""
    rows = store.run(q.READ_TKS_META)
    return (rows[0]["encoder"], rows[0]["model_path"]) if rows else (None, None)


def clear_tks(store: Store, page_size: int = 10_000) -> int:
    """Remove every TKS vector, a page per transaction (resumable: run again after an interruption)."""
    cleared = 0
    while True:
        n = store.run(q.CLEAR_TKS_PAGE, {"limit": page_size})[0]["cleared"]
        cleared += n
        if n == 0:
            return cleared


def ensure_index(store: Store, dimensions: int, wait_s: int = 600) -> None:
    store.run_auto(q.create_tks_index(dimensions))
    store.run(q.AWAIT_TKS_INDEX, {"seconds": wait_s})


def fill_tks(
    store: Store,
    encoder: TimeAwareEncoder,
    *,
    refresh: bool = False,
    page_size: int = 2048,
    progress: bool = True,
    max_pages: int | None = None,
) -> EmbedSummary:
    """Embed every Event without ``embedding_ta`` with the time-aware encoder; creates the index. The same resumable
    paging as ``tkgrag ingest embed`` (``ingest.backfill.fill_missing``), into the TKS property. A TKS written by
    another encoder (or by an unrecorded one) is refused, or with ``refresh`` dropped and written again."""
    written, written_path = tks_encoder(store)
    has_vectors = store.run(q.COUNT_TKS)[0]["n"] > 0
    me = encoder.identity
    if has_vectors and written != me.encoder:
        if not refresh:
            by = f"encoder {written} ({written_path})" if written else "an unrecorded encoder"
            raise ConfigError(
                f"the TKS (Event.{q.TKS_PROPERTY}) holds vectors of {by}, not of {me.path} (encoder {me.encoder}): "
                "run `tkgrag ingest embed --model time-aware --refresh` to write it again with this encoder"
            )
        clear_tks(store)
    store.run(q.WRITE_TKS_META, {"encoder": me.encoder, "model_path": str(me.path)})
    ensure_index(store, encoder.embedder.dimensions)
    return fill_missing(
        store,
        encoder.embedder,
        TKS_VECTORS,
        label="Event",
        page_size=page_size,
        progress=progress,
        max_pages=max_pages,
    )


def tks_ready(store: Store, identity: EncoderIdentity | None = None) -> str | None:
    """None when the TKS index is online (and, given the encoder's ``identity``, was written by it), else what to
    run."""
    if identity is not None:
        written, written_path = tks_encoder(store)
        if written != identity.encoder:
            by = f"encoder {written} ({written_path})" if written else "no recorded encoder"
            return (
                f"the TKS was written by {by}, not by {identity.path} (encoder {identity.encoder}): run "
                "`tkgrag ingest embed --model time-aware --refresh`"
            )
    rows = store.run(q.TKS_INDEX_STATE)
    if not rows:
        return "the TKS vector index does not exist: run `tkgrag ingest embed --model time-aware`"
    if rows[0]["state"] != "ONLINE":
        return (
            f"the TKS vector index is {rows[0]['state']}; wait for it or run `tkgrag ingest embed --model time-aware`"
        )
    return None
