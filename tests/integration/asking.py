"""Ask as ``TKGRag.ask`` does (understand once -> retrieve -> read) with a given reader and retriever: the integration
tests compose the parts themselves. One ``Understander`` per store, so its caches last a test module."""

from __future__ import annotations

from tkgrag.api import answer_question
from tkgrag.model import Answer
from tkgrag.question.understanding import Understander
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.base import Retriever
from tkgrag.store import Store

_UNDERSTANDERS: dict[int, tuple[Store, Understander]] = {}  # by id(store), the store kept so the id stays its own


def understander(reader: SymbolicReader) -> Understander:
    held = _UNDERSTANDERS.get(id(reader.store))
    if held is None or held[0] is not reader.store:
        held = _UNDERSTANDERS[id(reader.store)] = (reader.store, Understander(reader.store, reader.embedder))
    return held[1]


def ask(reader: SymbolicReader, retriever: Retriever, question: str, k: int = 10) -> Answer:
    return answer_question(understander(reader).understand(question), retriever, reader, k)
