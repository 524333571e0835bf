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

# Gold facts and their time-corrupted twins (the date moved across the question's bound) that the base MiniLM ranks
# about equally: five of the eight have the twin above the gold fact before training (margins -0.026 .. +0.014).
PAIRS = [
    (
        "Who consulted Japan before 2010-05-13?",
        "Iran consulted Japan on 2010-04-29",
        "Iran consulted Japan on 2010-05-20",
    ),
    ("Who accused Togo after 2011-02-07?", "Ghana accused Togo on 2011-02-20", "Ghana accused Togo on 2011-01-30"),
    ("Who praised Chile before May 2013?", "Peru praised Chile on 2013-04-18", "Peru praised Chile on 2013-05-05"),
    ("Who visited Nepal after 2008-12-01?", "India visited Nepal on 2008-12-09", "India visited Nepal on 2008-11-21"),
    (
        "Who threatened Mali before 2006-04-22?",
        "Niger threatened Mali on 2006-03-02",
        "Niger threatened Mali on 2006-04-25",
    ),
    (
        "Who criticized Iraq after January 2012?",
        "Syria criticized Iraq on 2012-02-15",
        "Syria criticized Iraq on 2012-01-04",
    ),
    ("Who first consulted Peru in 2009?", "Chile consulted Peru on 2009-01-04", "Chile consulted Peru on 2009-11-30"),
    ("Who last accused Iran in 2007?", "Israel accused Iran on 2007-12-20", "Israel accused Iran on 2007-01-03"),
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
    config = TrainConfig(data=data, out=tmp_path / "out", steps=16, batch_size=4, lr=1e-4, checkpoint_every=100)
    before = margins(load_model(config.base_model, config.max_seq_length), data)
    report = train(config, validate=True)
    after = margins(load_model(str(config.out / "model"), config.max_seq_length), data)
    assert sum(m <= 0 for m in before) >= 3  # the base model ranks several time-corrupted twins above the gold fact
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


def test_the_demo_sized_model_never_sees_the_sample_questions(tmp_path: Path) -> None:
    """`tkgrag demo` trains this model on a fresh machine: its questions come from the sample KG, and none is about a
    fact, day or month of the demo's own sample questions (the exclusion the real training data has too)."""
    from datetime import date
    from importlib import resources

    from tkgrag.train.negatives import Fact
    from tkgrag.train.questions import Exclusion, read_jsonl
    from tkgrag.train.sample_model import train_sample_retriever

    data = resources.files("tkgrag") / "data"
    held_out = read_jsonl(Path(str(data / "icews14_sample_questions.jsonl")))
    out = tmp_path / "sample"
    report = train_sample_retriever(Path(str(data / "icews14_sample.tsv")), held_out, out, questions=40, steps=2)
    assert report.steps_done == 2
    assert (out / "model" / "config.json").exists() and (out / "card.md").exists()
    exclusion = Exclusion()
    exclusion.add_questions(held_out)
    rows = read_jsonl(out / "training.jsonl")
    assert len(rows) == 40 and {r["split"] for r in rows} == {"train", "validation"}
    for row in rows:
        for fact in [row["positive"]["fact"], *(n["fact"] for n in row["negatives"])]:
            s, r, o, day = fact
            assert not exclusion.excludes(Fact(s, r, o, date.fromisoformat(day))), fact


class _RunsCode:
    """Pickles to a call of ``open(path, "w")``: loading it with a full unpickler creates ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


def test_a_crafted_checkpoint_is_refused_without_running_it(tmp_path: Path) -> None:
    import pytest
    import torch

    from tkgrag.errors import ConfigError

    data = write_data(tmp_path / "data.jsonl")
    out = tmp_path / "out"
    marker = tmp_path / "ran"
    (out / CHECKPOINT).parent.mkdir(parents=True)
    torch.save({"identity": {}, "model": _RunsCode(marker)}, out / CHECKPOINT)
    config = TrainConfig(data=data, out=out, steps=2, batch_size=2, checkpoint_every=2)
    with pytest.raises(ConfigError, match=r"state\.pt: refused to load: .*could run code") as caught:
        train(config, validate=False)
    assert not marker.exists(), "the checkpoint's pickle ran"
    assert "--fresh" in str(caught.value)
    assert not (out / "model").exists()


def test_a_checkpoint_with_validation_figures_loads_without_a_pickle(tmp_path: Path) -> None:
    """The validation figures are computed with numpy (``gold > sims[...]`` is a numpy bool): saved as they are, the
    checkpoint held numpy scalars, which the weights-only loader refuses, so a run could not resume its own
    checkpoint (seen in the demo). They are saved as Python floats."""
    import numpy as np
    import torch

    from tkgrag.checkpoints import load_checkpoint
    from tkgrag.train.retriever import _state

    class _Stub:
        def state_dict(self) -> dict[str, object]:
            return {}

    before = {"recall@1": np.float64(0.5), "gold_above_time_negative": np.float64(1) / 3}
    state = _state({"data": "x"}, _Stub(), _Stub(), _Stub(), 3, [0.25], before, 1.5)
    path = tmp_path / "state.pt"
    torch.save(state, path)
    loaded = load_checkpoint(path)
    assert loaded["validation_before"] == {"recall@1": 0.5, "gold_above_time_negative": 1 / 3}
    assert all(type(v) is float for v in loaded["validation_before"].values())
