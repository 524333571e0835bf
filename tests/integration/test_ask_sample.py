"""The symbolic reader on the bundled ICEWS14 sample: every sample question answered (Hit@1), anchors rewritten."""

from __future__ import annotations

import json
from pathlib import Path

from asking import ask, understander

from tkgrag.eval import GoldAnswer, is_correct
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"


def test_sample_questions_and_anchor_rewrites(store: Store, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ingest_tkg_file(
        store,
        DATA / "icews14_sample.tsv",
        source="icews14",
        options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path),
    )
    reader, vector = SymbolicReader(store, embedder), VectorRetriever(store, embedder)
    rows = [json.loads(line) for line in (DATA / "icews14_sample_questions.jsonl").read_text().splitlines() if line]
    wrong = []
    for row in rows:
        a = ask(reader, vector, row["question"], k=10)
        if not a.answers or not is_correct(a.answers[0].text, [GoldAnswer(x) for x in row["answers"]]):
            wrong.append((row["question"], row["answers"], [c.text for c in a.answers[:3]]))
    assert wrong == []

    # The anchor event of "After Military Personnel (Canada) consulted Kathleen Wynne" is on 2014-06-13 (the only
    # such line of the sample); the question becomes explicit.
    a = ask(
        reader,
        vector,
        "After Military Personnel (Canada) consulted Kathleen Wynne, who was the first to consult Kathleen Wynne?",
    )
    assert a.rewritten_question == "After 2014-06-13, who was the first to consult Kathleen Wynne?"
    assert a.best == "Philippe Couillard"
    # Paolo Gentiloni expressed intent to meet Edgars Rinkevics on 2014-12-19: "the same month" is 2014-12.
    g = (
        understander(reader)
        .understand(
            "In the same month that Paolo Gentiloni expressed intent to meet or negotiate with Edgars Rinkevics, "
            "who else expressed intent to meet or negotiate with Edgars Rinkevics?"
        )
        .grounding
    )
    assert g is not None
    assert g.rewritten == "In 2014-12, who else expressed intent to meet or negotiate with Edgars Rinkevics?"
    assert g.exclude == frozenset({"Paolo_Gentiloni"}) and g.complete
