"""The time-aware retriever's training, for real but tiny (MiniLM on CPU, a few steps, seconds): it moves each gold
fact above its time-corrupted negative, and a run killed midway resumes from its checkpoint."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tkgrag.train.retriever import CHECKPOINT, TrainConfig, load_examples, load_model, train

# Gold facts whose time-corrupted twin differs only in the date the question asks about.
PAIRS = [
    ("Who consulted Japan on 2010-05-13?", "Iran consulted Japan on 2010-05-13", "Iran consulted Japan on 2012-11-02"),
    ("Who accused Togo on 2011-02-07?", "Ghana accused Togo on 2011-02-07", "Ghana accused Togo on 2009-08-30"),
    ("Who praised Chile in 2013-09?", "Peru praised Chile on 2013-09-18", "Peru praised Chile on 2007-03-05"),
    ("Who visited Nepal on 2008-12-01?", "India visited Nepal on 2008-12-01", "India visited Nepal on 2015-06-21"),
    (
        "Who threatened Mali on 2006-04-22?",
        "Niger threatened Mali on 2006-04-22",
        "Niger threatened Mali on 2010-10-10",
    ),
    ("Who criticized Iraq in 2012-01?", "Syria criticized Iraq on 2012-01-15", "Syria criticized Iraq on 2005-07-04"),
]


def write_data(path: Path) -> Path:
    rows = []
    for i, (question, gold, timed) in enumerate(PAIRS):
        for split in ("train", "validation"):
            negatives = [
                {"type": "time", "text": timed},
                {"type": "content", "text": gold.replace(" on ", " held talks with Ecuador on ", 1)},
                {"type": "both", "text": timed.replace(" on ", " held talks with Ecuador on ", 1)},
            ]
            rows.append(
                {
                    "qid": f"q{i}",
                    "question": question,
                    "positive": {"text": gold},
                    "negatives": negatives,
                    "split": split,
                }
            )
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def margins(model: object, data: Path) -> list[float]:
    import numpy as np

    ex = load_examples(data, "validation")
    enc = model.encode  # type: ignore[attr-defined]
    q = enc([e.question for e in ex], normalize_embeddings=True)
    g = enc([e.positive for e in ex], normalize_embeddings=True)
    t = enc([e.time_negative for e in ex], normalize_embeddings=True)
    return list(np.sum(q * g, axis=1) - np.sum(q * t, axis=1))


def test_a_tiny_fine_tune_moves_gold_above_its_time_negative(tmp_path: Path) -> None:
    data = write_data(tmp_path / "data.jsonl")
    config = TrainConfig(data=data, out=tmp_path / "out", steps=12, batch_size=3, lr=1e-4, checkpoint_every=100)
    before = margins(load_model(config.base_model, config.max_seq_length), data)
    report = train(config, validate=True)
    after = margins(load_model(str(config.out / "model"), config.max_seq_length), data)
    assert min(before) < 0.02  # the base model does not already separate them all
    assert all(m > 0 for m in after), after
    assert sum(after) > sum(before) + 0.1
    assert report.validation_after["gold_above_time_negative"] == 1.0
    assert report.validation_after["gold_above_time_negative"] > report.validation_before["gold_above_time_negative"]
    assert (config.out / "model" / "config.json").exists()


def test_a_killed_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    data = write_data(tmp_path / "data.jsonl")
    out = tmp_path / "out"
    args = ["--out", str(out), "--steps", "8", "--batch-size", "2", "--checkpoint-every", "2", "--no-validation"]
    cmd = [sys.executable, "-m", "tkgrag.cli.app", "train", "retriever", str(data), *args]
    env = {**os.environ, "TKGRAG_NO_PROGRESS": "1"}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ckpt = out / CHECKPOINT
    deadline = time.monotonic() + 300
    while not ckpt.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert ckpt.exists() and not (out / "model").exists(), "killed before it finished"
    config = TrainConfig(data=data, out=out, steps=8, batch_size=2, checkpoint_every=2)
    report = train(config, validate=False)
    assert 2 <= report.resumed_from < 8
    assert len(report.losses) == 8  # the steps before the kill are kept, none repeated
    assert (out / "model" / "config.json").exists()
