"""Issue 25 item 5 on a graph of one's own: the companies sample (people, companies, roles with start and end, relation
names that are not CAMEO's) ingested, its 30 questions asked, and relations that the graph lacks matched to none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tkgrag.api import TKGRag
from tkgrag.embed import Embedder
from tkgrag.eval import GoldAnswer, is_correct
from tkgrag.graph_reads import FactReads
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.question import understand
from tkgrag.question.graph_linker import GraphLinker
from tkgrag.question.relation_phrases import clean_relation_phrase, match_phrase, role_phrase
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"
ROWS = [json.loads(line) for line in (DATA / "companies_sample_questions.jsonl").read_text().splitlines() if line]


@pytest.fixture
def companies(store: Store, embedder: Embedder, tmp_path: Path) -> Store:
    ingest_tkg_file(
        store,
        DATA / "companies_sample.tsv",
        source="companies",
        options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path),
    )
    return store


def test_own_relations_read_well_and_answer(companies: Store, embedder: Embedder) -> None:
    assert len(ROWS) == 30
    # The stored sentence (what is embedded and what a reader shows) reads like English.
    facts = FactReads(companies).facts("Alice_Moreau", "Acme_Robotics", ["is_CEO_of"], limit=5)
    assert [f.text for f in facts] == ["Alice Moreau is CEO of Acme Robotics from 2015-03-01 to 2021-06-30"]
    office = FactReads(companies).facts("Acme_Robotics", "Lisbon", None, limit=5)
    assert [f.text for f in office] == ["Acme Robotics opened an office in Lisbon on 2017-09-12"]

    # Every question, the role ones included ("Who was the CFO of Acme Robotics in 2020?": the title the parser folds
    # into the mention is the relation, the company the entity): the symbolic reader answers each at rank 1.
    rag = TKGRag(store=companies, embedder=embedder)  # understand once -> vector -> symbolic reader
    wrong = []
    for row in ROWS:
        a = rag.ask(row["question"], method="vector", reader="symbolic", k=10)
        if not a.answers or not is_correct(a.answers[0].text, [GoldAnswer(x) for x in row["answers"]]):
            wrong.append((row["quid"], row["question"], row["answers"], [c.text for c in a.answers[:3]]))
    assert wrong == []

    # Issue 25: "Who became CEO after Alice Moreau?" matched "acquired". Now the title is the relation; with no
    # company named (she was CEO of two) the engine says so instead of guessing.
    a = rag.ask("Who became CEO after Alice Moreau?", method="vector", reader="symbolic")
    assert a.understanding.grounding.relation == "is_CEO_of"
    assert a.answers == [] and a.abstained is not None and "besides the anchor" in a.abstained


def test_relation_fit_on_own_graph(companies: Store, embedder: Embedder) -> None:
    linker = GraphLinker(companies, embedder)
    matcher = linker.relation_matcher()

    def fitted(question: str) -> str | None:
        tq = understand(question)
        links = linker.link_entities(tq.mentions, k=1)
        pairs = [(m.text, lk[0].name if lk else "") for m, lk in zip(tq.mentions, links, strict=True)]
        phrase = role_phrase(clean_relation_phrase(tq.relation_phrase), pairs, matcher.vocabulary)
        fit = match_phrase(matcher, phrase) if phrase else None
        return fit.best.relation if fit is not None and fit.best is not None else None

    # Every question's relation, the role questions' included ("the CFO of X" is not the CEO), is the gold one.
    wrong = [(r["quid"], r["question"], fitted(r["question"])) for r in ROWS]
    wrong = [w for w, r in zip(wrong, ROWS, strict=True) if w[2] != r["evidence"][-1][1]]
    assert wrong == []
    # Issue 25: "Who became CEO after Alice Moreau?" matched "acquired". The role word brings is_CEO_of; without a
    # role word, or with a verb the graph has no relation for, nothing fits (the caller abstains).
    assert fitted("Who became CEO after Alice Moreau?") == "is_CEO_of"
    assert matcher.fit("became").best is None
    assert fitted("Who sued Acme Robotics?") is None
    assert fitted("Which company did Borealis Energy merge with?") is None
