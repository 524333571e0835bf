"""`train` end to end on a tiny TimeQA-format file and a tiny random BERT built here (seconds): the model folder loads
as a cross-encoder, the card and figures are written, a re-run resumes from the checkpoint, MuSiQue is refused."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from tkgrag.embed import resolve_model
from tkgrag.errors import ConfigError
from tkgrag.rerank.cross_encoder import CrossEncoderReranker
from tkgrag.rerank.data import MiningConfig
from tkgrag.train.reranker import TrainConfig, train

PEOPLE = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"]


def timeqa_file(path: Path) -> Path:
    items = []
    for name in PEOPLE:
        paras = [name, *(f"In {1900 + 10 * i} {name} worked for the company number {i} in the city." for i in range(4))]
        qs = [
            [f"Which company did {name} work for in {1900 + 10 * i}?", [{"para": 1 + i, "answer": "x"}]] for i in (0, 2)
        ]
        link = "/wiki/" + name.replace(" ", "_")
        items.append({"index": f"{link}#P108", "type": "P108", "link": link, "questions": qs, "paras": paras})
    path.write_text(json.dumps(items))
    return path


def bag_of_words(texts: Sequence[str]) -> np.ndarray:
    """A deterministic stand-in for the bi-encoder: hashed word counts, L2-normalised."""
    out = np.zeros((len(texts), 64), dtype=np.float32)
    for r, t in enumerate(texts):
        for w in t.lower().split():
            out[r, sum(map(ord, w)) % 64] += 1.0
    return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> str:
    from transformers import AutoTokenizer, BertConfig, BertModel

    path = tmp_path_factory.mktemp("tiny-base")
    tok = AutoTokenizer.from_pretrained(resolve_model("sentence-transformers/all-MiniLM-L6-v2"))
    cfg = BertConfig(
        vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64
    )
    BertModel(cfg).save_pretrained(path)
    tok.save_pretrained(path)
    return str(path)


def test_train_writes_a_cross_encoder_and_resumes(tmp_path: Path, tiny_base: str) -> None:
    data = timeqa_file(tmp_path / "timeqa.json")
    cfg = TrainConfig(
        base_model=tiny_base,
        steps=3,
        batch_questions=2,
        max_length=32,
        checkpoint_every=2,
        freeze_below=1,
        datasets=(str(data),),
        mining=MiningConfig(document=2, cross=2, random=1, heldout_fraction=0.34),
    )
    out = tmp_path / "ce"
    m = train(cfg, out, encode=bag_of_words)
    assert m["steps"] == 3 and m["train_questions"] + m["heldout_questions"] == 2 * len(PEOPLE)
    assert m["heldout_questions"] > 0 and set(m["heldout"]) >= {"all", "cross"}
    assert {"MODEL_CARD.md", "metrics.json", "losses.json"} <= {p.name for p in out.iterdir()}
    assert len(json.loads((out / "losses.json").read_text())) == 3
    ce = CrossEncoderReranker(str(out), max_length=32)
    assert ce.score("Which company did Ada Lovelace work for?", ["a", "b"]).shape == (2,)

    # Resume: the checkpoint holds 3 steps; asking for 5 runs 2 more, the loss log grows to 5.
    m2 = train(TrainConfig(**{**cfg.__dict__, "steps": 5}), out, encode=bag_of_words)
    assert m2["steps"] == 5 and len(json.loads((out / "losses.json").read_text())) == 5


def test_musique_is_refused(tmp_path: Path, tiny_base: str) -> None:
    q = tmp_path / "musique_train_100.json"
    q.write_text(
        json.dumps(
            [
                {
                    "id": "1",
                    "question": "Q?",
                    "answer": "a",
                    "paragraphs": [{"title": "T", "paragraph_text": "x", "is_supporting": True}],
                }
            ]
        )
    )
    (tmp_path / "musique_train_100_corpus.json").write_text(json.dumps([{"title": "T", "text": "x"}]))
    cfg = TrainConfig(base_model=tiny_base, steps=1, datasets=(str(q),))
    with pytest.raises(ConfigError, match="evaluation set"):
        train(cfg, tmp_path / "ce", encode=bag_of_words)


class _RunsCode:
    """Pickles to a call of ``open(path, "w")``: loading it with a full unpickler creates ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


def test_a_crafted_optimiser_checkpoint_is_refused_without_running_it(tmp_path: Path, tiny_base: str) -> None:
    import torch

    data = timeqa_file(tmp_path / "timeqa.json")
    cfg = TrainConfig(base_model=tiny_base, steps=1, batch_questions=2, max_length=32, datasets=(str(data),))
    out = tmp_path / "ce"
    ckpt = out / "work" / "checkpoint"
    ckpt.mkdir(parents=True)
    (ckpt / "state.json").write_text("{}")
    marker = tmp_path / "ran"
    torch.save({"opt": _RunsCode(marker)}, ckpt / "optim.pt")
    with pytest.raises(ConfigError, match=r"optim\.pt: refused to load: .*\(io\.open\).*could run code"):
        train(cfg, out, encode=bag_of_words)
    assert not marker.exists(), "the checkpoint's pickle ran"
