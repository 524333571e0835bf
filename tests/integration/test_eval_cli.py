"""`tkgrag eval` end to end through the CLI on the real server: a six-event TKG, four tkgqa questions whose evidence
metrics are worked out by hand, determinism of predictions.jsonl, and the metrics.json shape for two methods."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.retrievers.star.persist import build_and_store
from tkgrag.store import Store

# Six events. With k = 10 the vector retriever returns all six, so which gold events are "retrieved" depends only on
# whether the store holds them: the expected metrics below follow from set membership, not from embedding ranks.
EVENTS = """\
Citizen_(India)\tAccuse\tAssociated_Press\t2014-08-17
Paolo_Gentiloni\tExpress_intent_to_meet_or_negotiate\tEdgars_Rinkevics\t2014-12-19
Paolo_Gentiloni\tExpress_intent_to_meet_or_negotiate\tEdgars_Rinkevics\t2014-12-22
China\tExpress_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)\tRomania\t2014-03-24
Citizen_(United_Kingdom)\tCriticize_or_denounce\tParty_Member_(United_Kingdom)\t2014-11-05
Military_Personnel_(Canada)\tConsult\tKathleen_Wynne\t2014-06-13
"""
COOP = "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)"
QUESTIONS: list[dict[str, Any]] = [
    {  # both gold events stored -> evidence hit 1, recall 2/2 = 1; the answer is a stored subject -> answer recall 1
        "quid": "q1",
        "question": "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?",
        "answers": ["Paolo Gentiloni"],
        "answer_type": "entity",
        "time_level": "month",
        "qtype": "equal",
        "evidence": [
            ["Paolo_Gentiloni", "Express_intent_to_meet_or_negotiate", "Edgars_Rinkevics", "2014-12-19"],
            ["Paolo_Gentiloni", "Express_intent_to_meet_or_negotiate", "Edgars_Rinkevics", "2014-12-22"],
        ],
    },
    {  # the 08-18 event is not stored -> hit 1, recall 1/2; answer recall 1
        "quid": "q2",
        "question": "Who accused Associated Press on 2014-08-17?",
        "answers": ["Citizen (India)"],
        "answer_type": "entity",
        "time_level": "day",
        "qtype": "equal",
        "evidence": [
            ["Citizen_(India)", "Accuse", "Associated_Press", "2014-08-17"],
            ["Citizen_(India)", "Accuse", "Associated_Press", "2014-08-18"],
        ],
    },
    {  # the stored Consult event is on 06-13, gold says 06-14 (time must match) -> hit 0, recall 0;
        # Philippe Couillard is in no stored event -> answer recall 0
        "quid": "q3",
        "question": "Who consulted Kathleen Wynne after 2014-06-01?",
        "answers": ["Philippe Couillard"],
        "answer_type": "entity",
        "time_level": "day",
        "qtype": "before_after",
        "evidence": [
            ["Philippe_Couillard", "Consult", "Kathleen_Wynne", "2014-08-21"],
            ["Military_Personnel_(Canada)", "Consult", "Kathleen_Wynne", "2014-06-14"],
        ],
    },
    {  # gold 1 written with spaces still matches the stored key; gold 2 stored; gold 3 not -> hit 1, recall 2/3
        "quid": "q4",
        "question": "Who was the first to criticize Party Member (United Kingdom)?",
        "answers": ["Citizen (United Kingdom)"],
        "answer_type": "entity",
        "time_level": "day",
        "qtype": "first_last",
        "evidence": [
            ["Citizen (United Kingdom)", "Criticize_or_denounce", "Party_Member_(United_Kingdom)", "2014-11-05"],
            ["China", COOP, "Romania", "2014-03-24"],
            ["China", "Criticize_or_denounce", "Party_Member_(United_Kingdom)", "2014-12-01"],
        ],
    },
]


# Twenty repeated events (Iran does two things to Iraq on ten days) give the rule graph edges to select; six unrelated
# events alone give none, and STAR-RAG cannot project a rule graph without edges.
PAIRS = "".join(
    f"Iran\t{rel}\tIraq\t2014-05-{day:02d}\n" for day in range(1, 11) for rel in ("Consult", "Make_statement")
)


def ingest_with_questions(store: Store, embedder: Any, tmp_path: Path, events: str) -> Path:
    """``events`` ingested (with embeddings) and the questions file written; returns the questions' path."""
    tsv = tmp_path / "tiny.tsv"
    tsv.write_text(events, encoding="utf-8")
    n = len(events.splitlines())
    summary = ingest_tkg_file(store, tsv, source="tiny", options=IngestOptions(embedder=embedder, progress=False))
    assert (summary.written, summary.rejected, summary.embedded) == (n, 0, n)
    store.run_auto("CALL db.awaitIndexes(60)")
    questions = tmp_path / "tiny_questions.jsonl"
    questions.write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS), encoding="utf-8")
    return questions


@pytest.fixture
def tiny(store: Store, embedder: Any, tmp_path: Path) -> Path:
    return ingest_with_questions(store, embedder, tmp_path, EVENTS)


def cli_env(settings: Settings) -> dict[str, str]:
    """The environment that points the CLI at the test instance."""
    return {
        "TKGRAG_INSTANCE": settings.server.instance,
        "TKGRAG_BOLT_PORT": str(settings.server.bolt_port),
        "TKGRAG_HTTP_PORT": str(settings.server.http_port),
        "TKGRAG_NO_PROGRESS": "1",
    }


def run_eval_cli(settings: Settings, questions: Path, out: Path, *methods: str, extra: tuple[str, ...] = ()) -> str:
    args = ["eval", str(questions), *(a for m in methods for a in ("--method", m)), "--reader", "none"]
    result = CliRunner().invoke(app, [*args, "--k", "10", "--out", str(out), *extra], env=cli_env(settings))
    assert result.exit_code == 0, result.output
    return result.output


def without_timings(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        assert set(row["timings"]) >= {"latency_ms"}
        del row["timings"]
    return rows


def test_vector_evidence_metrics_match_hand_computation(neo4j_settings: Settings, tiny: Path, tmp_path: Path) -> None:
    output = run_eval_cli(neo4j_settings, tiny, tmp_path / "out", "vector")
    assert "evidence_recall@10" in output and "metrics.json" in output
    doc = json.loads((tmp_path / "out" / "metrics.json").read_text())
    overall = doc["methods"]["vector"]["overall"]
    # no reader -> retrieval metrics only
    assert set(overall) == {
        "evidence_hit@10",
        "evidence_recall@10",
        "answer_recall@10",
        "tokens_mean",
        "latency_ms_p50",
        "latency_ms_p95",
        "n",
    }
    # hit: q1 1, q2 1, q3 0, q4 1 -> 3/4; recall: (1 + 1/2 + 0 + 2/3) / 4 = 13/24; answer recall: (1+1+0+1)/4
    assert overall["n"] == 4
    assert overall["evidence_hit@10"] == pytest.approx(0.75)
    assert overall["evidence_recall@10"] == pytest.approx(13 / 24)
    assert overall["answer_recall@10"] == pytest.approx(0.75)
    by = doc["methods"]["vector"]["by_qtype"]
    assert sorted(by) == ["before_after", "equal", "first_last"]
    assert (by["equal"]["n"], by["equal"]["evidence_recall@10"], by["equal"]["evidence_hit@10"]) == (2, 0.75, 1.0)
    assert (by["before_after"]["evidence_hit@10"], by["before_after"]["evidence_recall@10"]) == (0.0, 0.0)
    assert by["first_last"]["evidence_recall@10"] == pytest.approx(2 / 3)

    rows = [json.loads(x) for x in (tmp_path / "out" / "predictions.jsonl").read_text().splitlines()]
    assert [r["qid"] for r in rows] == ["q1", "q2", "q3", "q4"]
    assert [r["gold_evidence_found"] for r in rows] == [2, 1, 0, 2]
    for r in rows:
        assert r["method"] == "vector" and r["predictions"] == [] and r["error"] is None
        assert len(r["evidence"]) == len(r["events"]) == 6  # k = 10 > 6 events: all of them
        assert isinstance(r["tokens"], int) and r["tokens"] > 0 and r["tokens_source"] == "context"
        assert r["timings"]["latency_ms"] > 0
    assert {tuple(e) for e in rows[0]["events"]} == {tuple(line.split("\t")) for line in EVENTS.splitlines()}


def test_two_runs_write_identical_predictions(neo4j_settings: Settings, tiny: Path, tmp_path: Path) -> None:
    run_eval_cli(neo4j_settings, tiny, tmp_path / "a", "vector")
    run_eval_cli(neo4j_settings, tiny, tmp_path / "b", "vector")
    # wall times differ between runs; every other byte of every record must not
    assert without_timings(tmp_path / "a" / "predictions.jsonl") == without_timings(
        tmp_path / "b" / "predictions.jsonl"
    )
    a, b = (json.loads((tmp_path / d / "metrics.json").read_text()) for d in ("a", "b"))
    for doc in (a, b):
        for rep in doc["methods"].values():
            for table in (rep["overall"], *rep["by_qtype"].values()):
                del table["latency_ms_p50"], table["latency_ms_p95"]
    assert a == b


def test_two_methods_share_one_document_and_the_same_questions(
    neo4j_settings: Settings, store: Store, embedder: Any, tmp_path: Path
) -> None:
    questions = ingest_with_questions(store, embedder, tmp_path, EVENTS + PAIRS)
    assert build_and_store(store).edges > 0
    output = run_eval_cli(neo4j_settings, questions, tmp_path / "out", "vector", "star", extra=("--limit", "3"))
    assert "vector" in output and "star" in output
    doc = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert (doc["dataset"], doc["reader"], doc["k"], doc["questions"]) == ("tiny_questions", "none", 10, 3)
    assert list(doc["methods"]) == ["vector", "star"]
    for rep in doc["methods"].values():
        assert set(rep) == {"overall", "by_qtype"}
        assert rep["overall"]["n"] == 3
        # --limit 3 takes one question per type, round robin in file order: q1 (equal), q3, q4
        assert {qt: t["n"] for qt, t in rep["by_qtype"].items()} == {"before_after": 1, "equal": 1, "first_last": 1}
        assert 0.0 <= rep["overall"]["evidence_recall@10"] <= 1.0
    rows = [json.loads(x) for x in (tmp_path / "out" / "predictions.jsonl").read_text().splitlines()]
    assert [(r["method"], r["qid"]) for r in rows] == [(m, q) for m in ("vector", "star") for q in ("q1", "q3", "q4")]


def test_unknown_method_is_a_clear_error(neo4j_settings: Settings, tiny: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", str(tiny), "--method", "nope", "--reader", "none", "--out", str(tmp_path / "x")],
        env=cli_env(neo4j_settings),
    )
    assert result.exit_code == 1
    assert "unknown retrieval method 'nope'" in result.output
    assert not (tmp_path / "x").exists()
