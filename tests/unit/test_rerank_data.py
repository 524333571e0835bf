"""The cross-encoder's training data and loss, on hand-made vectors: which passages become negatives of which kind,
how a step samples them, the distillation target, and the held-out ranking figures."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from tkgrag.rerank.data import Group, MiningConfig, PoolPassage, document_of, mine_negatives
from tkgrag.train.reranker import TrainConfig, evaluate, listwise_loss, sample_negatives

TEXT = "x" * 50  # long enough to be a negative (MIN_NEGATIVE_CHARS)


def unit(*v: float) -> np.ndarray:
    a = np.asarray(v, dtype=np.float32)
    return a / np.linalg.norm(a)


def test_document_of() -> None:
    assert document_of("/wiki/Ada#3", 7) == "/wiki/Ada"
    assert document_of("e8f25b", 7) == "item:7"
    assert document_of("e8f25b", None) == "e8f25b"


def test_mine_negatives_kinds_order_and_exclusions() -> None:
    # Pool: 0 gold (doc A), 1 near-copy of gold (doc B), 2 / 3 doc A, 4 / 5 doc B, 6 doc C short, 7 doc C.
    pool = [
        PoolPassage("g", "A", TEXT),
        PoolPassage("copy", "B", TEXT),
        PoolPassage("a2", "A", TEXT),
        PoolPassage("a3", "A", TEXT),
        PoolPassage("b4", "B", TEXT),
        PoolPassage("b5", "B", TEXT),
        PoolPassage("short", "C", "tiny"),
        PoolPassage("c7", "C", TEXT),
    ]
    pmat = np.stack(
        [
            unit(1, 0, 0),
            unit(1, 0, 0.001),  # cosine to gold ~1: a copy, never a negative
            unit(0.6, 0.8, 0),  # q . = 0.6
            unit(0.2, 0.98, 0),  # q . = 0.2
            unit(0.9, 0, 0.436),  # q . = 0.9
            unit(0.5, 0, 0.866),  # q . = 0.5
            unit(0.95, 0.31, 0),  # q . = 0.95 but too short
            unit(0, 1, 0),  # q . = 0
        ]
    )
    q = unit(1, 0, 0)
    cfg = MiningConfig(document=1, cross=2, random=1)
    got = mine_negatives(q, pmat, pool, [0], cfg, random.Random(0))
    # Hard ones by cosine: b4 (0.9, cross), a2 (0.6, document), b5 (0.5, cross); a3 is past the document quota.
    assert got[:3] == [(4, "cross"), (2, "document"), (5, "cross")]
    # The one random negative: the only other-document, usable passage left is c7.
    assert got[3:] == [(7, "random")]


def group(kinds: tuple[str, ...]) -> Group:
    n = len(kinds)
    return Group("q", "Q?", "gold", tuple(f"n{i}" for i in range(n)), kinds, 0.5, tuple([0.1] * n), False)


def test_sample_negatives_fills_missing_kind_from_cross() -> None:
    cfg = TrainConfig(step_document=1, step_cross=2, step_random=1)
    g = group(("cross", "cross", "cross", "random"))  # no in-document negative (a one-paragraph MenatQA item)
    picked = sample_negatives(g, random.Random(1), cfg)
    assert len(picked) == 4 and len(set(picked)) == 4
    assert sorted(g.kinds[i] for i in picked) == ["cross", "cross", "cross", "random"]


def test_sample_negatives_repeats_when_too_few() -> None:
    cfg = TrainConfig(step_document=1, step_cross=2, step_random=1)
    picked = sample_negatives(group(("document",)), random.Random(1), cfg)
    assert picked == [0, 0, 0, 0]


def test_listwise_loss_by_hand() -> None:
    import torch

    logits = torch.tensor([[0.0, 0.0]])
    # Equal logits: log-softmax = ln 1/2 on both; any target summing to 1 gives ln 2.
    assert listwise_loss(logits, torch.tensor([[0.9, 0.1]]), 0.5, 0.05).item() == pytest.approx(math.log(2))
    logits = torch.tensor([[math.log(3.0), 0.0]])  # softmax = (3/4, 1/4)
    # weight 0: -ln 3/4. weight 1 with equal teacher cosines: target (1/2, 1/2) -> -(ln 3/4 + ln 1/4) / 2.
    assert listwise_loss(logits, torch.tensor([[0.3, 0.3]]), 0.0, 0.05).item() == pytest.approx(-math.log(0.75))
    assert listwise_loss(logits, torch.tensor([[0.3, 0.3]]), 1.0, 0.05).item() == pytest.approx(
        -(math.log(0.75) + math.log(0.25)) / 2
    )


def test_evaluate_by_hand() -> None:
    # Candidates gold, d0 (document), c1 (cross), r2 (random: never a candidate). Cross-encoder scores: gold 2,
    # d0 3, c1 1 -> rank 2 among all, 2 among document, 1 among cross. Bi-encoder: gold 0.5, d0 0.4, c1 0.6.
    g = Group("q", "Q?", "gold", ("d0", "c1", "r2"), ("document", "cross", "random"), 0.5, (0.4, 0.6, 0.0), True)
    scores = {"gold": 2.0, "d0": 3.0, "c1": 1.0}
    m = evaluate(lambda q, texts: np.asarray([scores[t] for t in texts]), [g])
    assert m["all"]["mrr"] == 0.5 and m["all"]["r@1"] == 0.0 and m["all"]["r@5"] == 1.0
    assert m["all"]["bi_encoder_mrr"] == 0.5 and m["all"]["candidates_per_question"] == 3
    assert m["document"]["mrr"] == 0.5 and m["document"]["bi_encoder_mrr"] == 1.0
    assert m["cross"]["mrr"] == 1.0 and m["cross"]["bi_encoder_mrr"] == 0.5
