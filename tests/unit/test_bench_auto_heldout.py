"""``benchmarks/bench_auto.py heldout`` and ``margins`` (no store): every held-out plan is counted in exactly one
plan column (a plan of chunks alone used to be counted in none, review 9 S6), and the label-free rules replay from a
row's features as worked out by hand."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_auto.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_auto_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_plan_of_chunks_alone_is_another_kind_for_a_labelled_class_and_the_right_plan_for_none(
    bench: ModuleType,
) -> None:
    assert bench.plan_verdict(["chunk"], "fact") == "other"
    assert bench.plan_verdict(["chunk"], "none") == "alone"
    assert bench.plan_verdict(["fact"], "fact") == "alone"
    assert bench.plan_verdict(["fact", "chunk"], "fact") == "fused"
    assert bench.plan_verdict(["fact", "chunk"], "none") == "fused"
    assert bench.plan_verdict(["passage"], "fact") == "other"
    assert bench.plan_verdict([], "event") == "other"


def test_a_heldout_row_counts_every_plan_once(bench: ModuleType) -> None:
    # 4 fact questions: fact alone, chunks alone (answered from chunks), fact fused, events alone
    vs = [("alone", "fact", False), ("other", "chunk", True), ("fused", "fact", False), ("other", "event", False)]
    row = bench.heldout_row("r", "fact", vs)
    assert row == "| r | fact | 4 | 2 (50%) | 1 (25%) | 1 (25%) | 2 (50%) | 1 (25%) | 1 (25%) |"
    # a "none" question planned chunks alone: its right plan, answered from its kind (chunks)
    assert bench.heldout_row("r", "none", [("alone", "chunk", True)]) == (
        "| r | none | 1 | 1 (100%) | 1 (100%) | 0 (0%) | 0 (0%) | 0 (0%) | 1 (100%) |"
    )
    with pytest.raises(AssertionError, match="do not sum to 2"):
        bench.heldout_row("r", "fact", [("alone", "fact", False), ("chunks", "chunk", True)])


def features(
    pct: tuple[float, float, float, float],
    linked: tuple[int, int] = (0, 0),
    states_time: bool = False,
    temporal: bool = False,
) -> list[float]:
    """A row's ``router.FEATURES``: raw x4 (the percentiles again), pct x4, log1p links, states_time, temporal."""
    return [*pct, *pct, math.log1p(linked[0]), math.log1p(linked[1]), float(states_time), float(temporal)]


def test_the_label_free_rules_replay_from_a_rows_features(bench: ModuleType) -> None:
    # rule 3: linked to 3 events and 1 fact -> events alone, whatever the percentiles
    assert bench.replay_label_free(features((0.1, 0.9, 0.9, 0.9), (3, 1), True, True), 0.1) == ["event"]
    # rule 2 (no temporal signal): every kind, then those within the margin of the best (0.9)
    no_signal = features((0.9, 0.85, 0.5, 0.7))
    assert bench.replay_label_free(no_signal, 0.0) == ["event"]
    assert bench.replay_label_free(no_signal, 0.1) == ["event", "fact"]
    assert bench.replay_label_free(no_signal, 0.2) == ["event", "fact", "chunk"]
    # rule 4: a stated time and no linked entity -> the text kinds, passages 0.6 against chunks 0.4
    assert bench.replay_label_free(features((0.9, 0.9, 0.6, 0.4), (0, 0), True, True), 0.1) == ["passage"]
    assert bench.replay_label_free(features((0.9, 0.9, 0.6, 0.4), (0, 0), True, True), 0.2) == ["passage", "chunk"]


def write_rows(path: Path) -> None:
    """8 rows a class, cleanly apart: each labelled class high on its own kind's percentile, "none" low on all."""
    rows = []
    own = {"event": 0, "fact": 1, "passage": 2}
    for kind in ("event", "fact", "passage", "none"):
        for i in range(8):
            pct = [0.1 + 0.01 * i] * 4
            if kind in own:
                pct[own[kind]] = 0.95 - 0.01 * i
            f = features((pct[0], pct[1], pct[2], pct[3]))
            vector = [1.0 if kind == k else 0.0 for k in ("event", "fact", "passage", "none")]
            kinds = ("event", "fact", "passage", "chunk")
            label_free = kinds[max(range(4), key=pct.__getitem__)]
            rows.append(
                {"question": f"{kind} {i}", "kind": kind, "features": f, "vector": vector, "label_free": label_free}
            )
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_heldout_puts_every_held_out_question_in_one_plan_column(bench: ModuleType, tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    write_rows(rows)
    table = bench.heldout(rows, 0.25, 7).splitlines()
    fitted = [line.split(" | ") for line in table[2:] if line.startswith("| fitted")]
    assert len(fitted) == 8  # 2 routers x 4 classes
    for cells in fitted:
        n = int(cells[2])
        plan = [int(c.split()[0]) for c in cells[4:7]]
        assert sum(plan) == n, cells
    # the "none" questions, clearly none, are sent to chunks alone: their right plan
    none = [cells for cells in fitted if cells[1] == "none"]
    assert [cells[4] for cells in none] == ["2 (100%)", "2 (100%)"]


def test_margins_replays_the_recorded_plans(bench: ModuleType, tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    write_rows(rows)
    text = bench.margins(rows, [0.1])
    assert text.splitlines()[0].startswith(
        "The label-free rules replayed from the rows' features at margin 0.1 give "
        "the kind recorded at measuring for 32 of 32 rows."
    )


def test_the_hybrid_decides_from_a_rows_features(bench: ModuleType) -> None:
    """``planner.hybrid`` on rows' features (``bench.row_signals``): rule 3's events kept, the rest the router's."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.planner import ROUTER, RULES, hybrid

    e, f, p, c = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK
    every = frozenset({e, f, p, c})
    passage_like = {"event": 0.05, "fact": 0.15, "passage": 0.75, "none": 0.05}
    signals, cal = bench.row_signals(features((0.2, 0.3, 0.95, 0.55), (12, 0), True, True))
    assert (signals.linked_events, signals.linked_facts, signals.states_time) == (12, 0, True)
    assert cal == {e: 0.2, f: 0.3, p: 0.95, c: 0.55}
    assert hybrid(signals, every, passage_like, cal)[0::3] == ((e,), RULES)
    signals, cal = bench.row_signals(features((0.1, 0.6, 0.8, 0.5), (0, 40), True, True))  # rule 3: facts
    kinds, _, dropped, who = hybrid(signals, every, passage_like, cal)
    assert (kinds, dropped, who) == ((p,), [(c, "calibrated 0.50 < best 0.80 - 0.1")], ROUTER)
    signals, cal = bench.row_signals(features((0.2, 0.3, 0.95, 0.55)))  # rule 2; passages lead chunks by 0.40
    assert hybrid(signals, every, {"event": 0.9}, cal, sure=0.3)[0::3] == ((p,), RULES)
    assert hybrid(signals, every, {"event": 0.9}, cal)[0::3] == ((c,), ROUTER)  # chunks 0.55 > events 0.2 + 0.1


def test_hybrid_table_counts_the_answers_kind_per_class(bench: ModuleType) -> None:
    from tkgrag.planning.router import CLASSES, Router
    from tkgrag.planning.router_training import Row

    # a router that always finds passages most probable: p(passage) = e^2 / (3 + e^2) = 0.71
    model = Router(CLASSES, [0.0] * 12, [1.0] * 12, [[0.0] * 12] * 4, [0.0, 0.0, 2.0, 0.0])
    rows = [
        # rule 3 events; the router: passages 0.2 with chunks 0.3 kept beside them -> answered from chunks
        Row("e", "event", features((0.9, 0.1, 0.2, 0.3), (5, 0), True, True), [], "event"),
        # rule 2: passages alone within 0.1 of 0.9; the router: passages, chunks 0.5 dropped
        Row("p", "passage", features((0.2, 0.3, 0.9, 0.5)), [], "passage"),
        # rule 3 facts; the router: passages 0.3 with chunks 0.2 -> answered from passages
        Row("f", "fact", features((0.1, 0.8, 0.3, 0.2), (0, 7), True, True), [], "fact"),
    ]
    assert bench.hybrid_table(rows, model, (1.01,))[2:] == [
        "| label-free | 1 (100%) | 1 (100%) | 1 (100%) | 0 (0%) | 3 | - |",
        "| router alone | 0 (0%) | 0 (0%) | 1 (100%) | 0 (0%) | 1 | - |",
        "| hybrid, rule 3 trusted for events, facts, sure 1.01 | 1 (100%) | 1 (100%) | 1 (100%) | 0 (0%) | 3 "
        "| event 1+0 / fact 1+0 / passage 0+0 / none 0+0 |",
        "| hybrid, rule 3 trusted for events, sure 1.01 | 1 (100%) | 0 (0%) | 1 (100%) | 0 (0%) | 2 "
        "| event 1+0 / fact 0+0 / passage 0+0 / none 0+0 |",
    ]
