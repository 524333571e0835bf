"""Relation matching and its fit rule (``FIT_MIN``), measured without a server: the figures behind the constant.

    .venv/bin/python benchmarks/relation_fit.py [--data ../shared/data] [--out benchmarks/results/<date>/relation-fit]

1. ICEWS: the relation phrase of every tkgqa dev question (440) and every icews14 question of the paraphrase set
   (benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set, 360) matched against the 230 icews14 relations the
   way the grounder does (``match_phrase``: the phrase as said and its CAMEO paraphrases). Reported: top-1 = gold
   relation (the last evidence quadruple's), the lowest score of a right top-1, and how many right top-1s fall below
   ``FIT_MIN`` (those would now get no relation).
2. A user's graph: the relation names of tkgrag/data/companies_sample.tsv against phrases a user would say for them
   (must fit, to the named relation) and phrases no relation of that graph says (must not fit).
Prints the machine load (this is no timing, but the script shares the machine).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from tkgrag.embed import default_embedder
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import clean_relation_phrase, match_phrase
from tkgrag.question.relations import FIT_MIN, RelationMatcher

REPO = Path(__file__).resolve().parent.parent
PARAPHRASES = REPO / "benchmarks/results/2026-11-25/reader-phrasing/paraphrase_set"
COMPANIES = REPO / "tkgrag/data/companies_sample.tsv"

# (phrase, relation of the companies graph it names)
SAID = [
    ("founded", "founded"),
    ("found", "founded"),
    ("set up", "founded"),
    ("established", "founded"),
    ("acquired", "acquired"),
    ("acquire", "acquired"),
    ("bought", "acquired"),
    ("buy", "acquired"),
    ("took over", "acquired"),
    ("worked", "works_for"),
    ("work", "works_for"),
    ("was employed", "works_for"),
    ("opened an office", "opened_office_in"),
    ("open an office", "opened_office_in"),
    ("invested", "investedIn"),
    ("partner", "partnered_with"),
    ("partnered", "partnered_with"),
    ("CEO", "is_CEO_of"),
    ("became CEO", "is_CEO_of"),
    ("served as CEO", "is_CEO_of"),
    ("was the CFO", "is_CFO_of"),
    ("CTO", "isCTOOf"),
]
# phrases no relation of the companies graph says
UNSAID = [
    "became",
    "sued",
    "hired",
    "fired",
    "merged with",
    "headquartered",
    "criticized",
    "visited",
    "consulted",
    "closed",
    "left",
    "joined",
    "led",
    "ran",
    "sold",
    "was born",
    "married",
    "donated",
    "bombed",
    "arrested",
]


def icews(data: Path, matcher: RelationMatcher) -> dict[str, object]:
    rows = [(json.loads(x), "tkgqa dev") for x in (data / "tkgqa/icews14_dev.jsonl").read_text().splitlines() if x]
    for name in ("icews14_tune.jsonl", "icews14_heldout.jsonl"):
        rows += [(json.loads(x), name) for x in (PARAPHRASES / name).read_text().splitlines() if x]
    out: dict[str, object] = {}
    per: dict[str, list[tuple[bool, float]]] = {}
    below: list[str] = []
    for row, src in rows:
        phrase = clean_relation_phrase(understand(row["question"]).relation_phrase)
        gold = row["evidence"][-1][1]
        fit = match_phrase(matcher, phrase) if phrase else None
        top = fit.candidates[0] if fit and fit.candidates else None
        right = top is not None and top.relation == gold
        per.setdefault(src, []).append((right, top.score if top else 0.0))
        if right and top is not None and top.score < FIT_MIN:
            below.append(f"{row['question']} ({phrase!r} -> {gold} {top.score:.3f})")
    for src, xs in per.items():
        rights = [s for ok, s in xs if ok]
        out[src] = {
            "questions": len(xs),
            "top1_right": len(rights),
            "min_right_score": round(min(rights), 3) if rights else None,
            "right_below_fit_min": sum(1 for s in rights if s < FIT_MIN),
        }
    out["right_below_fit_min"] = below
    return out


def companies(matcher: RelationMatcher) -> dict[str, object]:
    said = []
    for phrase, relation in SAID:
        f = match_phrase(matcher, phrase)
        said.append((phrase, relation, f.best.relation if f.best else None, round(f.candidates[0].score, 3)))
    unsaid = []
    for phrase in UNSAID:
        f = match_phrase(matcher, phrase)
        unsaid.append(
            (phrase, f.best.relation if f.best else None, f.candidates[0].relation, round(f.candidates[0].score, 3))
        )
    return {
        "said_right": sum(1 for _, r, got, _ in said if got == r),
        "said": len(said),
        "unsaid_fitted": sum(1 for _, got, _, _ in unsaid if got is not None),
        "unsaid": len(unsaid),
        "said_rows": said,
        "unsaid_rows": unsaid,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    ap.add_argument("--out", type=Path, default=REPO / "benchmarks/results/2026-11-25/relation-fit")
    args = ap.parse_args()
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    emb = default_embedder()
    icews_rel = sorted({line.split("\t")[1] for line in (args.data / "icews14/icews14_full_named.tsv").open()})
    own = [line.split("\t")[1] for line in COMPANIES.read_text().splitlines()[2:] if line and not line.startswith("#")]
    result = {
        "fit_min": FIT_MIN,
        "icews14": icews(args.data, RelationMatcher(icews_rel, emb)),
        "companies": companies(RelationMatcher(sorted(set(own)), emb)),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "relation_fit.json").write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")


if __name__ == "__main__":
    main()
