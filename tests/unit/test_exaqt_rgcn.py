"""EXAQT's R-GCN ranker on hand-made graphs: the message passing, the edge normalisation, the listwise loss and the
graph built from an answer graph (values worked out by hand in the comments), the ordering with and without exact
tiers, the npz cache, and a tiny model that trains in seconds and needs its message passing to get the answers
right."""

from __future__ import annotations

import math
import random
from datetime import date
from pathlib import Path

import numpy as np
import pytest
import torch

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence, ItemKind
from tkgrag.retrievers.exaqt.ranker_graph import FEATURES, ROLES, RankerGraph, build_ranker_graph, edge_norm
from tkgrag.retrievers.exaqt.ranking import AnswerFact, TemporalAsk, rank_answers
from tkgrag.retrievers.exaqt.rgcn import RankerConfig, RelationalLayer, RgcnRanker, RgcnScorer, listwise_loss, order
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.temporal import Granularity, TimeSpan
from tkgrag.train.exaqt_ranker import CachedGraphs, RankerTrainConfig, evaluate, train_ranker

X = GraphEntity("Q1", 1, "Stefano Fiore")


def span(a: int | None, b: int | None) -> TimeSpan:
    return TimeSpan(date(a, 1, 1) if a else None, date(b, 12, 31) if b else None, Granularity.YEAR)


def fact(key: str, relation: str, obj: str, s: TimeSpan, rel: float) -> AnswerFact:
    o = GraphEntity(obj, int(key.strip("f")) + 100, obj.replace("_", " "))
    e = Evidence.event(key, f"Stefano Fiore {relation} {obj}", "Q1", relation, obj, s, rel, kind=ItemKind.FACT)
    return AnswerFact(e, rel, False, (X, o))


TEAMS = [
    fact("f1", "member of sports team", "Parma", span(1990, 1992), 0.60),
    fact("f2", "member of sports team", "Udinese", span(1993, 1995), 0.70),
    fact("f3", "award received", "Golden_Boot", span(1994, None), 0.65),
]


# ------------------------------------------------------------------------------------------- message passing
def test_relational_layer_on_a_hand_made_graph() -> None:
    layer = RelationalLayer(2, 2)
    with torch.no_grad():
        layer.self_loop.weight.copy_(torch.eye(2))
        layer.self_loop.bias.zero_()
        layer.weight.copy_(torch.tensor([[[2.0, 0.0], [0.0, 2.0]], [[0.0, 1.0], [1.0, 0.0]]]))  # W_0 = 2I, W_1 swaps
    h = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    edges = np.array([[0, 2, 0], [1, 2, 0], [2, 0, 1]])
    norm = edge_norm(edges)
    # node 2 receives two relation-0 edges: 1/2 each; node 0 one relation-1 edge: 1
    assert norm.tolist() == [0.5, 0.5, 1.0]
    out = layer(h, torch.from_numpy(edges).long(), torch.from_numpy(norm))
    # node 0: h0 + 1 * (h2 W_1) = [1, 0] + [1, 1] = [2, 1]; node 1: h1 alone = [0, 1];
    # node 2: h2 + 0.5 (h0 W_0) + 0.5 (h1 W_0) = [1, 1] + [1, 0] + [0, 1] = [2, 2]
    assert out.tolist() == [[2.0, 1.0], [0.0, 1.0], [2.0, 2.0]]


def test_listwise_loss_by_hand() -> None:
    # graph 0: scores (0, 0), gold the first: -log 1/2; graph 1: scores (ln 3, 0), gold the first: -log 3/4
    scores = torch.tensor([0.0, 0.0, math.log(3.0), 0.0])
    loss = listwise_loss(scores, torch.tensor([0, 0, 1, 1]), torch.tensor([1.0, 0.0, 1.0, 0.0]), 2)
    assert loss.item() == pytest.approx((math.log(2.0) + math.log(4.0 / 3.0)) / 2, abs=1e-6)


def test_order_keeps_exact_tiers_only_when_asked() -> None:
    exact = np.array([[-1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [-1.0, 0.0, 0.0]])  # answers 0 and 2 meet the constraint
    scores = [0.1, 0.9, 0.5]
    assert order(scores, exact) == [2, 0, 1]  # the tier first, then the score
    assert order(scores, None) == [1, 2, 0]  # the score alone
    assert order([0.5, 0.5], None) == [0, 1]  # a tie keeps the symbolic order


# ------------------------------------------------------------------------------------------ the graph itself
def test_graph_of_a_hand_made_answer_graph() -> None:
    ask = TemporalAsk()
    answers = rank_answers(TEAMS, ask, ["Q1"])
    assert [a.text for a in answers] == ["Udinese", "Golden Boot", "Parma"]  # by relevance .70, .65, .60
    g = build_ranker_graph(TEAMS, ask, ["Q1"], [], answers, temporal_facts=["f3"])
    # nodes: 3 answers, then the 3 facts (3, 4, 5), then the question entity Q1 (6)
    assert (g.nodes, g.answers) == (7, 3)
    col = {n: i for i, n in enumerate(FEATURES)}
    assert g.x[:3, col["is_answer"]].tolist() == [1.0, 1.0, 1.0]
    assert g.x[6, col["e_question_entity"]] == 1.0 and g.x[6, col["is_entity"]] == 1.0
    # each fact: its object answer (role object) and Q1 (role subject), both directions: 12 edges
    obj, subj = ROLES.index("object"), ROLES.index("subject")
    back = len(ROLES)
    edges = {tuple(e) for e in g.edges.tolist()}
    assert len(g.edges) == 12
    assert {(4, 0, obj), (0, 4, back + obj), (4, 6, subj), (6, 4, back + subj)} <= edges  # f2 states Udinese
    assert (3, 2, obj) in edges and (5, 1, obj) in edges  # f1 -> Parma, f3 -> Golden Boot
    # Q1 receives three subject edges (one per fact): each normalised by 1/3
    into_q1 = [n for e, n in zip(g.edges.tolist(), g.norm.tolist(), strict=True) if e[1] == 6]
    assert into_q1 == pytest.approx([1 / 3] * 3)
    # f2's time encoding: 1993 over a 10-year period is 0.3 of a turn; f3 has no end; only f3 is a temporal fact
    assert g.x[4, col["f_start_sin10"]] == pytest.approx(math.sin(2 * math.pi * 0.3), abs=1e-5)
    assert g.x[5, col["f_has_end"]] == 0.0 and g.x[5, col["f_temporal_fact"]] == 1.0
    # time rank among the graph's dated facts: f1 1990 first (0), f3 1994 last (1), f2 1993 between (0.5)
    assert g.x[3:6, col["f_time_rank"]].tolist() == [0.0, 0.5, 1.0]
    # relevance gap to the best fact (.70)
    assert g.x[3:6, col["f_relevance_gap"]].tolist() == pytest.approx([0.1, 0.0, 0.05])


def test_a_time_question_links_the_facts_times() -> None:
    ask = TemporalAsk(wants_time=True)
    answers = rank_answers(TEAMS, ask, ["Q1"])
    assert [a.text for a in answers] == ["1993", "1994", "1990"]
    g = build_ranker_graph(TEAMS, ask, ["Q1"], [], answers)
    col = {n: i for i, n in enumerate(FEATURES)}
    assert g.x[0, col["a_kind_time"]] == 1.0 and g.x[0, col["q_time"]] == 1.0
    time_role = ROLES.index("time")
    assert (4, 0, time_role) in {tuple(e) for e in g.edges.tolist()}  # f2 -> 1993
    # the teams are no answers of a time question: entity nodes 6 (Q1), 7, 8, 9 (the objects)
    assert g.nodes == 3 + 3 + 4


# ------------------------------------------------------------------------------------- cache and training
def synthetic(n: int, seed: int) -> CachedGraphs:
    """Graphs of 3 answers and 3 facts (fact i states answer i); the gold answer is the one whose fact came from the
    temporal enhancement, a feature only the fact node carries: without message passing it cannot be found."""
    rng = random.Random(seed)
    col = {f: i for i, f in enumerate(FEATURES)}
    graphs, golds, val = [], [], []
    for i in range(n):
        x = np.zeros((6, len(FEATURES)), np.float32)
        x[:3, col["is_answer"]] = 1.0
        x[3:, col["is_fact"]] = 1.0
        x[:, col["a_relevance"]] = [rng.random() for _ in range(6)]
        x[3:, col["f_relevance"]] = [rng.random() for _ in range(3)]
        gold = rng.randrange(3)
        x[3 + gold, col["f_temporal_fact"]] = 1.0
        edges = np.array([[3 + a, a, 1] for a in range(3)] + [[a, 3 + a, 6] for a in range(3)], np.int32)
        graphs.append(RankerGraph(x, edges, edge_norm(edges), 3, np.zeros((3, 3), np.float32)))
        golds.append(np.arange(3) == gold)
        val.append(i >= n - 12)
    zeros = np.zeros(n)
    return CachedGraphs([f"q{i}" for i in range(n)], [""] * n, np.array(val), graphs, golds, zeros, zeros, {})


def test_cache_round_trip_without_pickle(tmp_path: Path) -> None:
    cache = synthetic(5, 1)
    cache.save(tmp_path / "graphs.npz")
    back = CachedGraphs.load(tmp_path / "graphs.npz")
    assert back.qids == cache.qids and back.validation.tolist() == cache.validation.tolist()
    for a, b in zip(cache.graphs, back.graphs, strict=True):
        assert np.array_equal(a.x, b.x) and np.array_equal(a.edges, b.edges) and a.answers == b.answers
        assert np.array_equal(a.norm, b.norm)
    assert [g.tolist() for g in back.gold] == [g.tolist() for g in cache.gold]
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(ConfigError, match=r"bad\.npz"):
        CachedGraphs.load(tmp_path / "bad.npz")


def test_a_tiny_ranker_learns_through_its_message_passing(tmp_path: Path) -> None:
    cache = synthetic(72, 7)
    config = RankerTrainConfig(epochs=40, batch_size=12, lr=1e-2, dim=8, layers=1, dropout=0.0, checkpoint_every=20)
    report = train_ranker(cache, config, tmp_path / "gcn")
    assert report.validation[-1]["p@1_rgcn_features"] == 1.0
    assert report.losses[-1] < report.losses[0]
    flat = train_ranker(cache, RankerTrainConfig(**{**config.__dict__, "layers": 0}), tmp_path / "flat")
    assert flat.validation[-1]["p@1_rgcn_features"] < 0.7  # answer features alone: no better than chance-ish
    # the saved model loads weights-only and ranks the held-out graphs the same way
    scorer = RgcnScorer.load(tmp_path / "gcn", exact=False)
    val = [i for i in range(len(cache)) if cache.validation[i]]
    assert all(cache.gold[i][int(np.argmax(scorer.scores(cache.graphs[i])))] for i in val)
    # a second run resumes from the last checkpoint (epoch 40 of 40: nothing left to train)
    again = train_ranker(cache, config, tmp_path / "gcn")
    assert again.resumed_from == 40 and len(again.losses) == len(report.losses)


def test_a_missing_or_foreign_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="tkgrag train exaqt-ranker"):
        RgcnScorer.load(tmp_path)
    torch.save({"format": "something else"}, tmp_path / "model.pt")
    with pytest.raises(ConfigError, match="not an EXAQT ranker"):
        RgcnScorer.load(tmp_path)


def test_validation_figures_judge_the_answer_each_ranking_puts_first() -> None:
    # one question, two answers: answer 0 fits the question's year (exact key row -1) with relevance .2, answer 1
    # violates it (row +1) with relevance .9 and is the gold; a model that scores both 0 keeps the symbolic order
    x = np.zeros((2, len(FEATURES)), np.float32)
    x[:, FEATURES.index("is_answer")] = 1.0
    x[:, FEATURES.index("a_relevance")] = [0.2, 0.9]
    exact = np.array([[-1.0, 0.0, 0.0], [1.0, 0.0, 0.0]], np.float32)
    g = RankerGraph(x, np.zeros((0, 3), np.int32), np.zeros(0, np.float32), 2, exact)
    zeros = np.zeros(1)
    cache = CachedGraphs(["q"], [""], np.array([True]), [g], [np.array([False, True])], zeros, zeros, {})
    model = RgcnRanker(RankerConfig(dim=4, layers=1, dropout=0.0))
    for p in model.parameters():
        torch.nn.init.zeros_(p)
    figures = evaluate(model, cache, [0], np.zeros(len(FEATURES)), np.ones(len(FEATURES)))
    # tiers exact: answer 0 first (wrong); as features: relevance puts answer 1 first (right); the model's tie keeps
    # the symbolic order (answer 0) either way; the symbolic ranking's first answer is answer 0
    assert figures["p@1_relevance_exact"] == 0.0 and figures["p@1_relevance_features"] == 1.0
    assert figures["p@1_rgcn_exact"] == 0.0 and figures["p@1_rgcn_features"] == 0.0
    assert figures["p@1_symbolic"] == 0.0
    assert RankerTrainConfig().select_by == "p@1_rgcn_features"
    assert RankerTrainConfig(exact=True).select_by == "p@1_rgcn_exact"
