"""EXAQT's relevance model: the distant-supervision pairs on hand-made facts (exact expected keys), where the model is
looked up, and a tiny real fine-tune of the question tower that moves positives above their hard negatives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.retrievers.exaqt.relevance import GoldFacts, PairFact, distant_pairs, model_path, states_gold
from tkgrag.train.exaqt_relevance import within_question_figures
from tkgrag.train.retriever import TrainConfig, load_examples, load_model, train

RIDE, NASA, HAWLEY = ("Q49285", "Sally Ride"), ("Q23548", "NASA"), ("Q7342455", "Steven Hawley")
BACHELOR, MSC = ("Q163727", "bachelor's degree"), ("Q950900", "Master of Science")


def test_entity_gold_positive_joins_a_question_entity_to_the_answer() -> None:
    facts = [
        PairFact("f1", 0.6, (RIDE, BACHELOR), years=frozenset({1973})),  # joins Ride to the gold: positive
        PairFact("f2", 0.7, (RIDE, MSC), years=frozenset({1975})),  # another degree: negative
        PairFact("f3", 0.5, (RIDE, NASA), years=frozenset({1978, 1987})),
        PairFact("f4", 0.9, (BACHELOR, ("Q1", "academic degree"))),  # gold without a question entity: neither
        PairFact("f5", 0.8, (RIDE, ("Q2", "Lindbergh Award"))),
        PairFact("f6", 0.55, (RIDE,), value="bachelor's degree"),  # the gold as a literal value: positive
    ]
    pairs = distant_pairs(facts, ["Q49285"], ["Q163727", "bachelor's degree"])
    assert pairs.positives == ["f1", "f6"]  # best base relevance first
    assert pairs.negatives == ["f5", "f2", "f3"]  # hardest first; f4 is in neither list


def test_date_gold_positive_by_start_or_end_year() -> None:
    facts = [
        PairFact("g1", 0.5, (RIDE, NASA), years=frozenset({1978, 1987})),
        PairFact("g2", 0.4, (RIDE, ("Q752297", "Doctor of Philosophy")), years=frozenset({1978})),
        PairFact("g3", 0.9, (RIDE, HAWLEY), years=frozenset({1982, 1987})),
        PairFact("g4", 0.3, (RIDE, ("Q3", "Stanford"))),  # undated: a negative
    ]
    pairs = distant_pairs(facts, ["Q49285"], ["1978-01-01T00:00:00Z"])
    assert pairs.positives == ["g1", "g2"]
    assert pairs.negatives == ["g3", "g4"]


def test_a_linked_gold_entity_is_an_answer_not_an_anchor() -> None:
    # dense NERD linked the answer (Hawley) as a question entity: its own facts prove nothing
    facts = [
        PairFact("h1", 0.3, (RIDE, HAWLEY)),
        PairFact("h2", 0.8, (HAWLEY, NASA)),  # states the gold, but through no other question entity: neither
        PairFact("h3", 0.6, (RIDE, NASA)),
    ]
    pairs = distant_pairs(facts, ["Q49285", "Q7342455"], ["Q7342455", "Steven Hawley"])
    assert pairs.positives == ["h1"]
    assert pairs.negatives == ["h3"]
    assert not states_gold(facts[0], ["Steven Hawley"], skip=frozenset({"Q7342455"}))


def test_no_question_entity_no_pairs() -> None:
    assert distant_pairs([PairFact("x", 0.9, (RIDE, NASA))], [], ["NASA"]) == distant_pairs([], [], ["NASA"])


def test_model_path_names_a_model_folder_or_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert model_path("exaqt-relevance", home) is None
    assert model_path("base", home) is None
    folder = home / "models" / "exaqt-relevance" / "model"
    folder.mkdir(parents=True)
    (folder / "modules.json").write_text("[]", encoding="utf-8")
    assert model_path("exaqt-relevance", home) == folder
    assert model_path("", home) is None


# Questions whose positive fact the base MiniLM ranks below a hard negative of the same entities (margins measured
# before training: all negative), from the shape of the dev pairs.
HARD = [
    ("when did the miami dolphins win the superbowl", "Super Bowl VI significant event point in time in 1972",
     "Super Bowl VIII winner Miami Dolphins"),  # base margin -0.413
    ("who was the first governor of india after independence",
     "Dominion of India head of state C. Rajagopalachari from 1948 to 1950",
     "Governor-General of India appointed by Emperor of India from 1858 to 1948"),  # -0.155
    ("who was president when the berlin wall fell",
     "George H. W. Bush position held President of the United States from 1989 to 1993",
     "Berlin Wall end time in 1989"),  # -0.411
    ("what team did wayne gretzky play for first", "Wayne Gretzky member of sports team Indianapolis Racers in 1978",
     "Wayne Gretzky sport ice hockey"),  # -0.002
]  # fmt: skip


def write_pairs(path: Path) -> Path:
    rows = []
    for i, (question, pos, neg) in enumerate(HARD):
        for split in ("train", "validation"):
            row: dict[str, Any] = {"qid": f"q{i}", "question": question, "split": split, "positive": {"text": pos},
                   "negatives": [{"type": "entity", "text": neg}]}  # fmt: skip
            if split == "validation":
                row["pool"] = {"positives": [pos], "negatives": [neg]}
            rows.append(row)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def margins(question_model: object, doc_model: object, data: Path) -> list[float]:
    ex = load_examples(data, "validation", 1)
    q = question_model.encode([e.question for e in ex], normalize_embeddings=True)  # type: ignore[attr-defined]
    enc = doc_model.encode  # type: ignore[attr-defined]
    p = enc([e.positive for e in ex], normalize_embeddings=True)
    n = enc([e.negatives[0] for e in ex], normalize_embeddings=True)
    return list(np.sum(q * p, axis=1) - np.sum(q * n, axis=1))


def test_a_tiny_question_tower_fine_tune_moves_positives_above_hard_negatives(tmp_path: Path) -> None:
    data = write_pairs(tmp_path / "pairs.jsonl")
    config = TrainConfig(data=data, out=tmp_path / "out", steps=12, batch_size=4, hard_negatives=1, lr=1e-4,
                         checkpoint_every=100, frozen_documents=True)  # fmt: skip
    base = load_model(config.base_model, config.max_seq_length)
    before = margins(base, base, data)
    train(config, validate=False)
    tuned = load_model(str(config.out / "model"), config.max_seq_length)
    after = margins(tuned, base, data)
    assert sum(m < 0 for m in before) >= 3, before  # the base model puts most hard negatives first
    assert all(m > 0 for m in after), after
    # the document tower is the base model: a fact's vector is unchanged (the stored fact index stays valid)
    rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    figs = within_question_figures(tuned, base, rows)
    assert figs["mrr_in_question"] == 1.0 and figs["questions"] == len(HARD)
    assert within_question_figures(base, base, rows)["mrr_in_question"] < 1.0


def test_gold_facts_answers_as_states_gold_fact_by_fact() -> None:
    """``GoldFacts`` (the training prefilter's memoised matcher) says of each fact what ``states_gold`` says."""
    facts = [
        PairFact("f1", 0.9, (("Q49285", "Sally Ride"), ("Q23548", "NASA"))),  # the gold by its QID
        PairFact("f2", 0.8, (("Q49285", "Sally Ride"), ("Q1", "National Aeronautics and Space Administration"))),
        PairFact("f3", 0.7, (("Q49285", "Sally Ride"),), value="nasa"),  # by its value, case folded
        PairFact("f4", 0.6, (("Q49285", "Sally Ride"),), years=frozenset({1978})),  # a date gold by its year
        PairFact("f5", 0.5, (("Q49285", "Sally Ride"), ("Q2", "Stanford University")), years=frozenset({1977})),
    ]
    golds = ["Q23548", "NASA", "1978-06-01"]
    matcher = GoldFacts(golds)
    assert [matcher.stated_by(f) for f in facts] == [True, False, True, True, False]
    assert [matcher.stated_by(f) for f in facts] == [states_gold(f, golds) for f in facts]
    assert not GoldFacts([]).stated_by(facts[0])
