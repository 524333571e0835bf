"""The Temporal Knowledge Store (Eq. 6): every Event's text embedded by the fine-tuned time-aware encoder into
``Event.embedding_ta`` through Neo4j, and the model's location.

``fill_tks`` embeds the events that have no TKS vector yet, one transaction per page in key order, so it resumes
after an interruption and picks up newly ingested events (``tkgrag ingest embed --model time-aware``).
"""

from __future__ import annotations

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


def load_time_aware(model: str | None = None, backend: str = TKS_BACKEND) -> Embedder:
    from tkgrag.embed import default_embedder

    return default_embedder(str(model_path(model)), backend)


def ensure_index(store: Store, dimensions: int, wait_s: int = 600) -> None:
    store.run_auto(q.create_tks_index(dimensions))
    store.run(q.AWAIT_TKS_INDEX, {"seconds": wait_s})


def fill_tks(
    store: Store, embedder: Embedder, *, page_size: int = 2048, progress: bool = True, max_pages: int | None = None
) -> EmbedSummary:
    """Embed every Event without ``embedding_ta`` with ``embedder`` (the time-aware encoder); creates the index.
    The same resumable paging as ``tkgrag ingest embed`` (``ingest.backfill.fill_missing``), into the TKS property."""
    ensure_index(store, embedder.dimensions)
    return fill_missing(
        store, embedder, TKS_VECTORS, label="Event", page_size=page_size, progress=progress, max_pages=max_pages
    )


def tks_ready(store: Store) -> str | None:
    """None when the TKS index is online with vectors in it, else what to run."""
    rows = store.run(q.TKS_INDEX_STATE)
    if not rows:
        return "the TKS vector index does not exist: run `tkgrag ingest embed --model time-aware`"
    if rows[0]["state"] != "ONLINE":
        return (
            f"the TKS vector index is {rows[0]['state']}; wait for it or run `tkgrag ingest embed --model time-aware`"
        )
    return None
