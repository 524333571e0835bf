"""Regenerate tkgrag/data/icews14_sample.tsv and icews14_sample_questions.jsonl (deterministic).

The sample holds EVERY icews14 event whose subject or object is an entity named in one of the chosen dev questions,
plus those questions' evidence events, in file order. A question fixes its entities and relation, and its answer
is computed over the events around those entities (who did r to o, before/after/first/last), so all of them must
be in the sample for the answer to stay exact.

    .venv/bin/python benchmarks/make_icews14_sample.py
"""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
OUT = REPO / "tkgrag" / "data"
# Covering every (qtype, answer type) of tkgqa/icews14_dev.jsonl, entities of modest degree (file < 300 KB).
QUIDS = [
    "dev00000", "dev00363", "dev00061", "dev00074", "dev00256", "dev00397", "dev00076", "dev00034", "dev00069",
    "dev00098", "dev00232", "dev00221", "dev00196", "dev00123", "dev00145", "dev00280", "dev00347", "dev00369",
    "dev00393", "dev00411",
]  # fmt: skip


def main() -> None:
    raw = (DATA / "icews14" / "icews14_full_named.tsv").read_text(encoding="utf-8").splitlines()
    questions = {}
    for line in (DATA / "tkgqa" / "icews14_dev.jsonl").read_text(encoding="utf-8").splitlines():
        q = json.loads(line)
        questions[q["quid"]] = q
    entities: set[str] = set()
    evidence: set[str] = set()
    for quid in QUIDS:
        q = questions[quid]
        for s, r, o, d in q["evidence"]:
            evidence.add("\t".join((s, r, o, d)))
            entities.update(e for e in (s, o) if e.replace("_", " ") in q["question"])
    keep = [line for line in raw if line in evidence or {line.split("\t")[0], line.split("\t")[2]} & entities]
    (OUT / "icews14_sample.tsv").write_text("\n".join(keep) + "\n", encoding="utf-8")
    with (OUT / "icews14_sample_questions.jsonl").open("w", encoding="utf-8") as fh:
        for quid in QUIDS:
            fh.write(json.dumps(questions[quid], ensure_ascii=False) + "\n")
    print(f"{len(keep)} events around {len(entities)} entities of {len(QUIDS)} questions")


if __name__ == "__main__":
    main()
