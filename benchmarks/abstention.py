"""Abstention check (issue 25, item 4): does ``ask`` say "no answer" when the graph cannot answer, and still answer
when it can?

    .venv/bin/python benchmarks/abstention.py [--questions tkgrag/data/icews14_sample_questions.jsonl]
        [--method vector] [--reader auto] [--out benchmarks/results/<date>/abstention] [--label after]

The abstention set is made from tkgqa-style questions (default: the bundled ICEWS14 sample's 20, answerable on the
sample graph) and written next to the report (``abstention_set.jsonl``), deterministic:

- ``entity``: the question with one entity it names (the object of its first evidence event when the question names
  it, else the subject) replaced by an invented name (``ABSENT_NAMES``): "Who accused Freedonia in April 2014?";
- ``relation``: "Who <verb> <object> in <year>?" with a verb whose relation no ICEWS (CAMEO) graph has
  (``ABSENT_VERBS``: married, hired, tweeted about, ...);
- ``paraphrase``: questions phrased unlike the templates, about the same entities, whose relation is absent
  ("Whom did X marry?", "Which company employed X in 2014?", "Who was X's doctoral advisor?").
- ``negation``: "Who did not <relation> <object> in <year>?" with the source event's own relation: the graph records
  acts that happened, so a reader that drops the "not" answers who did it (a wrong answer).

The control set is the source questions themselves (gold answers known). Reported: on the abstention set, the share
answered (the issue's bar: at most 5%); on the control set, the answer rate (coverage), Hit@1, and the precision of
the answers given; the mean confidence of right and wrong answers. The machine load is printed before and after.

Run it twice in one session to compare code versions on the same graph: once with ``PYTHONPATH`` at a checkout of
``main`` (``--label before``), once at this branch (``--label after``); each writes ``<label>.json``, and the second
writes ``report.md`` with both when both files are there. Readers without an abstention (``main``) count an empty
answer list as "no answer".
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

ABSENT_NAMES = ("Freedonia", "Ruritania", "Zubrowka", "Genovia", "Latveria", "Sokovia", "Elbonia", "Krakozhia")
ABSENT_VERBS = (
    "married",
    "hired",
    "tweeted about",
    "painted a portrait of",
    "adopted",
    "baked a cake for",
    "sold a house to",
    "played chess against",
    "divorced",
    "composed a song for",
)
PARAPHRASES = (
    "Whom did {s} marry in {y}?",
    "Which company employed {o} in {y}?",
    "Who was {o}'s doctoral advisor?",
    "When did {s} first tweet about {o}?",
    "Who gave birth to {o}?",
    "Which team did {o} play football for in {y}?",
    "Who bought shares of {o} in {y}?",
    "When did {s} get engaged to {o}?",
    "Who was {o}'s landlord in {y}?",
    "Which university awarded {o} a doctorate?",
)


def name(key: str) -> str:
    return key.replace("_", " ")


def make_set(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, row in enumerate(rows):
        s, _, o, day = row["evidence"][0]
        q = row["question"]
        target = name(o) if name(o) in q else name(s)
        if target in q:
            out.append(
                {
                    "qid": f"entity-{i:02d}",
                    "kind": "entity",
                    "question": q.replace(target, ABSENT_NAMES[i % len(ABSENT_NAMES)]),
                    "from": row["quid"],
                }
            )
        verb = ABSENT_VERBS[i % len(ABSENT_VERBS)]
        out.append(
            {
                "qid": f"relation-{i:02d}",
                "kind": "relation",
                "question": f"Who {verb} {name(o)} in {day[:4]}?",
                "from": row["quid"],
            }
        )
        out.append(
            {
                "qid": f"negation-{i:02d}",
                "kind": "negation",
                "question": f"Who did not {name(row['evidence'][0][1]).lower()} {name(o)} in {day[:4]}?",
                "from": row["quid"],
            }
        )
        frame = PARAPHRASES[i % len(PARAPHRASES)]
        out.append(
            {
                "qid": f"paraphrase-{i:02d}",
                "kind": "paraphrase",
                "question": frame.format(s=name(s), o=name(o), y=day[:4]),
                "from": row["quid"],
            }
        )
    return out


def same(a: str, gold: list[str]) -> bool:
    norm = " ".join(a.replace("_", " ").split()).casefold()
    return any(norm == " ".join(g.replace("_", " ").split()).casefold() for g in gold)


def run(rag: Any, questions: list[dict[str, Any]], method: str, reader: str) -> list[dict[str, Any]]:
    out = []
    for q in questions:
        t0 = time.perf_counter()
        a = rag.ask(q["question"], method=method, reader=reader, k=10)
        ms = (time.perf_counter() - t0) * 1000.0
        answers = [c.text for c in a.answers]
        out.append(
            {
                **q,
                "answered": bool(answers),
                "answer": answers[0] if answers else None,
                "correct": bool(answers) and same(answers[0], q["answers"]) if "answers" in q else None,
                "confidence": getattr(a, "confidence", None),
                "abstained": getattr(a, "abstained", None) or getattr(a, "no_answer", None),
                "ms": round(ms, 1),
            }
        )
    return out


def summary(results: list[dict[str, Any]], control: list[dict[str, Any]]) -> dict[str, Any]:
    by_kind: dict[str, dict[str, int]] = {}
    for r in results:
        k = by_kind.setdefault(r["kind"], {"n": 0, "answered": 0})
        k["n"] += 1
        k["answered"] += int(r["answered"])
    answered = [r for r in control if r["answered"]]
    right = [r for r in answered if r["correct"]]
    wrong = [r for r in answered if not r["correct"]]

    def mean_conf(rs: list[dict[str, Any]]) -> float | None:
        cs = [r["confidence"] for r in rs if r["confidence"] is not None]
        return round(sum(cs) / len(cs), 3) if cs else None

    abst_answered = [r for r in results if r["answered"]]
    return {
        "abstention_set": {
            "n": len(results),
            "answered": len(abst_answered),
            "answer_rate": round(len(abst_answered) / len(results), 4) if results else None,
            "by_kind": by_kind,
            "mean_confidence_of_answers": mean_conf(abst_answered),
        },
        "control": {
            "n": len(control),
            "answered": len(answered),
            "coverage": round(len(answered) / len(control), 4) if control else None,
            "hit@1": round(len(right) / len(control), 4) if control else None,
            "precision": round(len(right) / len(answered), 4) if answered else None,
            "mean_confidence_right": mean_conf(right),
            "mean_confidence_wrong": mean_conf(wrong),
        },
    }


def report(out: Path) -> str:
    # every run in the folder (``<label>.json``), "before" and "after" first, then other labels by name
    labelled = sorted(out.glob("*.json"), key=lambda p: ({"before": 0, "after": 1}.get(p.stem, 2), p.stem))
    runs = {p.stem: doc for p in labelled if "summary" in (doc := json.loads(p.read_text()))}
    lines = ['# Abstention: answer when the graph can, say "no answer" when it cannot', ""]
    for label, doc in runs.items():
        lines.append(f"- {label}: {doc['meta']['command']} (load {doc['meta']['load_before']} -> "
                     f"{doc['meta']['load_after']}, {doc['meta']['seconds']:.0f} s)")  # fmt: skip
    lines += ["", "| figure | " + " | ".join(runs) + " |", "|---|" + "---|" * len(runs)]
    rows = [
        ("abstention set: questions", lambda d: d["summary"]["abstention_set"]["n"]),
        ("abstention set: answered (bar: <= 5%)", lambda d: d["summary"]["abstention_set"]["answer_rate"]),
        *[
            (
                f"  {k}: answered / n",
                lambda d, k=k: "{answered} / {n}".format(
                    **d["summary"]["abstention_set"]["by_kind"].get(k, {"answered": 0, "n": 0})
                ),
            )
            for k in ("entity", "relation", "paraphrase", "negation")
        ],
        ("control: questions", lambda d: d["summary"]["control"]["n"]),
        ("control: coverage (answer rate)", lambda d: d["summary"]["control"]["coverage"]),
        ("control: hit@1", lambda d: d["summary"]["control"]["hit@1"]),
        ("control: precision of answers", lambda d: d["summary"]["control"]["precision"]),
        ("control: mean confidence, right answers", lambda d: d["summary"]["control"]["mean_confidence_right"]),
    ]
    for title, get in rows:
        lines.append(f"| {title} | " + " | ".join(str(get(d)) for d in runs.values()) + " |")
    last = list(runs.values())[-1]
    lines += ["", "Answers given on the abstention set (last run):", ""]
    lines += [
        f"- {r['qid']}: {r['question']} -> {r['answer']}"
        for r in last["results"]
        if r["answered"] and r["kind"] != "control"
    ] or ["- none"]
    lines += ["", "Reasons given (last run, first of each kind):", ""]
    seen: set[str] = set()
    for r in last["results"]:
        if r["kind"] not in seen and r["abstained"]:
            seen.add(r["kind"])
            lines.append(f"- {r['question']} -> no answer: {r['abstained']}")
    return "\n".join(lines) + "\n"


def main() -> None:
    from tkgrag.api import TKGRag

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=Path, default=Path("tkgrag/data/icews14_sample_questions.jsonl"))
    ap.add_argument("--method", default="vector")
    ap.add_argument("--reader", default="auto")
    ap.add_argument("--label", default="after")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/2026-11-25/abstention"))
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    abst = make_set(rows)
    control = [{"qid": r["quid"], "kind": "control", "question": r["question"], "answers": r["answers"]} for r in rows]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "abstention_set.jsonl").write_text("".join(json.dumps(q) + "\n" for q in abst), encoding="utf-8")
    load_before = [round(x, 2) for x in os.getloadavg()]
    print(f"load before: {load_before}")
    t0 = time.perf_counter()
    with TKGRag.connect() as rag:
        rag.ask(rows[0]["question"], method=args.method, reader=args.reader)  # warm-up: model, relation names
        results = run(rag, abst, args.method, args.reader)
        ctrl = run(rag, control, args.method, args.reader)
    load_after = [round(x, 2) for x in os.getloadavg()]
    print(f"load after: {load_after}")
    doc = {
        "meta": {
            "command": f"benchmarks/abstention.py --questions {args.questions} --method {args.method} "
            f"--reader {args.reader} --label {args.label}",
            "load_before": load_before,
            "load_after": load_after,
            "seconds": time.perf_counter() - t0,
        },
        "summary": summary(results, ctrl),
        "results": results + ctrl,
    }
    (args.out / f"{args.label}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(doc["summary"], indent=1))
    (args.out / "report.md").write_text(report(args.out), encoding="utf-8")


if __name__ == "__main__":
    main()
