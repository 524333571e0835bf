"""``auto``'s fitted router, on values worked out by hand: the softmax, the standardised logits, the feature
vector, the fit, the plan it makes (chunks decided label-free), finding a store's router, and the training file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.unit.test_auto_answer import EVENTS, PASSAGES, Box, ByKind, Canned, auto
from tests.unit.test_planner import MIXED, inventory
from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.planning.calibration import Measured
from tkgrag.planning.planner import QuestionSignals, plan, route_fitted
from tkgrag.planning.router import FEATURES, Features, Router, accuracy, find_router, fit, softmax
from tkgrag.planning.router_training import Row, label_free_kind, read_labelled, split, train
from tkgrag.retrievers.base import RetrievalRequest

E, F, P, C = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK


def test_softmax_by_hand() -> None:
    assert softmax([0.0, math.log(3)]) == pytest.approx([0.25, 0.75])  # 1 / (1 + 3), 3 / (1 + 3)
    assert softmax([1000.0, 1000.0]) == [0.5, 0.5]  # no overflow: the max is subtracted


def test_router_standardises_then_weighs() -> None:
    r = Router(("a", "b"), mean=[1.0, 0.0], scale=[2.0, 1.0], weights=[[1.0, 0.0], [0.0, 0.0]], bias=[0.0, 0.0])
    # z = ((1 + 2 ln 3 - 1) / 2, 5) = (ln 3, 5); logits (ln 3, 0): p = (3/4, 1/4)
    p = r.probabilities([1.0 + 2.0 * math.log(3), 5.0])
    assert p == pytest.approx({"a": 0.75, "b": 0.25})
    with pytest.raises(ValueError, match="1 features given, the model takes 2"):
        r.logits([1.0])
    assert Router.from_dict(r.as_dict()) == r


def test_the_feature_vector_in_its_fixed_order() -> None:
    f = Features({E: 0.5, C: 0.25}, {E: 0.9, F: None}, linked_events=0, linked_facts=3, states_time=True)
    v = f.vector()
    assert len(v) == len(FEATURES) == 12
    # raw e f p c, percentiles e f p c (no claim: 0.5), log1p(0), log1p(3) = ln 4, states_time, temporal
    assert v == pytest.approx([0.5, 0.0, 0.0, 0.25, 0.9, 0.5, 0.5, 0.5, 0.0, math.log(4), 1.0, 0.0])


def test_fit_separates_and_is_symmetric_where_the_data_is() -> None:
    x = [[-2.0], [-1.0], [1.0], [2.0]]
    y = ["a", "a", "b", "b"]
    r = fit(x, y, classes=("a", "b"))
    assert r.mean == [0.0] and r.scale == pytest.approx([math.sqrt(2.5)])  # population std of -2, -1, 1, 2
    assert accuracy(r, x, y) == 1.0
    # balanced and mirrored: the two classes' weights stay opposite, the biases 0, so x = 0 is a coin toss
    assert r.probabilities([0.0])["a"] == pytest.approx(0.5, abs=1e-9)
    assert r.probabilities([-1.5])["a"] == pytest.approx(r.probabilities([1.5])["b"], abs=1e-9)
    assert r.probabilities([-1.5])["a"] > 0.8
    with pytest.raises(ValueError, match=r"labels \['c'\] are not among the classes"):
        fit(x, ["a", "a", "b", "c"], classes=("a", "b"))
    const = fit([[1.0, 3.0], [2.0, 3.0]], ["a", "b"], classes=("a", "b"))
    assert const.scale == [0.5, 1.0]  # a constant feature keeps scale 1 (it stays 0 once centred)


PROBS = {"event": 0.1, "fact": 0.6, "passage": 0.2, "none": 0.1}
ALL = frozenset({E, F, P, C})


def test_route_fitted_picks_the_labelled_kind_and_decides_chunks_label_free() -> None:
    kinds, why, dropped = route_fitted(PROBS, ALL, {F: 0.9, C: 0.95}) or ((), "", [])
    assert kinds == (F, C) and dropped == []  # 0.90 >= 0.95 - 0.1: both, fused
    assert why == (
        "the fitted router (event 0.10, fact 0.60, passage 0.20, none 0.10): facts; chunks (no labels) against them "
        "by the calibrated value"
    )
    kinds, _, dropped = route_fitted(PROBS, ALL, {F: 0.5, C: 0.95}) or ((), "", [])
    assert kinds == (C,) and dropped == [(F, "calibrated 0.50 < best 0.95 - 0.1")]
    kinds, _, dropped = route_fitted(PROBS, ALL, {F: 0.9, C: 0.7}) or ((), "", [])
    assert kinds == (F,) and dropped == [(C, "calibrated 0.70 < best 0.90 - 0.1")]
    unlike = {"event": 0.1, "fact": 0.3, "passage": 0.2, "none": 0.4}
    kinds, why, dropped = route_fitted(unlike, ALL, {F: 0.9, C: 0.2}) or ((), "", [])
    assert kinds == (C,) and dropped == [(F, "p(none) 0.40 > p(fact) 0.30")]
    assert why.startswith("the fitted router finds the question most like none of its labelled kinds")
    # no chunks in the store: the model's kind, whatever p(none)
    assert (route_fitted(unlike, frozenset({E, F, P}), {}) or ((),))[0] == (F,)
    # facts absent: the most probable kind present
    assert (route_fitted(PROBS, frozenset({E, P}), {}) or ((),))[0] == (P,)
    assert route_fitted(PROBS, frozenset({C}), {}) is None  # no labelled kind: the rules decide


def test_the_plan_with_a_fitted_router_overrides_the_rules_and_says_so() -> None:
    linked = QuestionSignals('time "1998"', linked_events=0, linked_facts=40, states_time=True)  # rule 3: facts
    passage_like = {"event": 0.05, "fact": 0.15, "passage": 0.75, "none": 0.05}
    cal = {E: 0.1, F: 0.6, P: 0.8, C: 0.5}
    p = plan(linked, inventory(MIXED), "calibrated", calibrated=cal, routed=passage_like, router="router")
    assert p.kinds == (P,)
    assert p.calibrated == ((E, 0.1), (F, 0.6), (P, 0.8), (C, 0.5))  # every kind present, shown
    assert p.dropped == ((C, "calibrated 0.50 < best 0.80 - 0.1"),)
    lines = p.lines()
    assert lines[1] == (
        "auto: fitted router router (labelled training questions): event 0.05, fact 0.15, passage 0.75, none 0.05"
    )
    assert p.as_dict()["routed"] == passage_like and p.as_dict()["router"] == "router"
    # one kind in the store: rule 1, the router is not asked
    one = plan(linked, inventory(MIXED), wanted=frozenset({F}), calibrated=cal, routed=passage_like, router="r")
    assert one.kinds == (F,) and one.routed == () and one.router == ""
    assert plan(linked, inventory(MIXED)).kinds == (F,)  # without the router: rule 3, as before


class Measuring:
    """A calibrator that also measures (raw probe, calibrated values, vector), with fixed values."""

    def __init__(self, raw: dict[ItemKind, float], cal: dict[ItemKind, float | None]) -> None:
        self.raw, self.cal = raw, cal

    def values(self, text: str, kinds: tuple[ItemKind, ...], counts: dict[ItemKind, int]) -> dict:
        return {k: self.cal.get(k) for k in kinds}

    def measure(self, text: str, kinds: tuple[ItemKind, ...], counts: dict[ItemKind, int]) -> Measured:
        return Measured([1.0, 0.0], {k: self.raw[k] for k in kinds}, {k: self.cal.get(k) for k in kinds})


def test_auto_uses_a_fitted_router_and_off_ignores_it() -> None:
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)})
    a = auto(box)
    a.calibrator = Measuring({E: 0.6, P: 0.4}, {E: 0.5, P: 0.5})
    # a router that reads only pct_passage - pct_event... here: bias alone prefers passages
    bias = [0.0, 0.0, 2.0, 0.0]
    a.fitted = ("r1", Router(("event", "fact", "passage", "none"), [0.0] * 12, [1.0] * 12, [[0.0] * 12] * 4, bias))
    r = a.answer(RetrievalRequest.of("Who met whom?", 3), ByKind({E: 0.9, P: 0.4}))
    assert r.retrieval.method == "mrag+" and r.retrieval.plan is not None
    assert r.retrieval.plan["router"] == "r1"
    assert r.retrieval.plan["routed"]["passage"] == pytest.approx(math.exp(2) / (3 + math.exp(2)))
    a.router = "off"
    a.fitted = None
    old = a.plan(RetrievalRequest.of("Who met whom?", 3, understanding=box.understand("Who met whom?")))
    assert old.kinds == (E, P) and old.router == ""  # the label-free null: both within the margin


def test_find_router_picks_the_one_fitted_for_this_store(tmp_path: Path) -> None:
    here = {"uri": "bolt://h:1", "database": "neo4j", "embedder": "m"}
    other = {**here, "uri": "bolt://h:2"}
    r = Router(("a",), [0.0], [1.0], [[1.0]], [0.0], card={"store": here})
    r.save(tmp_path / "mine")
    Router(("a",), [0.0], [1.0], [[2.0]], [0.0], card={"store": other}).save(tmp_path / "theirs")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "router.json").write_text("{not json")
    found = find_router(tmp_path, here)
    assert found is not None and found[0] == "mine" and found[1].weights == [[1.0]]
    assert find_router(tmp_path, {**here, "embedder": "other"}) is None
    assert find_router(tmp_path / "absent", here) is None


def test_read_labelled_names_the_file_the_line_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text('{"question": "Who?", "kind": "fact"}\n\n{"question": "What?", "kind": "chunk"}\n')
    with pytest.raises(ConfigError, match=r"q\.jsonl:3: field 'kind' is 'chunk'; choose one of: event, fact"):
        read_labelled(path)
    path.write_text('{"question": "", "kind": "fact"}\n')
    with pytest.raises(ConfigError, match=r"q\.jsonl:1: field 'question' must be a non-empty string"):
        read_labelled(path)
    path.write_text('{"question": "Who?", "kind": "none"}\n')
    assert [(q.question, q.kind, q.line) for q in read_labelled(path)] == [("Who?", "none", 1)]


def test_split_is_stratified_and_label_free_kind() -> None:
    kinds = ["a"] * 4 + ["b"] * 8
    train_i, held = split(kinds, kinds, 0.25, seed=1)
    assert sorted(train_i + held) == list(range(12))
    assert sum(kinds[i] == "a" for i in held) == 1 and sum(kinds[i] == "b" for i in held) == 2
    assert label_free_kind([P], {}) == "passage"
    assert label_free_kind([E, C], {"event": 0.4, "chunk": 0.9}) == "chunk"
    assert label_free_kind([], {}) == ""


def test_train_reports_the_held_out_part_against_the_label_free_null() -> None:
    rows = []
    for i in range(8):
        for kind, x in (("event", -1.0), ("fact", 1.0)):
            rows.append(Row(f"{kind} {i}", kind, [x + 0.01 * i] + [0.0] * 11, [0.0], "event"))
    store = {"uri": "bolt://h:1", "database": "neo4j", "embedder": "m"}
    model, card = train(rows, 0.25, seed=3, embedding="off", store=store, data="q.jsonl")
    assert card["train"] == 12 and card["heldout"] == 4 and model.card["store"] == store
    assert card["heldout_fitted"]["event"] == {"n": 2, "right": 2, "share": 1.0}
    assert card["heldout_fitted"]["fact"] == {"n": 2, "right": 2, "share": 1.0}
    assert card["heldout_label_free"]["fact"] == {"n": 2, "right": 0, "share": 0.0}
    assert not model.embedding and card["features"] == list(FEATURES)
    with pytest.raises(ConfigError, match="unknown embedding choice 'maybe'"):
        train(rows, 0.25, seed=3, embedding="maybe", store=store, data="q.jsonl")
    json.dumps(model.as_dict())  # the saved form is plain JSON


def test_ask_explain_prints_the_values_the_plan_was_decided_on() -> None:
    from tkgrag.cli.ask_cmd import plan_values

    cal = {E: 0.1, F: 0.6, P: 0.8, C: None}
    linked = QuestionSignals('time "1998"', linked_facts=40, states_time=True)
    routed = {"event": 0.05, "fact": 0.15, "passage": 0.75, "none": 0.05}
    p = plan(linked, inventory(MIXED), calibrated=cal, routed=routed, router="router")
    assert plan_values(p.as_dict()) == [
        "fitted router router: event 0.05, fact 0.15, passage 0.75, none 0.05",
        "calibrated values: events 0.10, facts 0.60, passages 0.80, chunks -",
    ]
    label_free = plan(QuestionSignals(), inventory(MIXED), calibrated={E: 0.2, F: 0.4, P: 0.9, C: 0.85})
    assert plan_values(label_free.as_dict()) == [
        "calibrated values: events 0.20, facts 0.40, passages 0.90, chunks 0.85",
        "dropped events: calibrated 0.20 < best 0.90 - 0.1",
        "dropped facts: calibrated 0.40 < best 0.90 - 0.1",
    ]
    assert plan_values(plan(QuestionSignals(), inventory(MIXED)).as_dict()) == []
