"""``benchmarks/bench_auto.py nulls`` without a store: a measured row's percentiles recomputed from its raw probe
values in another null, and the label-free rules replayed with them, worked out by hand."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tkgrag.model import ItemKind
from tkgrag.planning.calibration import Null

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_auto.py"
E, F, P, C = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_auto_nulls_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def row_features(raw: tuple[float, float, float, float], states_time: bool, temporal: bool) -> list[float]:
    """``router.FEATURES``: raw x4, stored percentiles x4 (0.5: recomputed anyway), no links, the two flags."""
    return [*raw, 0.5, 0.5, 0.5, 0.5, 0.0, 0.0, float(states_time), float(temporal)]


def test_a_rows_percentiles_are_recomputed_from_its_raw_probe(bench: ModuleType) -> None:
    null = Null.of({E: [0.5, 0.6, 0.7, 0.8], F: [0.2], C: [0.6, 0.7]})  # no passage sample
    got = bench.recalibrated(row_features((0.65, 0.1, 0.9, 0.7), True, False), null)
    # event: 0.65 has 2 of 4 below -> (2 + 2) / 8; fact: below all; passage: no sample -> 0.5; chunk: (1 + 2) / 4
    assert got == [0.65, 0.1, 0.9, 0.7, 0.5, 0.0, 0.5, 0.75, 0.0, 0.0, 1.0, 0.0]


def test_two_nulls_send_the_same_rows_to_different_kinds(bench: ModuleType, tmp_path: Path) -> None:
    rows = [
        # a stated time, no linked entity: rule 4, passages against chunks
        {"question": "p", "kind": "passage", "features": row_features((0.3, 0.3, 0.65, 0.65), True, True)},
        # no temporal signal: rule 2, every kind
        {"question": "n", "kind": "none", "features": row_features((0.3, 0.3, 0.65, 0.65), False, False)},
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps({**r, "vector": [], "label_free": ""}) + "\n" for r in rows))
    low, high = [0.5, 0.6], [0.7, 0.8]
    nulls = {"a": Null.of({E: low, F: low, P: low, C: high}), "b": Null.of({E: low, F: low, P: high, C: low})}
    lines = bench.compare_nulls(path, nulls, [0.1]).splitlines()
    # null a: passages 1.0, chunks 0.0 (events and facts 0.0): both rows answered from passages alone
    assert "| a | 0.1 (now) | 0 (0%) / 0 | 0 (0%) / 0 | 1 (100%) / 0 | 0 (0%) / 0 | 1 of 2 |" in lines
    # null b: chunks 1.0, passages 0.0: both rows answered from chunks alone
    assert "| b | 0.1 (now) | 0 (0%) / 0 | 0 (0%) / 0 | 0 (0%) / 0 | 1 (100%) / 0 | 1 of 2 |" in lines
    assert "| a | passage | 0.00 | 0.00 | 1.00 | 0.00 |" in lines
    assert "| b | none | 0.00 | 0.00 | 0.00 | 1.00 |" in lines
    assert not any(line.startswith("| a | event |") for line in lines)  # no event rows: no median line
