"""The labelled TRAINING questions ``tkgrag train router`` fits ``auto``'s router on for the mixed store
(``26-mixed``): questions whose answers the store HOLDS where such questions exist, never an evaluation question.

- event: the icews14 paraphrase TUNE set (reader-phrasing) and the h29p phrasing TUNE set (not the held-out files):
  icews14 events, all in the store;
- fact: TimeQuestions test_dev_half questions that are in neither the 300 the mixed-store benchmark asks
  (``bench_auto.py``: ``select_questions(..., 300)``) nor the 400 of the EXAQT benchmark (``bench_exaqt.py --limit
  400``, the same round-robin selection; the 300 are among the 400): questions whose facts the KG slice (cut for
  test_dev_half) holds (how many: ``auto-2/report.md``). The first router (h26r) learned TimeQuestions dev.json
  and TIQ questions, whose facts the slice mostly lacks, and learned that fact questions probe low;
- passage: the TimeQA train pages in the store are exactly the pages of the evaluation sample, so no TimeQA
  question on a stored page is left for training. The MenatQA dev questions whose annotated paragraph is on a
  stored page come first (a handful; counts in ``auto-2/report.md``), then, as before, TimeQA train questions on
  the pages after the sample and the other MenatQA dev questions: their pages are NOT in the store (the failure
  mode above, for passages);
- none: SituatedQA train (temporal questions of no kind the store holds).

Every question whose text (case-folded) is also an evaluation question (tkgqa dev, the 400 TimeQuestions
test_dev_half questions above, the TimeQA 302-question sample, musique_100) is dropped. ``--n`` questions per kind,
drawn evenly from the kind's sources in order (the first source first when it is short), seeded. MuSiQue has no
training questions: chunks stay label-free.

Overlap risk: the fact questions ask about the same KG slice, and often the same subjects, as the evaluation
questions (the slice was cut for test_dev_half); a router using the question vector can learn subject names.

    python benchmarks/make_router_training.py --data ../shared/data --n 200 --out /tmp/router-training.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from tkgrag.eval import load_dataset
from tkgrag.evaluation.runner import select_questions

PHRASING = Path("benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set/icews14_tune.jsonl")
H29P = Path("benchmarks/results/2026-11-26/phrasing/constructions/tune-seed35.json")
TIMEQA_SAMPLE_PAGES = 84  # the evaluation sample = the first 84 pages (302 questions), the pages in the store
TIMEQUESTIONS = "timequestions/questions/test_dev_half.json"
TIMEQUESTIONS_EVALUATED = 400  # bench_exaqt.py --limit 400 (bench_auto.py's 300 are among them)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def evaluation_texts(data: Path) -> set[str]:
    texts: set[str] = set()
    for rel in ("tkgqa/icews14_dev.jsonl", "corpus_graph/musique_100/musique_train_100.json"):
        texts.update(q.question.casefold().strip() for q in load_dataset(data / rel).questions)
    tq = load_dataset(data / TIMEQUESTIONS).questions
    texts.update(q.question.casefold().strip() for q in select_questions(tq, TIMEQUESTIONS_EVALUATED))
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[:TIMEQA_SAMPLE_PAGES]
    texts.update(q[0].casefold().strip() for p in pages for q in p["questions"])
    return texts


def stored_paragraphs(data: Path) -> set[str]:
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[:TIMEQA_SAMPLE_PAGES]
    return {_norm(para if isinstance(para, str) else str(para)) for p in pages for para in p["paras"]}


def sources(data: Path) -> dict[str, list[list[str]]]:
    events = [
        [json.loads(line)["question"] for line in PHRASING.read_text().splitlines() if line.strip()],
        [q["question"] for q in json.loads(H29P.read_text())],
    ]
    facts = [[q.question for q in load_dataset(data / TIMEQUESTIONS).questions]]  # the evaluated 400 are banned
    pages = json.loads((data / "timeqa/human_annotated_train.json").read_text())[TIMEQA_SAMPLE_PAGES:]
    menat = json.loads((data / "menatqa/menatqa_dev.json").read_text())
    stored = stored_paragraphs(data)
    on_stored = [q["question"] for q in menat if _norm(q["annotated_para"]) in stored]
    passages = [
        on_stored,
        [q[0] for p in pages for q in p["questions"]],
        [q["question"] for q in menat if _norm(q["annotated_para"]) not in stored],
    ]
    lines = (data / "situatedqa/temp.train.jsonl").read_text().splitlines()
    none = [[json.loads(line)["question"] for line in lines if line.strip()]]
    return {"event": events, "fact": facts, "passage": passages, "none": none}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--n", type=int, default=200, help="questions per kind")
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
        taken = [0] * len(pools)
        while len(picked) < args.n and any(pools):
            for i, g in enumerate(pools):
                if g and len(picked) < args.n:
                    picked.append(g.pop())
                    taken[i] += 1
        rows.extend({"question": q, "kind": kind} for q in picked)
        print(f"{kind}: {len(picked)} questions, per source {taken}")
    rnd.shuffle(rows)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"{len(rows)} -> {args.out}")


if __name__ == "__main__":
    main()
