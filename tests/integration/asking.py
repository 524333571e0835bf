"""Ask as ``TKGRag.ask`` does (understand once -> retrieve -> read) with a given reader and retriever: the integration
tests compose the parts themselves. One ``Understander`` per store, so its caches last a test module."""

from __future__ import annotations

import weakref

from tkgrag.api import answer_question
from tkgrag.model import Answer
from tkgrag.question.understanding import Understander
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.base import Retriever
from tkgrag.store import Store

_UNDERSTANDERS: weakref.WeakKeyDictionary[Store, Understander] = weakref.WeakKeyDictionary()


def understander(reader: SymbolicReader) -> Understander:
    u = _UNDERSTANDERS.get(reader.store)
    if u is None:
        u = _UNDERSTANDERS[reader.store] = Understander(reader.store, reader.embedder)
    return u


def ask(reader: SymbolicReader, retriever: Retriever, question: str, k: int = 10) -> Answer:
    return answer_question(understander(reader).understand(question), retriever, reader, k)
