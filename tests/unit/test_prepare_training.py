"""`tkgrag prepare --train`'s pure parts: which models a store needs, the minutes each gets out of `--max-minutes`
(values worked out by hand), and the `--train-data NAME=PATH` parsing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.errors import ConfigError
from tkgrag.planning.inventory import CrossEncoderCheck, Inventory
from tkgrag.planning.readiness import READY, Readiness, State, StoreCounts
from tkgrag.planning.training import RELEVANCE, RERANKER, RETRIEVER, Budget, missing_models, parse_train_data
from tkgrag.retrievers.base import Need

NO_TKA = Readiness(State.MISSING, "no time-aware retriever trained (after training: `tkgrag ingest embed ...`)")
NO_CE = Readiness(State.MISSING, "no cross-encoder", "tkgrag train reranker")


def inventory(counts: StoreCounts, tka: Readiness = NO_TKA, ce: Readiness = NO_CE) -> Inventory:
    prepared = {Need.TIME_AWARE_MODEL.value: tka, Need.CROSS_ENCODER.value: ce}
    return Inventory(counts, prepared, {}, CrossEncoderCheck(None, None, "none"))


def test_missing_models_follow_the_kinds_in_the_store() -> None:
    events = StoreCounts(events=10)
    assert missing_models(inventory(events), relevance_trained=False) == [RETRIEVER]
    facts = StoreCounts(facts=5)
    assert missing_models(inventory(facts), relevance_trained=False) == [RETRIEVER, RELEVANCE]
    assert missing_models(inventory(facts), relevance_trained=True) == [RETRIEVER]
    chunks = StoreCounts(chunks=3)
    assert missing_models(inventory(chunks), relevance_trained=False) == [RERANKER]
    assert missing_models(inventory(StoreCounts(passages=4)), relevance_trained=False) == []
    # a trained model whose TKS is not written yet is the TKS step's work, not a training
    stale = Readiness(State.MISSING, "events without TKS vectors", "tkgrag ingest embed --model time-aware")
    assert missing_models(inventory(events, tka=stale), relevance_trained=False) == []
    assert missing_models(inventory(chunks, ce=READY), relevance_trained=False) == []


def test_budget_grants_each_model_its_own_minutes_cut_to_what_is_left() -> None:
    assert Budget().grant(RETRIEVER) == (15.0, None)  # no --max-minutes: the model's own budget
    b = Budget(total_minutes=20.0)
    b.spend(6 * 60)  # 6 min of data steps
    assert b.left() == 14.0 and b.spent() is None
    assert b.grant(RETRIEVER) == (14.0, None)  # 15 wanted, 14 left
    b.spend(13 * 60)
    assert b.left() == pytest.approx(1.0)
    minutes, why = b.grant(RETRIEVER)  # 1 left < the retriever's 2-minute minimum
    assert minutes == 0.0
    assert why == "skipped: would not fit: retriever needs at least 2 min, 1.0 of --max-minutes 20 left"
    b.spend(120)
    assert b.left() == 0.0 and b.spent() == "skipped: the --max-minutes budget (20 min) is spent"


def test_train_data_pairs_are_checked(tmp_path: Path) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text("{}\n")
    assert parse_train_data([f"retriever={f}"]) == {"retriever": f}
    with pytest.raises(ConfigError, match=r"--train-data 'retriever': expected NAME=PATH"):
        parse_train_data(["retriever"])
    with pytest.raises(ConfigError, match=r"unknown model 'ranker'; one of retriever, exaqt-relevance, reranker"):
        parse_train_data([f"ranker={f}"])
    with pytest.raises(ConfigError, match=r"is not a file"):
        parse_train_data([f"reranker={tmp_path / 'missing.json'}"])
