"""`tkgrag prepare --train` on the real test server: a model without training data is skipped with the reason, one
that would not fit in `--max-minutes` is skipped with the reason, and with both given the time-aware retriever is
trained (a few steps of MiniLM on CPU, under a temporary $TKGRAG_HOME) and the TKS step then writes its vectors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.test_timer4_finetune import write_data
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.planning.inventory import take_inventory
from tkgrag.planning.prepare import TrainOptions, prepare
from tkgrag.planning.readiness import State
from tkgrag.store import Store

SAMPLE = Path(__file__).resolve().parents[2] / "tkgrag" / "data" / "icews14_sample.tsv"
TINY = {"retriever": {"steps": 2, "batch_size": 2, "checkpoint_every": 1}}


def training_file(path: Path) -> Path:
    """The fine-tune test's questions, each gold fact also as the quadruple `make_timer4_training.py` writes (the
    model card counts their years)."""
    write_data(path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for r in rows:
        subject, rest = r["positive"]["text"].split(" ", 1)
        relation, obj_time = rest.split(" ", 1)
        obj, when = obj_time.rsplit(" on ", 1)
        r["positive"]["fact"] = [subject, relation, obj, when]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_prepare_train_skips_with_reasons_then_trains_and_fills_the_tks(
    store: Store,
    embedder,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TKGRAG_HOME", str(tmp_path / "home"))  # the trained model goes here, not to the real home
    part = tmp_path / "rinkevics.tsv"
    part.write_text("".join(x for x in SAMPLE.read_text().splitlines(True) if "Rinkevics" in x))
    options = IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path)
    ingest_tkg_file(store, part, source="sample", options=options)
    data = training_file(tmp_path / "train.jsonl")

    first = prepare(store, embedder, progress=False, train=TrainOptions())
    said = {s.name: s for s in first.steps}
    assert [s.name for s in first.steps] == [
        "embeddings",
        "sentences",
        "corpus link",
        "title keys",
        "rule graph",
        "train retriever",
        "TKS",
        "calibration",
    ]
    assert said["calibration"].said == "one kind of items: auto has nothing to calibrate across"
    assert not said["train retriever"].ran
    assert said["train retriever"].said.startswith("skipped: no training data (--train-data retriever=PATH")
    assert said["TKS"].said.startswith("skipped: no time-aware retriever")

    small = prepare(store, embedder, progress=False, train=TrainOptions({"retriever": data}, TINY), max_minutes=1.0)
    step = {s.name: s for s in small.steps}["train retriever"]
    assert not step.ran and step.said.startswith("skipped: would not fit: retriever needs at least 2 min, ")

    done = prepare(store, embedder, progress=False, train=TrainOptions({"retriever": data}, TINY), max_minutes=30)
    ran = {s.name: s for s in done.ran}
    assert set(ran) == {"train retriever", "TKS"}
    assert ran["train retriever"].said.startswith("trained 2 steps in ")
    assert (tmp_path / "home" / "models" / "timer4-retriever" / "model" / "config.json").exists()
    inv = take_inventory(store)
    assert inv.counts.tks_vectors == inv.counts.events > 0
    assert inv.state("timer4").state is State.READY
