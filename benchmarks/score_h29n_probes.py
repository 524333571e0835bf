"""Score h29n's probes (``make_h29n_probes.py``) with the symbolic reader on the connected store: per family, right
(the first answer is a gold one, or an abstention where ``expect`` is "abstain"), wrong, abstained.

    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/score_h29n_probes.py probes_icews14.jsonl --out scored_icews14.json
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from tkgrag.api import TKGRag, answer_question
from tkgrag.readers.symbolic import SymbolicReader


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("probes", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    probes = [json.loads(line) for line in args.probes.read_text().splitlines() if line.strip()]
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # n, right, wrong, abstained
    rows = []
    with TKGRag.connect() as rag:
        reader = SymbolicReader(rag.store, rag.embedder, sampled="abstain")
        retriever = rag.retriever("vector")
        for p in probes:
            a = answer_question(rag.understand(p["question"]), retriever, reader, 10)
            got = [x.text for x in a.answers]
            if not got:
                verdict = "right" if p["expect"] == "abstain" else "abstained"
            elif p["expect"] == "abstain":
                verdict = "wrong"  # answered where the reading is unsure
            else:
                verdict = "right" if got[0] in p["answers"] else "wrong"
            c = counts[p["family"]]
            c[0] += 1
            c[1] += verdict == "right"
            c[2] += verdict == "wrong"
            c[3] += verdict == "abstained"
            rows.append({**p, "got": got[:4], "verdict": verdict, "why": a.no_answer or ""})
    args.out.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
    for family, (n, right, wrong, abstained) in counts.items():
        print(f"{family:20} n={n:2} right={right:2} wrong={wrong} abstained={abstained}")


if __name__ == "__main__":
    main()
