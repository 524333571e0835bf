"""EXAQT's question-fact cross-encoder (``scorer=cross``): the relevance mix and its logit cache, the ranking it
gives on hand-made facts (the bi-encoder prefers the wrong team, the cross-encoder the right one), the gold labels of
an answer graph's facts, the sampling of a training group, and ``train_cross`` end to end on a tiny random BERT
(seconds): it writes a cross-encoder folder that ``load_cross`` loads, and a re-run resumes from its checkpoint."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

from tkgrag.errors import ConfigError
from tkgrag.eval.types import EvalQuestion, GoldAnswer
from tkgrag.model import Evidence, ItemKind
from tkgrag.retrievers.exaqt.answer_graph import AnswerGraph, ExaqtPipeline
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.cross import CrossScorer, load_cross, sigmoid
from tkgrag.retrievers.exaqt.nerd import Nerd
from tkgrag.retrievers.exaqt.ranking import AnswerFact, TemporalAsk
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.sources.records import SourceRef
from tkgrag.temporal import Granularity, TimeSpan
from tkgrag.train.exaqt_cross import (
    CrossTrainConfig,
    FactGroup,
    fact_figures,
    gold_facts,
    load_groups,
    sample_group,
    save_groups,
    train_cross,
    trainable,
)

ODOM = GraphEntity("Q312", 1, "Lamar Odom")
QUESTION = "what team with mascot named champ did lamar odom play for in 2011"


def year_span(a: int, b: int) -> TimeSpan:
    return TimeSpan(date(a, 1, 1), date(b, 12, 31), Granularity.YEAR)


def team_fact(key: str, team: GraphEntity, a: int, b: int, relevance: float) -> AnswerFact:
    text = f"Lamar Odom member of sports team {team.name} ({a}-{b})"
    e = Evidence.event(
        key, text, ODOM.key, "member of sports team", team.key, year_span(a, b), relevance, kind=ItemKind.FACT
    )
    return AnswerFact(e, relevance, False, (ODOM, team))


LAKERS = GraphEntity("Q121783", 2, "Los Angeles Lakers")
MAVERICKS = GraphEntity("Q132880", 3, "Dallas Mavericks")
FACTS = [
    team_fact("f1", LAKERS, 2004, 2011, 0.80),  # the bi-encoder's best: the team he is best known for
    team_fact("f2", MAVERICKS, 2011, 2012, 0.70),  # the team whose mascot is Champ
]


def mascot_logits(question: str, texts: Sequence[str]) -> np.ndarray:
    """A stand-in cross-encoder that reads the question with the fact: Champ is the Mavericks' mascot."""
    return np.array([3.0 if "Mavericks" in t and "champ" in question else -1.0 for t in texts])


class Counting:
    def __init__(self) -> None:
        self.pairs = 0

    def __call__(self, question: str, texts: Sequence[str]) -> np.ndarray:
        self.pairs += len(texts)
        return mascot_logits(question, texts)


def test_rescore_mixes_the_cross_encoder_with_the_bi_encoder_and_scores_each_fact_once() -> None:
    calls = Counting()
    cross = CrossScorer(calls, 0.5)
    out = cross.rescore(QUESTION, FACTS)
    # 0.5 x sigmoid(-1) + 0.5 x 0.80 = 0.5 x 0.268941 + 0.40 = 0.534471
    # 0.5 x sigmoid(3) + 0.5 x 0.70 = 0.476287 + 0.35 = 0.826287
    assert [round(f.relevance, 6) for f in out] == [0.534471, 0.826287]
    assert [f.evidence.key for f in out] == ["f1", "f2"] and calls.pairs == 2
    full = cross.with_weight(1.0).rescore(QUESTION, FACTS)  # the same logits, from the cache
    assert [round(f.relevance, 6) for f in full] == [round(sigmoid(-1.0), 6), round(sigmoid(3.0), 6)]
    assert calls.pairs == 2
    assert cross.rescore(QUESTION, FACTS, weight=0.0) == FACTS  # weight 0: today's relevance, nothing scored
    assert math.isclose(sigmoid(-800.0), 0.0, abs_tol=1e-300) and sigmoid(800.0) == 1.0


def pipeline() -> ExaqtPipeline:
    # the ranking reads no store: rank() orders an answer graph already built
    return ExaqtPipeline(cast(Any, None), cast(Any, None), ExaqtConfig(relevance_model="base"))


def answer_graph() -> AnswerGraph:
    ag = AnswerGraph(QUESTION, nerd=Nerd(groups=[[ODOM.key]], named=[ODOM.key]))
    ag.facts = list(FACTS)
    ag.ask = TemporalAsk()
    return ag


def test_the_cross_ranking_puts_the_fact_the_question_describes_first() -> None:
    p = pipeline()
    ag = answer_graph()
    assert p.rank(ag, None)[0].text == LAKERS.key  # symbolic and relevance: the bi-encoder's best fact
    from tkgrag.retrievers.exaqt.scorer import RelevanceScorer

    assert p.rank(ag, RelevanceScorer(), False)[0].text == LAKERS.key
    ranked = p.rank(ag, CrossScorer(mascot_logits, 1.0), False)
    assert [a.text for a in ranked] == [MAVERICKS.key, LAKERS.key]
    # its score is the mixed relevance of its fact, as the relevance ranking's is the bi-encoder's
    assert math.isclose(ranked[0].score, sigmoid(3.0), abs_tol=1e-9)
    assert ag.facts == FACTS  # the answer graph keeps the bi-encoder's relevance for the other rankings


def test_without_a_model_the_cross_scorer_falls_back_to_relevance(tmp_path: Path) -> None:
    scorer, note = load_cross(str(tmp_path / "none"), 1.0)
    assert scorer is None and "fallback" in note and "tkgrag train exaqt-cross" in note
    with pytest.raises(ConfigError, match="cross_weight"):
        ExaqtConfig(cross_weight=1.5)
    with pytest.raises(ConfigError, match="scorer"):
        ExaqtConfig(scorer="crosss")


def question(gold: str) -> EvalQuestion:
    return EvalQuestion("1", QUESTION, (GoldAnswer(gold),), "entity", None, "Explicit", SourceRef("t.json"), "t")


def test_gold_facts_label_the_facts_that_state_a_gold_answer_other_than_a_question_entity() -> None:
    ag = answer_graph()
    assert gold_facts(ag, question("Q132880")) == [False, True]
    # a gold that is the question entity labels nothing: the positive must state it as an answer
    assert gold_facts(ag, question("Q312")) == [False, False]
    # a date gold: the facts whose start or end year is the gold's
    assert gold_facts(ag, question("2004-05-01")) == [True, False]


def group(qid: str, validation: bool, gold: Sequence[bool]) -> FactGroup:
    n = len(gold)
    return FactGroup(
        qid,
        f"question {qid} about team {qid}",
        validation,
        tuple(f"fact {i} of team {qid if g else i}" for i, g in enumerate(gold)),
        tuple(round(1.0 - i / n, 3) for i in range(n)),
        tuple(gold),
    )


def test_a_training_group_is_a_gold_fact_then_hard_and_random_negatives() -> None:
    import random

    g = group("a", False, [False, True, False, False, False, False, True, False])
    for seed in range(20):
        idx = sample_group(g, random.Random(seed), 4)
        assert len(idx) == 5 and idx[0] in (1, 6) and all(not g.gold[i] for i in idx[1:])
        assert len(set(idx[1:])) == 4
        # half the negatives are among the 4 the bi-encoder ranks highest (0, 2, 3, 4)
        assert sum(i in (0, 2, 3, 4) for i in idx[1:]) >= 2
    small = group("b", False, [True, False])
    assert sample_group(small, random.Random(0), 3) == [0, 1, 1, 1]


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> str:
    from transformers import AutoTokenizer, BertConfig, BertModel

    from tkgrag.embed import resolve_model

    path = tmp_path_factory.mktemp("tiny-base")
    tok = AutoTokenizer.from_pretrained(resolve_model("sentence-transformers/all-MiniLM-L6-v2"))
    cfg = BertConfig(
        vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64
    )
    BertModel(cfg).save_pretrained(path)
    tok.save_pretrained(path)
    return str(path)


def test_train_writes_a_cross_encoder_and_resumes(tmp_path: Path, tiny_base: str) -> None:
    groups = [group(str(i), i % 4 == 0, [i % 3 == j for j in range(6)]) for i in range(12)]
    groups.append(group("none", False, [False] * 4))  # no gold fact: not trained on
    path = tmp_path / "groups.jsonl"
    save_groups(path, groups, {"questions": 13})
    loaded, meta = load_groups(path)
    assert loaded == groups and meta == {"questions": 13}
    assert len(trainable(groups)) == 9
    cfg = CrossTrainConfig(base_model=tiny_base, steps=3, batch_questions=2, negatives=3, max_length=32)
    cfg = CrossTrainConfig(**{**cfg.__dict__, "checkpoint_every": 2, "freeze_below": 1})
    out = tmp_path / "cross"
    state = train_cross(groups, cfg, out)
    assert state.step == 3 and len(state.losses) == 3 and (out / "checkpoint" / "state.json").is_file()
    cross, note = load_cross(str(out), 1.0)
    assert cross is not None and str(out) in note
    figures = fact_figures(cross.score_pairs, groups)
    assert figures["questions"] == 3.0 and 0.0 < figures["cross_mrr"] <= 1.0
    assert figures["bi_mrr"] == pytest.approx(np.mean([1.0, 1 / 2, 1 / 3]))  # gold at 0, 1, 2 of the bi order

    # Resume: the checkpoint holds 3 steps; asking for 5 runs 2 more
    more = train_cross(groups, CrossTrainConfig(**{**cfg.__dict__, "steps": 5}), out)
    assert more.resumed_from == 3 and more.step == 5 and len(more.losses) == 5
    with pytest.raises(ConfigError, match="another configuration"):
        train_cross(groups, CrossTrainConfig(**{**cfg.__dict__, "steps": 6, "negatives": 2}), out)
    fresh = train_cross(groups, CrossTrainConfig(**{**cfg.__dict__, "steps": 2, "negatives": 2}), out, fresh=True)
    assert fresh.resumed_from == 0 and fresh.step == 2


def test_the_card_names_every_held_out_ranking(tmp_path: Path) -> None:
    from tkgrag.train.exaqt_cross import CrossState, write_card

    groups = [group("a", False, [True, False]), group("b", True, [False, True])]
    p1 = {"questions": 2, "answerable": 1, "p@1_relevance": 0.0, "answerable_p@1_relevance": 0.0}
    for name, v in (("cross_w1", 0.5), ("cross_w0.5", 0.0), ("cross_w1_exact", 0.5)):
        p1[f"p@1_{name}"], p1[f"answerable_p@1_{name}"] = v, 2 * v
    facts = {"questions": 1.0, "facts_per_question": 2.0, "cross_mrr": 1.0, "cross_r@1": 1.0, "bi_mrr": 0.5}
    state = CrossState(step=2, losses=[2.0, 1.5], seconds=60.0, cpu_seconds=50.0)
    card = write_card(tmp_path, CrossTrainConfig(steps=2), state, {"questions": 2}, groups, facts, p1, "cmd")
    text = card.read_text()
    assert "| cross_w1 | 0.500 | 1.000 |" in text and "| cross_w1_exact | 0.500 | 1.000 |" in text
    assert "| relevance | 0.000 | 0.000 |" in text and "2 of 2 steps" in text
    # the command given, not the default one
    assert "`cmd` on TimeQuestions **dev.json**" in text and "tkgrag train exaqt-cross" not in text
    assert (tmp_path / "card.json").is_file() and (tmp_path / "loss.png").is_file()


# -- r40 review findings ----------------------------------------------------------------------------------------


def test_too_few_negatives_are_repeated_in_turn() -> None:
    import random

    two = group("c", False, [True, False, False])
    idx = sample_group(two, random.Random(0), 5)
    # each in turn (2, 1, 2, 1, 2), not the first over and over (2, 1, 2, 2, 2)
    assert idx[0] == 0 and sorted(idx[1:].count(i) for i in (1, 2)) == [2, 3]


def test_the_logit_cache_holds_one_question() -> None:
    calls = Counting()
    cross = CrossScorer(calls, 0.5)
    cross.rescore(QUESTION, FACTS)
    cross.rescore("who did lamar odom play for in 2012", FACTS)
    assert calls.pairs == 4 and len(cross.cache) == 2
    assert {q for q, _ in cross.cache} == {"who did lamar odom play for in 2012"}
    cross.with_weight(1.0).rescore("who did lamar odom play for in 2012", FACTS)  # shared, still cached
    assert calls.pairs == 4


def test_facts_per_question_counts_the_questions_that_are_ranked() -> None:
    ranked = group("a", True, [True, False])  # 2 facts
    all_gold = group("b", True, [True, True, True, True])  # no other fact: not ranked, not counted
    figures = fact_figures(lambda q, t: np.zeros(len(t)), [ranked, all_gold])
    assert figures["questions"] == 1.0 and figures["facts_per_question"] == 2.0


def test_a_cache_built_for_another_split_is_refused(tmp_path: Path) -> None:
    from tkgrag.train.exaqt_cross import check_cache

    path = tmp_path / "groups.jsonl"
    meta = {"questions": 100, "val_percent": 10, "limit": 100}
    check_cache(meta, path, val_percent=10, limit=100, questions=100)  # the same: reused
    for kw in ({"val_percent": 20, "limit": 100, "questions": 100}, {"val_percent": 10, "limit": 50, "questions": 50}):
        with pytest.raises(ConfigError, match="--rebuild-cache"):
            check_cache(meta, path, **kw)
    # a cache from before the limit was recorded: its question count tells
    old = {"questions": 100, "val_percent": 10}
    check_cache(old, path, val_percent=10, limit=100, questions=100)
    with pytest.raises(ConfigError, match="--rebuild-cache"):
        check_cache(old, path, val_percent=10, limit=None, questions=3000)


def test_the_inference_length_is_the_trained_one(tmp_path: Path) -> None:
    import json

    from tkgrag.retrievers.exaqt.cross import MAX_LENGTH, trained_max_length

    assert trained_max_length(tmp_path) == MAX_LENGTH  # no card
    (tmp_path / "card.json").write_text(json.dumps({"config": {"max_length": 48}}), encoding="utf-8")
    assert trained_max_length(tmp_path) == 48
