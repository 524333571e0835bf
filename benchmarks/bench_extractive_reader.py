"""Answer accuracy of the extractive reader over ``mrag+`` evidence, next to the trivial baseline (issue 25 item 3).

    # 1. samples (first TimeQA train pages up to --timeqa questions, first --menatqa MenatQA dev items) and the
    #    rest of both files as tune sets (where the reader's weights were chosen)
    .venv/bin/python benchmarks/bench_extractive_reader.py samples --out runs/extractive
    # the readers given the gold passages (no server): tune sets and samples
    .venv/bin/python benchmarks/bench_extractive_reader.py gold runs/extractive
    # 2. load them with sentences into YOUR OWN instance, under the shared CPU lock
    flock /tmp/tkgrag-cpu.lock tkgrag ingest passages runs/extractive/timeqa_sample.json --format timeqa
    flock /tmp/tkgrag-cpu.lock tkgrag ingest passages runs/extractive/menatqa_sample.json --format menatqa
    flock /tmp/tkgrag-cpu.lock tkgrag ingest sentences
    # 3. measure
    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_extractive_reader.py eval runs/extractive \\
        --out benchmarks/results/<date>/extractive-reader

Per question: ``mrag+`` retrieves the top 10 passages of the pool (both samples ingested together); the question's
expected answer type comes from the parser (``understand``); the readers answer from those passages:
- ``extractive``: ``extract_answers`` (best sentences, nearness to the question, the type's noun);
- ``extractive, no best sentence``: the same with every sentence of a passage weighing the same (what MRAG's sentence
  score adds);
- ``baseline``: ``first_span``, the first span of the expected type in the top passage that the question does not name;
- ``baseline, raw``: the first span of the type in the top passage, named or not.
Metrics (SQuAD): exact match and token F1 of the top answer against the best gold answer; questions without a gold
answer (TimeQA's empty spans, MenatQA's "unanswerable") are left out and counted. ``gold`` gives each reader the
question's gold passages instead of retrieved ones (the reader alone; no server needed). AR@1 (a gold answer written
in the top passage) bounds what any reader of the top passage alone can get. Prints the machine load before and
after.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.embed import default_embedder
from tkgrag.eval import load_dataset
from tkgrag.eval.matching import exact_match, text_contains_answer, token_f1
from tkgrag.eval.types import UNANSWERABLE
from tkgrag.model import AnswerCandidate, Evidence, ItemKind
from tkgrag.question import understand
from tkgrag.readers.extractive import ExtractConfig, entity_spans, extract_answers, first_span, spans_of
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import connect

REPO = Path(__file__).resolve().parent.parent
READERS = ("extractive", "extractive, no best sentence", "baseline", "baseline, raw")


def samples(data: Path, out: Path, timeqa: int, menatqa: int) -> None:
    pages = json.loads((data / "timeqa" / "human_annotated_train.json").read_text())
    kept, n = [], 0
    for page in pages:
        kept.append(page)
        n += len(page["questions"])
        if n >= timeqa:
            break
    out.mkdir(parents=True, exist_ok=True)
    (out / "timeqa_sample.json").write_text(json.dumps(kept))
    (out / "timeqa_tune.json").write_text(json.dumps(pages[len(kept) :]))
    items = json.loads((data / "menatqa" / "menatqa_dev.json").read_text())
    (out / "menatqa_sample.json").write_text(json.dumps(items[:menatqa]))
    (out / "menatqa_tune.json").write_text(json.dumps(items[menatqa:]))
    print(f"timeqa: {len(kept)} pages, {n} questions; menatqa: {menatqa} items (original + updated questions)")


def _raw_first(items: list[Evidence], kind: Any) -> AnswerCandidate | None:
    if not items:
        return None
    spans = spans_of(items[0].text, kind) if kind.value != "entity" else entity_spans(items[0].text)
    return AnswerCandidate(spans[0].text, 1.0) if spans else None


def evaluate(dataset: Path, retriever: Any, k: int) -> dict[str, Any]:
    """The readers over ``retriever``'s top ``k``, or over the gold passages when ``retriever`` is None."""
    ds = load_dataset(dataset)
    passages = {p.key: p for p in ds.passages}
    flat = ExtractConfig(use_best_sentence=False)
    sums = {r: [0.0, 0.0] for r in READERS}
    n = skipped = ar1 = 0
    kinds: dict[str, int] = {}
    started = time.perf_counter()
    for q in ds.questions:
        golds = [g.text for g in q.answers if g.text.strip() and g.text != UNANSWERABLE]
        if not golds or (retriever is None and not q.gold_passages):
            skipped += 1
            continue
        tq = understand(q.question)
        kind = tq.answer_type.kind
        kinds[kind.value] = kinds.get(kind.value, 0) + 1
        if retriever is None:
            items = [Evidence(ItemKind.PASSAGE, key, passages[key].text, 1.0) for key in q.gold_passages]
        else:
            items = retriever.retrieve(RetrievalRequest.of(q.question, k, question=tq)).evidence
        preds = {
            "extractive": next(iter(extract_answers(q.question, items, kind, limit=1)), None),
            "extractive, no best sentence": next(
                iter(extract_answers(q.question, items, kind, config=flat, limit=1)), None
            ),
            "baseline": first_span(q.question, items, kind),
            "baseline, raw": _raw_first(items, kind),
        }
        for name, pred in preds.items():
            text = pred.text if pred is not None else ""
            sums[name][0] += max(float(exact_match(text, g)) for g in golds)
            sums[name][1] += max(token_f1(text, g) for g in golds)
        ar1 += bool(items) and any(text_contains_answer(items[0].text, g) for g in q.answers)
        n += 1
    return {
        "questions": n,
        "without_gold_answer": skipped,
        "answer_kinds": kinds,
        "AR@1": round(ar1 / max(n, 1), 3),
        "readers": {r: {"EM": round(s[0] / max(n, 1), 3), "F1": round(s[1] / max(n, 1), 3)} for r, s in sums.items()},
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("samples")
    s.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    s.add_argument("--out", type=Path, default=REPO / "runs" / "extractive")
    s.add_argument("--timeqa", type=int, default=300)
    s.add_argument("--menatqa", type=int, default=150)
    g = sub.add_parser("gold")
    g.add_argument("samples", type=Path)
    g.add_argument("--out", type=Path, default=REPO / "benchmarks/results/2026-11-25/extractive-reader")
    e = sub.add_parser("eval")
    e.add_argument("samples", type=Path)
    e.add_argument("--method", default="mrag+")
    e.add_argument("--k", type=int, default=10)
    e.add_argument("--out", type=Path, default=REPO / "benchmarks/results/2026-11-25/extractive-reader")
    a = ap.parse_args()
    if a.cmd == "samples":
        samples(a.data, a.out, a.timeqa, a.menatqa)
        return
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    if a.cmd == "gold":
        gold: dict[str, Any] = {"passages": "gold", "load_before": os.getloadavg()}
        for name in ("timeqa_tune.json", "menatqa_tune.json", "timeqa_sample.json", "menatqa_sample.json"):
            gold[name] = evaluate(a.samples / name, None, 0)
            print(name, json.dumps(gold[name], indent=1))
        gold["load_after"] = os.getloadavg()
        a.out.mkdir(parents=True, exist_ok=True)
        (a.out / "extractive_reader_gold_passages.json").write_text(json.dumps(gold, indent=1) + "\n")
        return
    store, embedder = connect(load_settings()), default_embedder()
    retriever = create(a.method, RetrieverContext(store, embedder))
    result: dict[str, Any] = {"method": a.method, "k": a.k, "load_before": os.getloadavg()}
    for name in ("timeqa_sample.json", "menatqa_sample.json"):
        result[name] = evaluate(a.samples / name, retriever, a.k)
        print(name, json.dumps(result[name], indent=1))
    result["load_after"] = os.getloadavg()
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "extractive_reader.json").write_text(json.dumps(result, indent=1) + "\n")
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")


if __name__ == "__main__":
    main()
