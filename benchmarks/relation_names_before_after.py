"""Dump what ICEWS relation matching and verbalisation produce, to compare two checkouts (issue 25 item 5 must not
change ICEWS behaviour). Uses only functions that exist before and after the change.

    PYTHONPATH=<checkout A> python benchmarks/relation_names_before_after.py --out a.json
    PYTHONPATH=<checkout B> python benchmarks/relation_names_before_after.py --out b.json
    python benchmarks/relation_names_before_after.py --compare a.json b.json

Dumped: ``relation_past`` and ``humanise`` of every relation name of icews14, icews05-15, MultiTQ's vocabulary and
the TimeQuestions vocabulary; the relation candidates (the grounder's scoring: phrase as said + CAMEO paraphrases,
discount 0.8, intent bonus 0.1) of every tkgqa dev question and every icews14 paraphrase-set question.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PARAPHRASES = REPO / "benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set"


def dump(data: Path) -> dict[str, object]:
    from tkgrag.embed import default_embedder
    from tkgrag.question.parse import understand
    from tkgrag.question.relation_phrases import clean_relation_phrase, is_canonical, relation_phrases, stated_intent
    from tkgrag.question.relations import RelationMatcher, humanise
    from tkgrag.verbalize import relation_past

    names = {line.split("\t")[1] for line in (data / "icews14/icews14_full_named.tsv").open()}
    names |= {line.split("\t")[1] for line in (data / "icews05-15/icews05-15_partial_named.tsv").open()}
    names |= set(json.loads((data / "icews05-15/multitq_kg_vocab/relation2id.json").read_text()))
    names |= {
        line.rstrip("\n").split("\t")[1]
        for line in (data / "timequestions/kg_vocab/wd_id2relation_text.txt").open()
        if "\t" in line
    }
    out: dict[str, object] = {"names": {n: [relation_past(n), humanise(n)] for n in sorted(names) if n}}
    icews = sorted({line.split("\t")[1] for line in (data / "icews14/icews14_full_named.tsv").open()})
    matcher = RelationMatcher(icews, default_embedder())
    rows = [json.loads(x) for x in (data / "tkgqa/icews14_dev.jsonl").read_text().splitlines() if x]
    for name in ("icews14_tune.jsonl", "icews14_heldout.jsonl"):
        rows += [json.loads(x) for x in (PARAPHRASES / name).read_text().splitlines() if x]
    cands = {}
    for row in rows:
        phrase = clean_relation_phrase(understand(row["question"]).relation_phrase)
        best = {}
        for i, p in enumerate(relation_phrases(phrase) if phrase else []):
            for m in matcher.match(p, k=8):
                w = 1.0 if i == 0 or is_canonical(p) else 0.8
                b = 0.1 if stated_intent(phrase) and humanise(m.relation).startswith("express intent") else 0.0
                m = replace(m, score=m.score * w + b)
                if m.relation not in best or m.score > best[m.relation].score:
                    best[m.relation] = m
        ranked = sorted(best.values(), key=lambda m: (-m.score, m.relation))[:8]
        cands[row["question"]] = [[m.relation, round(m.score, 6)] for m in ranked]
    out["candidates"] = cands
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path)
    a = ap.parse_args()
    if a.compare:
        x, y = (json.loads(p.read_text()) for p in a.compare)
        for part in ("names", "candidates"):
            diff = [k for k in x[part] if x[part][k] != y[part].get(k)]
            print(f"{part}: {len(x[part])} vs {len(y[part])}, {len(diff)} differ", *diff[:10], sep="\n  ")
        return
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    a.out.write_text(json.dumps(dump(a.data), indent=0) + "\n")


if __name__ == "__main__":
    main()
