"""Every miss of the symbolic reader on the MultiTQ dev sample, classified against the store (issue 29, item 3).

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/classify_multitq_misses.py ../shared/data/multitq/dev_questions_sample.json \\
        [--method vector] [--k 10] [--out classes.json] [--markdown table.md]

The connected graph must hold icews05-15 (partial before 2013-11-18) and only it. Each question is asked once
(``TKGRag.understand`` + retriever + the symbolic reader); a question is *right* when the first answer is a gold one,
*abstained* when there is no answer, *wrong* otherwise. Precision = right / answered (an abstention is not a wrong
answer). Every miss (wrong or abstained) gets ONE class, decided from the grounding and exact Cypher over the store
(``tkgrag.queries.coverage_probes``), first rule that applies:

0. ``sampled period``: the reader abstained because the answer depends on months the store holds only a sample of
   (``SymbolicReader`` coverage: the deciding event may be among the missing ones).
1. ``kg lacks anchor``: an anchor the reader understood has no event; the store holds no event of the ANNOTATED
   anchor entity with the question's entity under the reader's relation either (so no link would have found it).
2. ``entity not linked``: the annotated entity differs from the linked one and the store holds the gold event (or
   the anchor event) with the annotated entity but not with the linked one.
3. ``kg lacks event``: the store holds no event joining a gold answer to a question entity (entity answers), or no
   event of the question's entities at the gold time (time answers), under any relation.
4. ``time not parsed``: the question states a time (MultiTQ's ``time``) that the reader did not place, or placed
   outside it (a placed "July 2007" within the annotated "2007" is right).
5. ``relation wrong``: the gold pair is in the store within the reader's constraint under the reader's relation with
   the roles the other way round, or under a relation the reader weighed (within ``RELATION_MARGIN`` of its best)
   and did not choose.
6. ``granularity wrong``: time answers: the gold time is in the store, the answer is at another granularity.
7. ``operator wrong``: the gold event qualifies (relation and constraint) but another answer ranked first, and the
   months between the two are dense (when they are sampled, the deciding event is missing: ``kg lacks event``).
8. ``kg lacks event``: otherwise (the gold pair is in the period only under relations the reader did not weigh,
   or only at other times).

A reader that answers "first"/"last"/"nearest" from a sampled period is flagged ``sampled`` (coverage of
``tkgrag.ingest.coverage``): its right answers there are not evidence of accuracy.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag, answer_question
from tkgrag.eval import is_correct, load_dataset
from tkgrag.ingest.coverage import CoverageTable
from tkgrag.model import TemporalConstraint
from tkgrag.queries.coverage_probes import EVENTS_BETWEEN_NAMES, EVENTS_OF_NAMES
from tkgrag.question.grounded import RELATION_MARGIN
from tkgrag.readers.symbolic import SAMPLED_POLICIES, SymbolicReader
from tkgrag.temporal import TimeSpan

CLASSES = (
    "sampled period",
    "kg lacks anchor",
    "kg lacks event",
    "entity not linked",
    "relation wrong",
    "time not parsed",
    "operator wrong",
    "granularity wrong",
)
KG_LACKS = ("sampled period", "kg lacks anchor", "kg lacks event")


def _admits(constraints: list[TemporalConstraint], valid_from: str) -> bool:
    span = TimeSpan.parse(valid_from[:10])
    return all(c.admits(span) for c in constraints)


def _within(inner: TimeSpan, outer: TimeSpan) -> bool:
    """A placed time inside (or equal to) the annotated one: "July 2007" is within MultiTQ's "2007"."""
    return (
        inner.start is not None
        and inner.end is not None
        and outer.start is not None
        and outer.end is not None
        and outer.start <= inner.start
        and inner.end <= outer.end
    )


def _role_ok(row: dict[str, Any], gold_role: str | None) -> bool:
    return gold_role is None or row["a_role"] == gold_role


def classify(store: Any, rec: dict[str, Any], a: Any, table: CoverageTable | None = None) -> tuple[str, dict[str, Any]]:
    """One class for a miss, and the probe counts it rests on."""
    g = getattr(a, "grounding", None)
    if getattr(a, "strategy", "") == "none: sampled period":
        return "sampled period", {"why": a.no_answer}
    gold = list(rec["answers"])
    annotated = list(rec["entities"])
    linked = [e.name for e in g.entities] if g is not None else []
    rel = g.relation if g is not None else None
    constraints = ([g.constraint] if g is not None and g.constraint else []) + (list(g.also) if g is not None else [])
    answer_role = g.answer_role.value if g is not None else None
    gold_role = answer_role if answer_role in ("subject", "object") else None
    info: dict[str, Any] = {"relation": rel, "linked": linked, "annotated": annotated}

    # 1./2. an anchor without event
    if g is not None:
        for ga in g.anchors:
            if ga.resolved or not ga.understood:
                continue
            mine = {e.name for e in ga.entities}
            anchor_annot = [n for n in annotated if n not in linked and n not in gold] or sorted(mine)
            main = linked or [n for n in annotated if n not in anchor_annot]
            rows = store.run(EVENTS_BETWEEN_NAMES, {"a": anchor_annot, "b": main, "limit": 2000})
            role = "subject" if any(e.key == ga.subject for e in ga.entities) else "object"
            with_rel = [r for r in rows if r["relation"] == ga.relation and r["a_role"] == role]
            reversed_ = [r for r in rows if r["relation"] == ga.relation and r["a_role"] != role]
            info.update(anchor_annotated=anchor_annot, anchor_linked=sorted(mine), anchor_pair=len(rows))
            info.update(anchor_pair_rel=len(with_rel), anchor_pair_rel_reversed=len(reversed_))
            if with_rel and set(anchor_annot) != mine:
                return "entity not linked", info
            if not with_rel:
                return "kg lacks anchor", info
    if g is not None and any(t.span is None for t in g.question.times):
        return "time not parsed", info

    # the gold events
    if rec.get("answer_type") == "time":
        names = annotated if set(annotated) - set(linked) else linked
        if len(names) >= 2:
            rows = store.run(EVENTS_BETWEEN_NAMES, {"a": names[:1], "b": names[1:], "limit": 5000})
        else:
            rows = store.run(EVENTS_OF_NAMES, {"names": names, "relation": None, "limit": 20000})
        at_gold = [r for r in rows if any(r["valid_from"].startswith(x) for x in gold)]
        info.update(events_at_gold_time=len(at_gold), with_rel=sum(r["relation"] == rel for r in at_gold))
        if not at_gold:
            return "kg lacks event", info
        if not any(r["relation"] == rel for r in at_gold):
            return "relation wrong", info
        got = a.answers[0].text if a.answers else ""
        if got and any(r["valid_from"].startswith(got) or got.startswith(r["valid_from"][: len(got)]) for r in at_gold):
            return "granularity wrong", info
        return "operator wrong", info

    ctx = sorted(set(annotated) | set(linked))
    rows = store.run(EVENTS_BETWEEN_NAMES, {"a": gold, "b": ctx, "limit": 5000})
    if set(annotated) - set(linked):
        with_annot = [r for r in rows if r["b"] in annotated and r["relation"] == rel]
        with_linked = [r for r in rows if r["b"] in linked and r["relation"] == rel]
        if with_annot and not with_linked:
            info["gold_with_annotated"] = len(with_annot)
            return "entity not linked", info
    stated = [str(t) for t in rec.get("time") or []]
    placed = [c.span.label() for c in constraints if c.anchor_event is None]
    info.update(stated_time=stated, placed_time=placed)
    placed_spans = [c.span for c in constraints if c.anchor_event is None]
    if stated and not all(any(_within(p, TimeSpan.parse(t)) for p in placed_spans) for t in stated):
        return "time not parsed", info
    in_time = [r for r in rows if _admits(constraints, r["valid_from"])]
    info.update(
        gold_pair=len(rows),
        gold_pair_relations=sorted({r["relation"] for r in rows})[:6],
        gold_in_time=[f"{r['a_role']} {r['relation']} {r['valid_from']}" for r in in_time][:6],
    )
    if not in_time:
        return "kg lacks event", info
    if any(r["relation"] == rel and _role_ok(r, gold_role) for r in in_time):
        # the gold qualifies; another answer came first. With the months between the two sampled, the event that
        # decides (the gold's, at the right time) is the one missing from the sample: the store lacks it.
        facts = getattr(a, "facts", {})
        got = facts.get(a.answers[0].supporting_events[0]) if a.answers and a.answers[0].supporting_events else None
        times = [TimeSpan.parse(r["valid_from"][:10]).start for r in in_time if r["relation"] == rel]
        if got is not None and got.span.start is not None:
            times.append(got.span.start)
        dated = [t for t in times if t is not None]
        if table is not None and dated and table.weak([None], min(dated), max(dated)) is not None:
            info["sampled_between"] = table.weak([None], min(dated), max(dated)).describe()  # type: ignore[union-attr]
            return "kg lacks event", info
        return "operator wrong", info
    if any(r["relation"] == rel for r in in_time):
        return "relation wrong", info  # the gold event with the roles the other way round
    best = g.relation_candidates[0].score if g is not None and g.relation_candidates else 0.0
    considered = (
        {c.relation for c in g.relation_candidates if c.score >= best - RELATION_MARGIN} if g is not None else set()
    )
    if any(r["relation"] in considered for r in in_time):
        return "relation wrong", info  # a relation the reader weighed and did not choose holds the gold pair
    return "kg lacks event", info  # the gold pair in the period only under relations the question does not name


def sampled_flag(a: Any) -> str | None:
    """The coverage caveat the answer carries, if any (``SymbolicAnswer.coverage``)."""
    c = getattr(a, "coverage", None)
    return None if c is None else c.describe()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path)
    ap.add_argument("--method", default="vector")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", type=Path, default=None, help="per-question classes (JSON)")
    ap.add_argument("--markdown", type=Path, default=None, help="the tables (Markdown)")
    ap.add_argument(
        "--sampled",
        default="abstain",
        choices=SAMPLED_POLICIES,
        help="the symbolic reader's policy for ordered answers in sampled periods",
    )
    args = ap.parse_args()
    records = {r["question"]: r for r in json.loads(args.questions.read_text())}
    ds = load_dataset(args.questions)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with TKGRag.connect() as rag:
        table = CoverageTable.load(rag.store)
        reader, retriever = SymbolicReader(rag.store, rag.embedder, sampled=args.sampled), rag.retriever(args.method)
        for q in ds.questions:
            rec = records[q.question]
            a = answer_question(rag.understand(q.question), retriever, reader, args.k)
            got = [x.text for x in a.answers]
            ok = bool(got) and is_correct(got[0], q.answers)
            outcome = "right" if ok else ("abstained" if not got else "wrong")
            cls, info = ("right", {}) if ok else classify(rag.store, rec, a, table)
            withheld = list(getattr(a, "withheld", []))
            rows.append(
                {
                    "quid": rec.get("quid"),
                    "qtype": q.qtype,
                    "answer_type": rec.get("answer_type"),
                    "time_level": rec.get("time_level"),
                    "question": q.question,
                    "gold": rec["answers"][:4],
                    "got": got[:3],
                    "outcome": outcome,
                    "class": cls,
                    "caveat": sampled_flag(a),
                    "withheld": [x.text for x in withheld[:3]],
                    "withheld_right": bool(withheld) and is_correct(withheld[0].text, q.answers),
                    "no_answer": getattr(a, "no_answer", None),
                    "probes": info,
                }
            )
    load = os.getloadavg()
    n = len(rows)
    right = sum(r["outcome"] == "right" for r in rows)
    answered = sum(r["outcome"] != "abstained" for r in rows)
    not_lacks = sum(r["class"] not in ("right", *KG_LACKS) for r in rows)
    lines = [
        f"MultiTQ dev sample (sampled={args.sampled}): n={n}, {time.perf_counter() - t0:.0f} s, "
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}",
        "",
        f"hit@1 {right / n:.3f} ({right}/{n}); answered {answered}; precision of the answers given "
        f"{(right / answered if answered else 0):.3f} ({right}/{answered}); misses that are not 'KG lacks': "
        f"{not_lacks}/{n} ({not_lacks / n:.1%}); answers with a coverage caveat: "
        f"{sum(r['caveat'] is not None and r['outcome'] != 'abstained' for r in rows)}; answers withheld for a sampled "
        f"period: {sum(bool(r['withheld']) for r in rows)}, of which the sample's first answer was a gold one: "
        f"{sum(r['withheld_right'] for r in rows)}",
        "",
        "| class | wrong | abstained | total |",
        "|---|---:|---:|---:|",
    ]
    counts = Counter((r["class"], r["outcome"]) for r in rows)
    for c in CLASSES:
        w, ab = counts[(c, "wrong")], counts[(c, "abstained")]
        lines.append(f"| {c} | {w} | {ab} | {w + ab} |")
    lines.append(f"| **right** | | | {right} |")
    lines += ["", "| qtype | n | right | wrong | abstained | not 'KG lacks' |", "|---|---:|---:|---:|---:|---:|"]
    for qt in sorted({r["qtype"] for r in rows}):
        rs = [r for r in rows if r["qtype"] == qt]
        lines.append(
            f"| {qt} | {len(rs)} | {sum(r['outcome'] == 'right' for r in rs)} | "
            f"{sum(r['outcome'] == 'wrong' for r in rs)} | {sum(r['outcome'] == 'abstained' for r in rs)} | "
            f"{sum(r['class'] not in ('right', *KG_LACKS) for r in rs)} |"
        )
    lines += ["", "| quid | qtype | outcome | class | question | gold | got |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["outcome"] != "right" or r["caveat"]:
            lines.append(
                f"| {r['quid']} | {r['qtype']} | {r['outcome']} | {r['class']} | {r['question']} | "
                f"{'; '.join(r['gold'])} | {'; '.join(r['got'])} |"
            )
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n")
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1, ensure_ascii=False, default=str) + "\n")


if __name__ == "__main__":
    main()
