"""Issue 17 on the real server: a descriptive question answered on the bundled ICEWS14 sample, ``ask --explain``'s
lines, and the "graph cannot answer" message. Expected values are read off ``tkgrag/data/icews14_sample.tsv``: Police
(Albania) investigated Criminal (Albania) once, on 2014-03-28, and arrested them on 2014-01-27, -29 and -30."""

from __future__ import annotations

from pathlib import Path

from asking import ask

from tkgrag.cli.ask_cmd import print_explanation
from tkgrag.cli.common import console
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"


def test_descriptive_question_explain_and_no_events(store: Store, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ingest_tkg_file(
        store,
        DATA / "icews14_sample.tsv",
        source="icews14",
        options=IngestOptions(embedder=None, progress=False, rejects_dir=tmp_path),  # graph only: the reader reads it
    )
    reader, vector = SymbolicReader(store, embedder), VectorRetriever(store, embedder)

    a = ask(reader, vector, "In what month did the Albanian police probe Albania's criminals?")
    assert a.best == "2014-03" and a.no_answer is None
    a = ask(reader, vector, "When did the police of Albania first take Albania's criminals into custody?")
    assert a.best == "2014-01-27"
    with console.capture() as captured:
        print_explanation(a)
    out = " ".join(captured.get().split())  # the console wraps long lines
    assert 'mention "the police of Albania"' in out and "-> Police (Albania) (key Police_(Albania)" in out
    assert "relation: Arrest,_detain,_or_charge_with_legal_action" in out and "runners-up:" in out
    assert "order: first" in out

    a = ask(reader, vector, "Who investigated Albania's criminals in 2005?")
    assert a.answers == []
    assert a.no_answer == (
        "no events of Criminal (Albania) (object) with relation Investigate during 2005 in this graph"
    )


def test_bare_same_period_anchor_and_an_anchor_the_graph_lacks(store: Store, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """From the sample: Macky Sall and Iran both hosted Emma Bonino on 2014-01-08; Qatar and the Shura Council hosted
    Sheikh Hamad bin Isa al Khalifah on 2014-12-09; China never hosted Emma Bonino."""
    ingest_tkg_file(
        store,
        DATA / "icews14_sample.tsv",
        source="icews14",
        options=IngestOptions(embedder=None, progress=False, rejects_dir=tmp_path),
    )
    reader, vector = SymbolicReader(store, embedder), VectorRetriever(store, embedder)

    # "in the same day" names no anchor: the clause's second entity in the object role is the anchor's actor
    a = ask(reader, vector, "Who hosted the visit of Emma Bonino to Macky Sall on the same day?")
    g = a.grounding
    assert g is not None and g.understood and g.complete
    assert [(e.key, e.role.value) for e in g.entities] == [("Emma_Bonino", "object")]
    assert (g.anchors[0].subject, g.anchors[0].object) == ("Macky_Sall", "Emma_Bonino")
    assert g.anchors[0].event is not None and g.anchors[0].event.span.label() == "2014-01-08"
    assert a.best == "Iran" and "Macky Sall" not in [c.text for c in a.answers]

    a = ask(reader, vector, "Who hosted the visit of Sheikh Hamad bin Isa al Khalifah to Qatar in the same month?")
    assert a.best == "Shura Council"

    # the anchor is understood, its event is not in the graph: no answer, and the answer says why
    a = ask(reader, vector, "After China, who was the first to host a visit by Emma Bonino?")
    g = a.grounding
    assert g is not None and g.understood and not g.complete
    assert a.answers == []
    assert a.no_answer == 'no event of China Host_a_visit Emma Bonino in this graph (the anchor "After China")'
    with console.capture() as captured:
        print_explanation(a)
    out = " ".join(captured.get().split())
    assert (
        'anchor "After China" (after): unresolved: no Host_a_visit event with China as subject; '
        "China Host_a_visit Emma Bonino; -> no such event in this graph"
    ) in out
    assert 'anchor mention "China" [6:11] -> China (key China' in out
