"""h29t's probes: ``python probe.py FILE`` asks each question of FILE (one a line) on the store the TKGRAG_*
variables name, with the symbolic reader, and prints the answers or the reason it abstains."""

from __future__ import annotations

import sys
from pathlib import Path

from tkgrag.api import TKGRag, answer_question
from tkgrag.readers.symbolic import SymbolicReader


def main(path: str) -> None:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    questions = [x.strip() for x in lines if x.strip() and not x.startswith("#")]
    with TKGRag.connect() as rag:
        reader = SymbolicReader(rag.store, rag.embedder, sampled="abstain")
        retriever = rag.retriever("vector")
        for q in questions:
            a = answer_question(rag.understand(q), retriever, reader, 10)
            print("Q:", q)
            print("   ->", [x.text for x in a.answers][:4], "|", getattr(a, "no_answer", None))


if __name__ == "__main__":
    main(sys.argv[1])
