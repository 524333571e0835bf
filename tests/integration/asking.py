"""Ask as ``TKGRag.ask`` does (understand once -> retrieve -> read) with a given reader and retriever: the integration
tests compose the parts themselves. One ``Understander`` per store, so its caches last a test module."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tkgrag.api import answer_question
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import Answer
from tkgrag.question.understanding import Understander
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.base import Retriever
from tkgrag.store import Store

# By id(reader), the reader kept so the id stays its own. Keyed by the (module-scoped) reader, not by the store: the
# next module wipes and reloads the same store, and an Understander kept from the module before would link against
# that module's relations until its linker's freshness window (graph_linker.FRESHNESS_S) passed.
_UNDERSTANDERS: dict[int, tuple[SymbolicReader, Understander]] = {}


def understander(reader: SymbolicReader) -> Understander:
    held = _UNDERSTANDERS.get(id(reader))
    if held is None or held[0] is not reader:
        held = _UNDERSTANDERS[id(reader)] = (reader, Understander(reader.store, reader.embedder))
    return held[1]


def ask(reader: SymbolicReader, retriever: Retriever, question: str, k: int = 10) -> Answer:
    return answer_question(understander(reader).understand(question), retriever, reader, k)


def load_facts(store: Store, folder: Path, facts: Sequence[tuple[str, str, str, str]], source: str) -> Store:
    """Wipe ``store`` and load hand-made (subject, relation, object, day) facts as one TSV source: the reader tests'
    module fixtures, each with its own graph."""
    from tests.conftest import wipe

    wipe(store)
    path = folder / f"{source}.tsv"
    path.write_text("".join("\t".join(f) + "\n" for f in facts), encoding="utf-8")
    ingest_tkg_file(store, path, source=source, options=IngestOptions(progress=False, rejects_dir=folder))
    return store
