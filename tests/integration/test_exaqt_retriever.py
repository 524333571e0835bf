"""The ``exaqt`` method end to end on a real server: a handful of Wikidata-style facts with start/end qualifiers,
ingested with embeddings; an ordinal question, a "when" question, an explicit-year question, and a question whose
entity is not in the graph."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tkgrag.ingest.formats.run import ingest_facts
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.question.understanding import parse_only
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.exaqt.answer_graph import Stage1Input
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
from tkgrag.store import Store


def parsed(question: str, k: int) -> RetrievalRequest:
    """A request with the question's graph-free understanding (what ``TKGRag.retrieve`` gives these methods)."""
    return RetrievalRequest.of(question, k, understanding=parse_only(question))


RIDE = {"subject": "Q49285", "subject_label": "Sally Ride"}
FACTS = [
    {**RIDE, "predicate": "P512", "predicate_label": "academic degree", "object": "Q163727",
     "object_label": "bachelor's degree", "point_in_time": "1973"},
    {**RIDE, "predicate": "P512", "predicate_label": "academic degree", "object": "Q950900",
     "object_label": "Master of Science", "point_in_time": "1975"},
    {**RIDE, "predicate": "P512", "predicate_label": "academic degree", "object": "Q752297",
     "object_label": "Doctor of Philosophy", "point_in_time": "1978"},
    {**RIDE, "predicate": "P108", "predicate_label": "employer", "object": "Q23548", "object_label": "NASA",
     "start": "1978", "end": "1987"},
    {**RIDE, "predicate": "P108", "predicate_label": "employer", "object": "Q1061005",
     "object_label": "University of California, San Diego", "start": "1989"},
    {**RIDE, "predicate": "P26", "predicate_label": "spouse", "object": "Q7342455", "object_label": "Steven Hawley",
     "start": "1982", "end": "1987"},
    {"subject": "Q7342455", "subject_label": "Steven Hawley", "predicate": "P108", "predicate_label": "employer",
     "object": "Q23548", "object_label": "NASA", "start": "1978", "end": "2008"},
]  # fmt: skip


@pytest.fixture
def exaqt(store: Store, embedder, tmp_path: Path) -> ExaqtRetriever:  # type: ignore[no-untyped-def]
    path = tmp_path / "facts.jsonl"
    path.write_text("".join(json.dumps(f) + "\n" for f in FACTS), encoding="utf-8")
    summary = ingest_facts(store, path, source="exaqt-test", options=IngestOptions(embedder=embedder, progress=False))
    assert summary.written == len(FACTS)
    # the base bi-encoder scores relevance whatever $TKGRAG_HOME/models holds (the tests' figures do not move with it);
    # the tiers exact, as these tests pin the exact temporal ranking (the default orders by relevance alone: see
    # test_answer_scores_follow_the_ranking)
    return ExaqtRetriever(store, embedder, ExaqtConfig(relevance_model="base", exact_tiers=True))


def answers(r) -> list[str]:  # type: ignore[no-untyped-def]
    """The ranked answers, by label (``Retrieval.answers``)."""
    return [a.text for a in r.answers]


def test_ordinal_question_takes_the_earliest_start(exaqt: ExaqtRetriever) -> None:
    r = exaqt.retrieve(parsed("What was the first academic degree of Sally Ride?", 5))
    assert answers(r)[0] == "bachelor's degree"
    assert r.evidence[0].fields["object"] == "Q163727"  # the fact stating the top answer comes first
    last = exaqt.retrieve(parsed("What was the last academic degree of Sally Ride?", 5))
    assert answers(last)[0] == "Doctor of Philosophy"


def test_when_question_is_answered_by_the_qualifier_time(exaqt: ExaqtRetriever) -> None:
    r = exaqt.retrieve(parsed("When did Sally Ride start working for NASA?", 5))
    assert answers(r)[0] == "1978"


def test_explicit_year_selects_the_interval_that_contains_it(exaqt: ExaqtRetriever) -> None:
    r = exaqt.retrieve(parsed("Who was Sally Ride's employer in 1995?", 5))
    assert answers(r)[0] == "University of California, San Diego"  # open end since 1989; NASA ended 1987
    assert [c.describe() for c in r.constraints] == ["during 1995"]


def test_unknown_entity_gives_an_empty_result_with_a_note(exaqt: ExaqtRetriever) -> None:
    r = exaqt.retrieve(parsed("Who was the first king of Atlantis?", 5))
    assert r.evidence == []
    assert any("no entity linked" in n for n in r.notes)


def test_learned_scorer_keeps_ordinals_and_constraints_exact(exaqt: ExaqtRetriever) -> None:
    # the bundled tkgrag/data scorer orders answers only within the exact temporal tier and ordinal position
    config = ExaqtConfig(scorer="learned", relevance_model="base", exact_tiers=True)
    learned = ExaqtRetriever(exaqt.store, exaqt.embedder, config)
    first = answers(learned.retrieve(parsed("What was the first academic degree of Sally Ride?", 5)))
    assert first[0] == "bachelor's degree"
    last = answers(learned.retrieve(parsed("What was the last academic degree of Sally Ride?", 5)))
    assert last[0] == "Doctor of Philosophy"
    employer = answers(learned.retrieve(parsed("Who was Sally Ride's employer in 1995?", 5)))
    assert employer[0] == "University of California, San Diego"


def test_relevance_ranking_keeps_ordinals_and_constraints_exact(exaqt: ExaqtRetriever) -> None:
    config = ExaqtConfig(scorer="relevance", relevance_model="base", exact_tiers=True)
    ranked = ExaqtRetriever(exaqt.store, exaqt.embedder, config)
    assert (
        answers(ranked.retrieve(parsed("What was the first academic degree of Sally Ride?", 5)))[0]
        == "bachelor's degree"
    )
    employer = answers(ranked.retrieve(parsed("Who was Sally Ride's employer in 1995?", 5)))
    assert employer[0] == "University of California, San Diego"


def test_without_a_relevance_model_the_base_bi_encoder_scores_and_the_notes_say_so(
    exaqt: ExaqtRetriever, tmp_path: Path
) -> None:
    missing = str(tmp_path / "no-such-model")
    fallback = ExaqtRetriever(exaqt.store, exaqt.embedder, ExaqtConfig(relevance_model=missing))
    assert fallback.pipeline.relevance_encoder is None
    r = fallback.retrieve(parsed("What was the first academic degree of Sally Ride?", 5))
    note = next(n for n in r.notes if n.startswith("relevance:"))
    assert "base bi-encoder" in note and "no-such-model" in note
    assert answers(r) == answers(exaqt.retrieve(parsed("What was the first academic degree of Sally Ride?", 5)))


RIDE_AT_NASA = """
MATCH (n:Event)-[:SUBJECT]->(:Entity {key: 'Q49285'}), (n)-[:OBJECT]->(:Entity {key: 'Q23548'})
RETURN n.key AS key
"""
CLOSE_VERSION = """
MATCH (n:Event {key: $key})
SET n.recorded_from = datetime('2020-01-01T00:00:00Z'), n.recorded_to = datetime('2024-01-01T00:00:00Z')
"""


def test_as_of_record_time_sees_only_the_facts_recorded_then(exaqt: ExaqtRetriever) -> None:
    # Sally Ride's NASA employment, as a version that was recorded in 2020 and closed (replaced) at the start of 2024
    (row,) = exaqt.store.run(RIDE_AT_NASA)
    exaqt.store.run(CLOSE_VERSION, {"key": row["key"]})
    question = "When did Sally Ride start working for NASA?"

    def graph_facts(as_of: str | None) -> list[str]:
        when = datetime.fromisoformat(as_of) if as_of else None
        request = RetrievalRequest.of(question, 5, understanding=parse_only(question), as_of_record=when)
        return exaqt.answer_graph(request).stage_facts["answer_graph"]

    assert row["key"] not in graph_facts(None)  # now: the closed version is not current
    assert row["key"] in graph_facts("2022-06-01T00:00:00+00:00")  # what the store knew in 2022
    assert row["key"] not in graph_facts("2019-06-01T00:00:00+00:00")  # before it was recorded
    r = exaqt.retrieve(
        RetrievalRequest.of(
            question, 5, understanding=parse_only(question), as_of_record=datetime(2022, 6, 1, tzinfo=UTC)
        )
    )
    assert answers(r)[0] == "1978"
    assert not any("does not apply record time" in n for n in r.notes)


def test_rgcn_ranking_keeps_ordinals_and_constraints_exact_and_falls_back_without_a_model(
    exaqt: ExaqtRetriever, tmp_path: Path
) -> None:
    import numpy as np
    import torch

    from tkgrag.retrievers.exaqt.ranker_graph import FEATURES
    from tkgrag.retrievers.exaqt.rgcn import RankerConfig, RgcnRanker, model_state

    # an untrained model (seeded random weights): whatever it scores, the exact tiers decide first/last and "in 1995"
    torch.manual_seed(3)
    model = RgcnRanker(RankerConfig(dim=8))
    width = len(FEATURES)
    torch.save(model_state(model, np.zeros(width), np.ones(width), {}), tmp_path / "model.pt")
    config = ExaqtConfig(scorer="rgcn", ranker_model=str(tmp_path), relevance_model="base", rgcn_exact=True)
    rgcn = ExaqtRetriever(exaqt.store, exaqt.embedder, config)
    r = rgcn.retrieve(parsed("What was the first academic degree of Sally Ride?", 5))
    assert answers(r)[0] == "bachelor's degree"
    assert any(n.startswith("ranking: R-GCN ranker") and "tiers exact" in n for n in r.notes)
    # "in 1995": only the answers of facts dated over 1995 may come first (UCSD since 1989; Steven Hawley at NASA
    # 1978-2008), never Sally Ride's NASA years (1978-1987) nor her marriage (1982-1987)
    top = answers(rgcn.retrieve(parsed("Who was Sally Ride's employer in 1995?", 5)))[0]
    assert top in {"University of California, San Diego", "Steven Hawley", "NASA"}
    # no model: the relevance ranking, and the notes say so
    missing = ExaqtConfig(scorer="rgcn", ranker_model=str(tmp_path / "none"), relevance_model="base")
    fallback = ExaqtRetriever(exaqt.store, exaqt.embedder, missing)
    question = parsed("What was the last academic degree of Sally Ride?", 5)
    got = fallback.retrieve(question)
    assert any("fallback: no R-GCN ranker" in n for n in got.notes)
    relevance = ExaqtRetriever(exaqt.store, exaqt.embedder, ExaqtConfig(scorer="relevance", relevance_model="base"))
    assert answers(got) == answers(relevance.retrieve(question))


def test_cross_ranking_reads_the_same_answer_graph_and_falls_back_without_a_model(
    exaqt: ExaqtRetriever, tmp_path: Path
) -> None:
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    from tkgrag.embed import resolve_model

    # a tiny random cross-encoder (seconds): whatever it scores, the ranking reads the answer graph relevance reads
    tok = AutoTokenizer.from_pretrained(resolve_model("sentence-transformers/all-MiniLM-L6-v2"))
    cfg = BertConfig(
        vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64
    )
    cfg.num_labels = 1
    BertForSequenceClassification(cfg).save_pretrained(tmp_path / "cross")
    tok.save_pretrained(tmp_path / "cross")
    question = parsed("Who was Sally Ride's employer in 1995?", 5)
    relevance = ExaqtRetriever(exaqt.store, exaqt.embedder, ExaqtConfig(relevance_model="base"))
    expected = relevance.retrieve(question)
    for weight in (1.0, 0.0):
        model = str(tmp_path / "cross")
        config = ExaqtConfig(scorer="cross", cross_model=model, cross_weight=weight, relevance_model="base")
        cross = ExaqtRetriever(exaqt.store, exaqt.embedder, config)
        got = cross.retrieve(question)
        assert any(n.startswith("ranking: cross-encoder relevance") for n in got.notes)
        assert sorted(answers(got)) == sorted(answers(expected))
        values = [a.score for a in got.answers]
        assert values == sorted(values, reverse=True)
        if weight == 0.0:  # no share for the cross-encoder: today's relevance ranking
            assert answers(got) == answers(expected)
    missing = ExaqtConfig(scorer="cross", cross_model=str(tmp_path / "none"), relevance_model="base")
    fallback = ExaqtRetriever(exaqt.store, exaqt.embedder, missing).retrieve(question)
    assert any("fallback: no cross-encoder" in n for n in fallback.notes)
    assert answers(fallback) == answers(expected)


def test_answer_scores_follow_the_ranking(exaqt: ExaqtRetriever) -> None:
    # readers and `tkgrag eval` take the best score as rank 1: with the tiers exact, a less relevant answer that fits
    # "in 1995" or "first" comes first, and its score must say so
    config = ExaqtConfig(scorer="relevance", relevance_model="base", exact_tiers=True)
    ranked = ExaqtRetriever(exaqt.store, exaqt.embedder, config)
    for text in (
        "What was the first academic degree of Sally Ride?",
        "What was the last academic degree of Sally Ride?",
        "Who was Sally Ride's employer in 1995?",
    ):
        got = ranked.retrieve(parsed(text, 5)).answers
        values = [a.score for a in got]
        assert values == sorted(values, reverse=True), text
    # the default (exact_tiers=False): relevance alone orders the answers, so their own scores already follow it
    free = ExaqtRetriever(exaqt.store, exaqt.embedder, ExaqtConfig(relevance_model="base"))
    ag = free.answer_graph(parsed("Who was Sally Ride's employer in 1995?", 5))
    own = [a.score for a in ag.answers]
    assert own == sorted(own, reverse=True) and len(own) > 1


def test_questions_built_in_batches_get_the_answer_graphs_built_one_by_one(exaqt: ExaqtRetriever) -> None:
    """``build_many`` (each step of Stage 1 one round trip per batch, one GDS projection for a batch's candidate
    graphs; with ``prefetch`` the next batch linked on a worker thread) gives every question the answer graph
    ``build`` gives it."""
    questions = [
        "What was the first academic degree of Sally Ride?",
        "When did Sally Ride start working for NASA?",
        "Who was Sally Ride's employer in 1995?",
        "Who was the first king of Atlantis?",  # no entity linked
        "What was the last academic degree of Sally Ride?",
    ]
    inputs = [Stage1Input(q, parse_only(q).question) for q in questions]
    pipeline = exaqt.pipeline
    one_by_one = [pipeline.build(i.text, i.tq) for i in inputs]
    assert pipeline.build_many(inputs, batch=2, prefetch=True) == one_by_one  # three batches, each next linked ahead
    assert pipeline.build_many(inputs, batch=2) == one_by_one  # the default: one batch after the other
    assert pipeline.build_many(inputs, batch=5) == one_by_one
    tops = [(ag.answers[0].name or ag.answers[0].text) if ag.answers else None for ag in one_by_one]
    assert tops == ["bachelor's degree", "1978", "University of California, San Diego", None, "Doctor of Philosophy"]
