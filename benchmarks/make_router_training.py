"""The labelled TRAINING questions ``tkgrag train router`` fits ``auto``'s router on (never an evaluation set):

- event: the icews14 paraphrase TUNE set (reader-phrasing) and the h29p phrasing TUNE set (not the held-out files);
- fact: TimeQuestions dev.json and TIQ dev.json;
- passage: TimeQA train questions on pages AFTER the 302-question evaluation sample's, and MenatQA dev;
- none: SituatedQA train (temporal questions of no kind the store holds).

Every question whose text (case-folded) is also in an evaluation set (tkgqa dev, TimeQuestions test_dev_half, the
TimeQA 302-question sample, musique_100) is dropped. ``--n`` questions per kind, drawn evenly from the kind's sources,
seeded. MuSiQue has no training questions: chunks stay label-free.

    python benchmarks/make_router_training.py --data ../shared/data --n 150 --out /tmp/router-training.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from tkgrag.eval import load_dataset

PHRASING = Path("benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set/icews14_tune.jsonl")
H29P = Path("benchmarks/results/2026-11-26/phrasing/constructions/tune-seed35.json")
TIMEQA_SAMPLE_PAGES = 84  # the evaluation sample = the first 84 pages (302 questions)


def evaluation_texts(data: Path) -> set[str]:
    texts: set[str] = set()
    for rel in (
        "tkgqa/icews14_dev.jsonl",
        "timequestions/questions/test_dev_half.json",
        "corpus_graph/musique_100/musique_train_100.json",
    ):
        texts.update(q.question.casefold().strip() for q in load_dataset(data / rel).questions)
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[:TIMEQA_SAMPLE_PAGES]
    texts.update(q[0].casefold().strip() for p in pages for q in p["questions"])
    return texts


def sources(data: Path) -> dict[str, list[list[str]]]:
    events = [
        [json.loads(line)["question"] for line in PHRASING.read_text().splitlines() if line.strip()],
        [q["question"] for q in json.loads(H29P.read_text())],
    ]
    facts = [
        [q["Question"] for q in json.loads((data / "timequestions/questions/dev.json").read_text())],
        [q["Question"] for q in json.loads((data / "tiq/dev.json").read_text())],
    ]
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[TIMEQA_SAMPLE_PAGES:]
    passages = [
        [q[0] for p in pages for q in p["questions"]],
        [q["question"] for q in json.loads((data / "menatqa/menatqa_dev.json").read_text())],
    ]
    lines = (data / "situatedqa/temp.train.jsonl").read_text().splitlines()
    none = [[json.loads(line)["question"] for line in lines if line.strip()]]
    return {"event": events, "fact": facts, "passage": passages, "none": none}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--n", type=int, default=150, help="questions per kind")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    banned = evaluation_texts(args.data)
    rows: list[dict[str, str]] = []
    for kind, groups in sources(args.data).items():
        pools = []
        for g in groups:
            g = [q for q in dict.fromkeys(q.strip() for q in g) if q and q.casefold() not in banned]
            rnd.shuffle(g)
            pools.append(g)
        picked: list[str] = []
        while len(picked) < args.n and any(pools):
            for g in pools:
                if g and len(picked) < args.n:
                    picked.append(g.pop())
        rows.extend({"question": q, "kind": kind} for q in picked)
        print(f"{kind}: {len(picked)} questions from {len(groups)} source(s)")
    rnd.shuffle(rows)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"{len(rows)} -> {args.out}")


if __name__ == "__main__":
    main()
