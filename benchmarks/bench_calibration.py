"""``auto``'s cross-kind calibration checked on TRAINING questions only (never the evaluation sets): for each
source, whose kind is the truth, the raw probe (the kind with the highest mean top-5 cosine) against the calibrated
one (the kind with the highest percentile in the store's null), and the kinds the planner keeps within the margin.

    python benchmarks/bench_calibration.py --data ../shared/data --n 120 --out benchmarks/results/2026-11-26/auto

Sources: icews14 paraphrase TUNE questions (events), TimeQuestions dev.json (facts; the store holds the KG slice
made for test_dev_half, so some dev questions' facts are absent), TimeQA train questions on pages AFTER the
evaluation sample's (passages; their pages are mostly NOT in the store, so "passage" is the question's kind, not a
promise the store holds its answer), SituatedQA train (temporal questions of no kind in the store: where they go).
MuSiQue has no training questions: the chunk kind is calibrated label-free like every other and is checked only on
the evaluation run. Prints the machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag
from tkgrag.model import ItemKind
from tkgrag.planning.calibration import MARGIN, calibrate, keep
from tkgrag.planning.probe import NULLS, probe

TUNE = Path("benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set/icews14_tune.jsonl")
TIMEQA_SAMPLE_PAGES = 84  # the evaluation sample = the first 84 pages (302 questions): never used here


def sources(data: Path, n: int, seed: int) -> dict[str, list[str]]:
    rnd = random.Random(seed)
    events = [json.loads(line)["question"] for line in TUNE.read_text().splitlines() if line.strip()]
    facts = [q["Question"] for q in json.loads((data / "timequestions/questions/dev.json").read_text())]
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[TIMEQA_SAMPLE_PAGES:]
    passages = [q[0] for p in pages for q in p["questions"]]
    lines = (data / "situatedqa/temp.train.jsonl").read_text().splitlines()
    none = [json.loads(line)["question"] for line in lines if line.strip()]
    out = {}
    for truth, qs in (("event", events), ("fact", facts), ("passage", passages), ("none", none)):
        qs = list(dict.fromkeys(qs))
        rnd.shuffle(qs)
        out[truth] = qs[:n]
    return out


def best_kind(values: dict[str, float | None]) -> str:
    return max(values, key=lambda k: values[k] or -1.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--n", type=int, default=120)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/2026-11-26/auto"))
    args = ap.parse_args()
    before = os.getloadavg()
    rows: list[dict[str, Any]] = []
    with TKGRag.connect() as rag:
        c = rag.status().counts
        kinds = tuple(k for k in ItemKind if c.of(k) > 0)
        counts = {k: c.of(k) for k in kinds}
        t0 = time.perf_counter()
        null = NULLS.get(rag.store, rag.embedder, counts)
        null_s = time.perf_counter() - t0
        if null is None:
            raise SystemExit("the store holds fewer than two kinds: nothing to calibrate")
        for truth, qs in sources(args.data, args.n, args.seed).items():
            vectors = rag.embedder.encode(qs)
            for q, v in zip(qs, vectors, strict=True):
                raw = probe(rag.store, v, frozenset(kinds))
                cal = calibrate(raw, null)
                kept, _ = keep(cal, MARGIN)
                rows.append(
                    {
                        "truth": truth,
                        "question": q,
                        "raw": {k.value: round(x, 4) for k, x in raw.items()},
                        "calibrated": {k.value: None if x is None else round(x, 4) for k, x in cal.items()},
                        "kept": [k.value for k in kept],
                    }
                )
    after = os.getloadavg()
    lines = [
        "| source (truth) | n | raw probe's best kind = truth | calibrated best = truth | truth kept (margin "
        f"{MARGIN:g}) | kept alone | kinds kept (mean) | calibrated best kinds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for truth in ("event", "fact", "passage", "none"):
        rs = [r for r in rows if r["truth"] == truth]
        if not rs:
            continue
        raw_best = sum(max(r["raw"], key=r["raw"].get) == truth for r in rs)
        cal_best = Counter(best_kind(r["calibrated"]) for r in rs)
        n_kept = sum(truth in r["kept"] for r in rs)
        alone = sum(r["kept"] == [truth] for r in rs)
        mean = sum(len(r["kept"]) for r in rs) / len(rs)
        n = len(rs)
        lines.append(
            f"| {truth} | {n} | {raw_best} ({raw_best / n:.0%}) | {cal_best[truth]} ({cal_best[truth] / n:.0%}) | "
            f"{n_kept} ({n_kept / n:.0%}) | {alone} ({alone / n:.0%}) | {mean:.2f} | {dict(cal_best.most_common())} |"
        )
    table = "\n".join(lines)
    held = ", ".join(f"{k.value}s {counts[k]:,}" for k in kinds)
    text = (
        "# Calibration on training questions (never the evaluation sets)\n\n"
        f"Store: {os.environ.get('TKGRAG_INSTANCE', 'default')} ({held}). "
        f"Null: {sum(len(v) for v in null.scores.values())} probe values, {null_s:.1f} s to build or load. "
        f"Load before/after: {' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in after)}.\n\n"
        f"Command: `python benchmarks/bench_calibration.py {' '.join(sys.argv[1:])}`\n\n{table}\n"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "calibration-training.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
