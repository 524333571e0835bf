"""``auto``'s cross-kind calibration, on values worked out by hand: the probe value, the mid-rank percentile, the
kinds kept within the margin, calibrated fusion, the plan's lines, and the answer picked across kinds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.unit.test_auto_answer import EVENTS, PASSAGES, Box, ByKind, Canned, auto
from tests.unit.test_planner import MIXED, inventory
from tkgrag.errors import ConfigError
from tkgrag.model import Evidence, ItemKind
from tkgrag.planning import auto as auto_module
from tkgrag.planning import planner
from tkgrag.planning.auto import AutoRetriever, Calibrator
from tkgrag.planning.calibration import Measured, Null, calibrate, keep, percentile, probe_value
from tkgrag.planning.fusion import fuse, weighted_rrf
from tkgrag.planning.planner import QuestionSignals, plan
from tkgrag.retrievers.base import RetrievalRequest

E, F, P, C = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK


def test_probe_value_is_the_mean_of_the_best_few() -> None:
    assert probe_value([0.5, 0.9, 0.7], top=2) == pytest.approx(0.8)  # (0.9 + 0.7) / 2
    assert probe_value([0.6], top=5) == pytest.approx(0.6)  # fewer than top: their mean
    assert probe_value([]) is None


def test_percentile_is_the_mid_rank_ecdf() -> None:
    null = [0.1, 0.2, 0.3, 0.4]
    assert percentile(null, 0.25) == 0.5  # (2 below + 2 below-or-equal) / 8
    assert percentile(null, 0.3) == 0.625  # (2 + 3) / 8
    assert percentile(null, 0.5) == 1.0
    assert percentile(null, 0.0) == 0.0
    assert percentile([0.3, 0.3], 0.3) == 0.5  # equal to every element
    with pytest.raises(ValueError, match="empty null"):
        percentile([], 0.1)


def test_calibrate_gives_no_claim_without_a_null_or_a_value() -> None:
    null = Null.of({C: [0.9, 0.6, 0.8, 0.7], E: [0.5]})
    assert null.scores[C] == (0.6, 0.7, 0.8, 0.9)  # sorted once
    out = calibrate({C: 0.85, E: None, P: 0.7}, null)
    assert out == {C: 0.75, E: None, P: None}  # chunk: (3 + 3) / 8
    assert Null.from_dict(null.as_dict()) == null


def test_keep_the_kinds_within_the_margin_of_the_best() -> None:
    kept, dropped = keep({E: 0.17, F: 0.43, P: 0.80, C: 0.89}, margin=0.1)
    assert kept == [P, C]  # 0.80 >= 0.89 - 0.1
    assert dropped == [(E, "calibrated 0.17 < best 0.89 - 0.1"), (F, "calibrated 0.43 < best 0.89 - 0.1")]
    assert keep({E: None, P: 0.2, C: 0.9}, margin=0.1) == ([E, C], [(P, "calibrated 0.20 < best 0.90 - 0.1")])
    assert keep({E: None, P: None}) == ([E, P], [])  # no value at all: every kind stays


def ev(key: str, kind: ItemKind) -> Evidence:
    return Evidence(kind, key, key, 1.0)


def test_calibrated_fusion_weights_each_list() -> None:
    a = [ev("a1", E), ev("a2", E)]
    b = [ev("b1", C)]
    out = weighted_rrf([a, b], k=3, weights=[0.5, 1.0])
    # a1 0.5/61 = 0.008197, a2 0.5/62 = 0.008065, b1 1/61 = 0.016393
    assert [(e.key, e.score) for e in out] == [("b1", 0.016393), ("a1", 0.008197), ("a2", 0.008065)]
    assert [e.key for e in fuse("calibrated", [a, b], 3)] == ["a1", "b1", "a2"]  # no weights: plain RRF
    with pytest.raises(ValueError, match="1 weights for 2 lists"):
        weighted_rrf([a, b], k=3, weights=[1.0])


def test_the_plan_keeps_the_calibrated_kinds_and_says_why_the_others_were_dropped() -> None:
    values = {E: 0.17, F: 0.43, P: 0.80, C: 0.89}
    p = plan(QuestionSignals(), inventory(MIXED), "calibrated", calibrated=values)
    assert p.kinds == (P, C) and p.fused
    assert p.weights() == [0.80, 0.89]
    lines = p.lines()
    assert (
        "auto: calibrated (the question's probe as a percentile of each kind's null): "
        "events 0.17, facts 0.43, passages 0.80, chunks 0.89"
    ) in lines
    assert "auto: dropped events: calibrated 0.17 < best 0.89 - 0.1" in lines
    assert p.as_dict()["dropped"] == [
        {"kind": "event", "why": "calibrated 0.17 < best 0.89 - 0.1"},
        {"kind": "fact", "why": "calibrated 0.43 < best 0.89 - 0.1"},
    ]
    # a temporal question the rules send to one kind is not calibrated; nor is a plan without values
    # a stated time about no graph entity: the text kinds, decided between them by the same margin
    text = plan(QuestionSignals('time "1998"', states_time=True), inventory(MIXED), calibrated={P: 0.80, C: 0.89})
    assert text.kinds == (P, C) and text.fused
    text = plan(QuestionSignals('time "1998"', states_time=True), inventory(MIXED), calibrated={P: 0.62, C: 0.89})
    assert text.kinds == (C,) and text.dropped == ((P, "calibrated 0.62 < best 0.89 - 0.1"),)
    linked = QuestionSignals('time "1998"', linked_events=3, states_time=True)
    routed = plan(linked, inventory(MIXED), calibrated=values)
    assert routed.kinds == (E,) and routed.calibrated == ()
    assert plan(QuestionSignals(), inventory(MIXED)).kinds == (E, F, P, C)


class Fixed:
    """A calibrator with fixed values (the store one is tested on a real store)."""

    def __init__(self, values: dict[ItemKind, float | None]) -> None:
        self.values_ = values
        self.asked: list[tuple[ItemKind, ...]] = []

    def measure(self, text: str, kinds: Sequence[ItemKind], counts: dict[ItemKind, int]) -> Measured:
        self.asked.append(tuple(kinds))
        return Measured([1.0], {k: 0.5 for k in kinds}, {k: self.values_.get(k) for k in kinds})


Q = "Who is the spouse of the Green performer?"  # no temporal signal


def calibrated(box: Box, values: dict[ItemKind, float | None]) -> AutoRetriever:
    a = auto(box)
    a.calibrator = Fixed(values)
    return a


def test_a_kind_far_below_the_best_is_not_run() -> None:
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)})
    a = calibrated(box, {E: 0.2, P: 0.9}).answer(RetrievalRequest.of(Q, 3), ByKind({E: 0.9, P: 0.4}))
    assert a.best == "passage answer"  # the old rule: the more confident event reader
    r = a.retrieval
    assert r.method == "mrag+" and r.plan is not None and not r.plan["fused"]
    assert r.plan["calibrated"] == {"event": 0.2, "passage": 0.9}
    assert "auto: dropped events: calibrated 0.20 < best 0.90 - 0.1" in r.notes


def test_the_answer_comes_from_the_best_calibrated_kind_that_answered() -> None:
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)})
    a = calibrated(box, {E: 0.85, P: 0.9}).answer(RetrievalRequest.of(Q, 3), ByKind({E: 0.9, P: 0.4}))
    assert a.best == "passage answer"
    assert "auto: answer from passages (mrag+, by-kind reader): confidence 0.40, calibrated 0.90" in a.retrieval.notes
    assert "auto: also read events (timer4, by-kind reader): confidence 0.90, calibrated 0.85" in a.retrieval.notes
    off = auto(box)
    off.calibration = "off"
    old = off.answer(RetrievalRequest.of(Q, 3), ByKind({E: 0.9, P: 0.4}))
    assert old.best == "event answer"  # the rules alone: the most confident reader


def test_an_unknown_calibration_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown calibration 'isotonic'; choose one of: null, off"):
        AutoRetriever(Box({}), calibration="isotonic")  # type: ignore[arg-type]


class ValuesOnly:
    """A calibrator of the old shape: values, no measure."""

    def values(self, text: str, kinds: tuple[ItemKind, ...], counts: dict[ItemKind, int]) -> dict:
        return dict.fromkeys(kinds, 0.5)


def test_the_calibrator_protocol_is_measure() -> None:
    from tkgrag.planning.probe import StoreCalibrator

    assert isinstance(Fixed({}), Calibrator)
    assert not isinstance(ValuesOnly(), Calibrator)  # the router's features need measure: not a calibrator
    assert "measure" in dir(StoreCalibrator) and issubclass(StoreCalibrator, Calibrator)


def test_a_plan_decides_the_rules_once_and_measures_only_the_kinds_they_fuse(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[frozenset[ItemKind]] = []
    real = planner.choose_kinds

    def counted(
        signals: planner.QuestionSignals, present: frozenset[ItemKind], titles: planner.TitleRule = planner.TITLES
    ) -> tuple:
        calls.append(present)
        return real(signals, present, titles)

    monkeypatch.setattr(planner, "choose_kinds", counted)
    monkeypatch.setattr(auto_module, "choose_kinds", counted, raising=False)  # where auto called it itself
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)})
    a = calibrated(box, {E: 0.85, P: 0.9})
    fixed = a.calibrator
    assert isinstance(fixed, Fixed)
    p = a.plan(RetrievalRequest.of(Q, 3, understanding=box.understand(Q)))
    assert p.kinds == (E, P) and p.calibrated == ((E, 0.85), (P, 0.9))
    assert len(calls) == 1  # once per plan (it was twice: AutoRetriever.plan, then planner.plan)
    assert fixed.asked == [(E, P)]
    # one kind asked for (--kind): no fusion, so the calibrator is not asked
    calls.clear()
    one = a.plan(RetrievalRequest.of(Q, 3, understanding=box.understand(Q), kinds=frozenset({P})))
    assert one.kinds == (P,) and one.calibrated == () and len(calls) == 1 and fixed.asked == [(E, P)]


def test_an_unknown_null_is_a_config_error() -> None:
    from tkgrag.planning.probe import StoreCalibrator

    with pytest.raises(ConfigError, match="unknown null 'pairs'; choose one of: questions, items"):
        AutoRetriever(Box({}), null="pairs")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown null 'pairs'; choose one of: questions, items"):
        StoreCalibrator(None, None, "pairs")  # type: ignore[arg-type]


def test_the_item_null_keeps_its_cache_key_and_the_question_null_has_its_own() -> None:
    import hashlib
    import json
    from types import SimpleNamespace

    from tkgrag.planning.probe import QUESTION_RULES, cache_key

    store = SimpleNamespace(uri="bolt://localhost:1", database="neo4j")
    counts = {ItemKind.PASSAGE: 3, ItemKind.EVENT: 2}
    said = ["bolt://localhost:1", "neo4j", "m", [["event", 2], ["passage", 3]]]
    old = hashlib.sha256(json.dumps(said).encode()).hexdigest()[:20]  # the key before the question null existed
    assert cache_key(store, "m", counts, "items") == old  # type: ignore[arg-type]
    new = hashlib.sha256(json.dumps([*said, QUESTION_RULES]).encode()).hexdigest()[:20]
    assert cache_key(store, "m", counts, "questions") == new  # type: ignore[arg-type]
