"""The companies sample (a graph of one's own, non-CAMEO relation names) asked end to end with the symbolic reader.

    TKGRAG_INSTANCE=... .venv/bin/python benchmarks/bench_own_relations.py [--ingest] [--out DIR]

``--ingest`` loads tkgrag/data/companies_sample.tsv into the instance the environment names first (idempotent; use
your own instance). Per question (tkgrag/data/companies_sample_questions.jsonl): the answer at rank 1 (hit@1), the
relation the grounder chose and whether it fits (``FIT_MIN``), and the relation ``match_phrase`` fits once the role
words a mention swallowed are given back (``role_phrase``; what ``understand`` should match). Plus questions whose
relation the graph lacks: a fitting relation there is a wrong guess. Prints the machine load.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from tkgrag.config import load_settings
from tkgrag.embed import default_embedder
from tkgrag.eval import GoldAnswer, is_correct
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.question import understand
from tkgrag.question.graph_linker import GraphLinker
from tkgrag.question.relation_phrases import clean_relation_phrase, match_phrase, role_phrase
from tkgrag.question.relations import fits
from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import connect

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tkgrag" / "data"
ABSENT = [  # relations the companies graph does not hold
    "Who sued Acme Robotics?",
    "Who donated to Evergreen Foods?",
    "Which company did Borealis Energy merge with?",
    "Who hired Isabel Duarte?",
    "Where is Cobalt Labs headquartered?",
    "Who criticized Acme Robotics in 2022?",
    "When did Greta Novak visit Oslo?",
    "Who fired Erik Lindqvist?",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ingest", action="store_true")
    ap.add_argument("--out", type=Path, default=REPO / "benchmarks/results/2026-11-25/own-relations")
    args = ap.parse_args()
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    store, emb = connect(load_settings()), default_embedder()
    if args.ingest:
        ingest_tkg_file(store, DATA / "companies_sample.tsv", source="companies", options=IngestOptions(embedder=emb))
    reader, vector, linker = SymbolicReader(store, emb), VectorRetriever(store, emb), GraphLinker(store, emb)
    matcher = linker.relation_matcher()

    def hooked(question: str) -> str | None:
        tq = understand(question)
        links = linker.link_entities(tq.mentions, k=1)
        pairs = [(m.text, lk[0].name if lk else "") for m, lk in zip(tq.mentions, links, strict=True)]
        phrase = role_phrase(clean_relation_phrase(tq.relation_phrase), pairs, matcher.vocabulary)
        fit = match_phrase(matcher, phrase) if phrase else None
        return fit.best.relation if fit is not None and fit.best is not None else None

    rows = [json.loads(x) for x in (DATA / "companies_sample_questions.jsonl").read_text().splitlines() if x]
    table = []
    for row in rows:
        a = reader.answer(row["question"], vector, k=10)
        g = a.grounding
        chosen = next((c for c in g.relation_candidates if c.relation == g.relation), None)
        table.append(
            {
                "quid": row["quid"],
                "qtype": row["qtype"],
                "question": row["question"],
                "gold": row["answers"],
                "answer": a.answers[0].text if a.answers else None,
                "hit@1": bool(a.answers) and is_correct(a.answers[0].text, [GoldAnswer(x) for x in row["answers"]]),
                "gold_relation": row["evidence"][-1][1],
                "grounder_relation": g.relation,
                "grounder_fits": chosen is not None and fits(chosen),
                "fitted_with_roles": hooked(row["question"]),
            }
        )
    absent = [{"question": q, "fitted_with_roles": hooked(q)} for q in ABSENT]
    summary = {
        "questions": len(table),
        "hit@1": sum(r["hit@1"] for r in table),
        "hit@1_non_role": f"{sum(r['hit@1'] for r in table if r['qtype'] != 'role')}/"
        f"{sum(1 for r in table if r['qtype'] != 'role')}",
        "grounder_relation_right_and_fits": sum(
            r["grounder_relation"] == r["gold_relation"] and r["grounder_fits"] for r in table
        ),
        "fitted_with_roles_right": sum(r["fitted_with_roles"] == r["gold_relation"] for r in table),
        "absent_relation_questions": len(absent),
        "absent_fitted": sum(r["fitted_with_roles"] is not None for r in absent),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "own_relations.json").write_text(
        json.dumps({"summary": summary, "questions": table, "absent": absent}, indent=1) + "\n"
    )
    for r in table:
        mark = "ok " if r["hit@1"] else "BAD"
        print(
            f"{mark} {r['quid']} {r['question']} -> {r['answer']} | grounder {r['grounder_relation']}"
            f" | with roles {r['fitted_with_roles']}"
        )
    for r in absent:
        print(f"absent: {r['question']} -> {r['fitted_with_roles']}")
    print(json.dumps(summary, indent=1))
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")


if __name__ == "__main__":
    main()
