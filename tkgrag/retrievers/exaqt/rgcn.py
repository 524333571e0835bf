"""EXAQT's Stage 2 answer ranker: a relational GCN over the answer graph (``ranker_graph``), plain PyTorch.

``RelationalLayer`` is R-GCN message passing (Schlichtkrull et al.): ``h_i' = W_0 h_i + sum_r sum_{j in N_r(i)}
(1 / c_{i,r}) W_r h_j`` with one weight matrix per relation type (a node's role in a fact, each direction).
``RgcnRanker`` embeds each node's features, runs ``layers`` such layers (ReLU, residual) and scores the answer nodes
from their final state plus a linear read of their input features (so the model can do at least what the linear
scorer did). Training (``tkgrag/train/exaqt_ranker.py``) uses a listwise softmax over each question's answers.

``RgcnScorer`` loads a trained model (``tkgrag train exaqt-ranker``, weights only) and re-ranks the answers of an
answer graph: with ``exact`` the temporal tier, ordinal position and asked event stay exact (``ranking.exact_key``)
and the model orders answers within them; without, the model's score alone orders them (the tiers are features).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from tkgrag.checkpoints import load_checkpoint
from tkgrag.errors import ConfigError
from tkgrag.retrievers.exaqt.ranker_graph import FEATURES, RELATIONS, RankerGraph
from tkgrag.retrievers.exaqt.ranking import RankedAnswer, exact_key

MODEL_NAME = "exaqt-ranker"  # `tkgrag train exaqt-ranker`'s default output under $TKGRAG_HOME/models/
FORMAT = "tkgrag-exaqt-ranker/1"


class RelationalLayer(nn.Module):
    """One R-GCN layer: a self-connection plus, per relation type, the normalised sum of the neighbours' states."""

    def __init__(self, dim: int, relations: int) -> None:
        super().__init__()
        self.self_loop = nn.Linear(dim, dim)
        self.weight = nn.Parameter(torch.empty(relations, dim, dim))
        nn.init.xavier_uniform_(self.weight)

    def forward(self, h: torch.Tensor, edges: torch.Tensor, norm: torch.Tensor) -> torch.Tensor:
        """``h`` (N, dim); ``edges`` (E, 3) long: source, target, relation; ``norm`` (E,)."""
        out = self.self_loop(h)
        if edges.shape[0] == 0:
            return out
        per_relation = torch.einsum("nd,rde->rne", h, self.weight)  # (R, N, dim): every node's message of each type
        messages = per_relation[edges[:, 2], edges[:, 0]] * norm.unsqueeze(1)
        return out.index_add(0, edges[:, 1], messages)


@dataclass(frozen=True)
class RankerConfig:
    features: int = len(FEATURES)
    dim: int = 32
    layers: int = 2
    relations: int = RELATIONS
    dropout: float = 0.1


class RgcnRanker(nn.Module):
    def __init__(self, config: RankerConfig) -> None:
        super().__init__()
        self.config = config
        self.embed = nn.Linear(config.features, config.dim)
        self.layers = nn.ModuleList(RelationalLayer(config.dim, config.relations) for _ in range(config.layers))
        self.drop = nn.Dropout(config.dropout)
        self.head = nn.Sequential(nn.Linear(config.dim, config.dim), nn.ReLU(), nn.Linear(config.dim, 1))
        self.linear = nn.Linear(config.features, 1)

    def forward(self, x: torch.Tensor, edges: torch.Tensor, norm: torch.Tensor, answers: torch.Tensor) -> torch.Tensor:
        """Scores of the nodes ``answers`` (indices into ``x``)."""
        h = torch.relu(self.embed(x))
        for layer in self.layers:
            h = h + self.drop(torch.relu(layer(h, edges, norm)))
        return (self.head(h[answers]) + self.linear(x[answers])).squeeze(1)


@dataclass(frozen=True)
class Batch:
    """Several graphs as one: node features standardised, edges offset, the answer nodes and their graph."""

    x: torch.Tensor
    edges: torch.Tensor
    norm: torch.Tensor
    answers: torch.Tensor  # node index of each answer
    segment: torch.Tensor  # graph index of each answer
    graphs: int


def collate(graphs: Sequence[RankerGraph], mean: np.ndarray, scale: np.ndarray) -> Batch:
    xs, es, ns, ans, seg = [], [], [], [], []
    offset = 0
    for g, rg in enumerate(graphs):
        xs.append((rg.x - mean) / scale)
        if len(rg.edges):
            e = rg.edges.astype(np.int64).copy()
            e[:, :2] += offset
            es.append(e)
            ns.append(rg.norm)
        ans.append(np.arange(rg.answers, dtype=np.int64) + offset)
        seg.append(np.full(rg.answers, g, dtype=np.int64))
        offset += rg.nodes
    width = len(mean)
    return Batch(
        torch.from_numpy(np.concatenate(xs).astype(np.float32) if xs else np.zeros((0, width), np.float32)),
        torch.from_numpy(np.concatenate(es) if es else np.zeros((0, 3), np.int64)),
        torch.from_numpy(np.concatenate(ns).astype(np.float32) if ns else np.zeros(0, np.float32)),
        torch.from_numpy(np.concatenate(ans) if ans else np.zeros(0, np.int64)),
        torch.from_numpy(np.concatenate(seg) if seg else np.zeros(0, np.int64)),
        len(graphs),
    )


def listwise_loss(scores: torch.Tensor, segment: torch.Tensor, gold: torch.Tensor, graphs: int) -> torch.Tensor:
    """Mean over graphs of ``-log`` (softmax mass of the gold answers among the graph's answers); every graph in the
    batch must have a gold answer."""
    top = torch.full((graphs,), -1e30).scatter_reduce(0, segment, scores.detach(), reduce="amax")
    ex = torch.exp(scores - top[segment])
    total = torch.zeros(graphs).index_add(0, segment, ex)
    mass = torch.zeros(graphs).index_add(0, segment, ex * gold)
    return -(torch.log(mass.clamp_min(1e-30)) - torch.log(total)).mean()


def order(scores: Sequence[float], exact: np.ndarray | None) -> list[int]:
    """Answer indices best first: by ``exact`` (``exact_key`` rows, smaller first) when given, then by score; ties
    keep the input (symbolic) order."""
    if exact is None:
        return sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    return sorted(range(len(scores)), key=lambda i: (*exact[i].tolist(), -scores[i], i))


def model_state(model: RgcnRanker, mean: np.ndarray, scale: np.ndarray, meta: dict[str, Any]) -> dict[str, Any]:
    """What ``model.pt`` holds: tensors and plain values only (``checkpoints.load_checkpoint`` reads it)."""
    return {
        "format": FORMAT,
        "config": {k: getattr(model.config, k) for k in RankerConfig.__dataclass_fields__},
        "features": list(FEATURES),
        "mean": [float(v) for v in mean],
        "scale": [float(v) for v in scale],
        "state": model.state_dict(),
        "meta": meta,
    }


@dataclass
class RgcnScorer:
    """A trained ranker, ready to re-rank one answer graph's answers (see the module docstring)."""

    model: RgcnRanker
    mean: np.ndarray
    scale: np.ndarray
    exact: bool = True
    path: str = ""

    @classmethod
    def load(cls, folder: Path, *, exact: bool = True) -> RgcnScorer:
        path = folder / "model.pt" if folder.is_dir() else folder
        if not path.exists():
            raise ConfigError(f"EXAQT ranker model {path} does not exist; train it with `tkgrag train exaqt-ranker`")
        state = load_checkpoint(path, remedy="train the ranker again (`tkgrag train exaqt-ranker --fresh`)")
        if state.get("format") != FORMAT:
            raise ConfigError(f"{path}: not an EXAQT ranker model (format {state.get('format')!r}, want {FORMAT})")
        if list(state.get("features", [])) != list(FEATURES):
            raise ConfigError(f"{path}: trained on other node features than this code's; retrain it")
        model = RgcnRanker(RankerConfig(**state["config"]))
        model.load_state_dict(state["state"])
        model.eval()
        return cls(
            model, np.asarray(state["mean"], np.float32), np.asarray(state["scale"], np.float32), exact, str(path)
        )

    def with_exact(self, exact: bool) -> RgcnScorer:
        return replace(self, exact=exact)

    def scores(self, graph: RankerGraph) -> list[float]:
        if graph.answers == 0:
            return []
        batch = collate([graph], self.mean, self.scale)
        with torch.no_grad():
            out = self.model(batch.x, batch.edges, batch.norm, batch.answers)
        return [float(v) for v in out.tolist()]

    def rerank(self, graph: RankerGraph, answers: Sequence[RankedAnswer]) -> list[RankedAnswer]:
        """``answers`` (the symbolic ranking ``graph`` was built from) re-ordered by the model."""
        s = self.scores(graph)
        exact = np.asarray([exact_key(a.features) for a in answers], np.float32) if self.exact else None
        return [replace(answers[i], score=round(s[i], 6)) for i in order(s, exact)]
