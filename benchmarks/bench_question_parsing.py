"""Question understanding over the dev sets: detection shares, and accuracy where the data has gold labels.

    .venv/bin/python benchmarks/bench_question_parsing.py [--data ../shared/data] [--errors N]

Per file: share of questions with a detected temporal signal (other than NO SIGNAL), with an explicit time on the
calendar, with an anchor, and the answer-type mix. Gold comparisons:
- tkgqa (icews14_dev.jsonl): answer kind (+ granularity for time answers, which ``time_level`` gives); for questions
  that state a date, whether the extracted time has the gold granularity (``time_level``) and agrees with the
  evidence events (they fall inside it for "on/in", before/after it for "before/after").
- MultiTQ sample: answer kind + granularity as above; extracted time vs the gold ``time`` field (exact label, and
  same year, since the gold field keeps only the year for forms like "July, the year of 2007").
- SituatedQA: the "as of" date extracted vs the gold ``date`` field (parsed here with ``datetime.strptime``).
- TimeQuestions and TIQ: per-class precision/recall/F1 of EXAQT signals and categories against the annotations, and
  answer kind against the answers (a date value = time, another value = value, else entity).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date, datetime
from pathlib import Path

from rich.console import Console
from rich.progress import track
from rich.table import Table

from tkgrag.question import AnswerKind, Category, Signal, TemporalQuestion, understand
from tkgrag.temporal import Granularity, TimeSpan

console = Console()


def parse_all(questions: list[str], label: str) -> tuple[list[TemporalQuestion], float]:
    t0 = time.perf_counter()
    out = [understand(q) for q in track(questions, description=f"parsing {label}", console=console, transient=True)]
    return out, time.perf_counter() - t0


def share(items: Iterable[bool]) -> str:
    xs = list(items)
    return f"{sum(xs) / len(xs):6.1%} ({sum(xs)}/{len(xs)})" if xs else "   n/a"


def detection_row(path: Path, parsed: list[TemporalQuestion], secs: float) -> list[str]:
    name = f"{path.parent.name}/{path.name}" if path.parent.name != "questions" else "timequestions/dev.json"
    kinds = Counter(p.answer_type.kind.value for p in parsed)
    return [
        name,
        str(len(parsed)),
        share(p.signals != (Signal.NO_SIGNAL,) for p in parsed),
        share(any(t.span is not None for t in p.times) for p in parsed),
        share(bool(p.anchors) for p in parsed),
        share(p.answer_type.kind is AnswerKind.TIME for p in parsed),
        " ".join(f"{k}:{v}" for k, v in sorted(kinds.items())),
        f"{len(parsed) / secs:,.0f}/s",
    ]


def answer_ok(p: TemporalQuestion, answer_type: str, time_level: str) -> bool:
    if answer_type == "time":
        return p.answer_type.kind is AnswerKind.TIME and p.answer_type.granularity == Granularity(time_level)
    return p.answer_type.kind is AnswerKind.ENTITY


def evidence_agrees(p: TemporalQuestion, evidence: list[list[str]]) -> bool:
    """The first calendar time of the question relates to every evidence date as its signal says."""
    t = next((t for t in p.times if t.span is not None), None)
    if t is None or t.span is None:
        return False
    days = [TimeSpan.parse(e[3]) for e in evidence]
    if t.signal is Signal.BEFORE:
        return all(d.before(t.span) for d in days)
    if t.signal is Signal.AFTER:
        return all(d.after(t.span) for d in days)
    return all(d.during(t.span) for d in days)


def bench_tkgqa(path: Path, errors: int) -> list[str]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    parsed, secs = parse_all([r["question"] for r in rows], path.name)
    ans = [answer_ok(p, r["answer_type"], r["time_level"]) for p, r in zip(parsed, rows, strict=True)]
    dated = [
        (p, r) for p, r in zip(parsed, rows, strict=True) if any(str(y) in r["question"] for y in range(2005, 2016))
    ]
    gran_ok = [
        any(t.span is not None and t.span.granularity == Granularity(r["time_level"]) for t in p.times)
        for p, r in dated
    ]
    ev_ok = [evidence_agrees(p, r["evidence"]) for p, r in dated]
    console.print(f"[bold]{path.name}[/]: answer type + granularity {share(ans)}")
    by_type: dict[str, list[bool]] = {}
    for ok, r in zip(ans, rows, strict=True):
        by_type.setdefault(f"{r['answer_type']}/{r['time_level']}", []).append(ok)
    for k, v in sorted(by_type.items()):
        console.print(f"    {k:<14} {share(v)}")
    console.print(
        f"  questions stating a date: {len(dated)}; time found at gold granularity {share(gran_ok)}; "
        f"agrees with evidence {share(ev_ok)}"
    )
    wrong = [r["question"] for ok, r in zip(ans, rows, strict=True) if not ok]
    wrong += [r["question"] for ok, (_, r) in zip(ev_ok, dated, strict=True) if not ok]
    for q in wrong[:errors]:
        console.print(f"    [red]x[/] {q}")
    return detection_row(path, parsed, secs)


def bench_multitq(path: Path, errors: int) -> list[str]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    parsed, secs = parse_all([r["question"] for r in rows], path.name)
    ans = [
        answer_ok(p, r["answer_type"], r["time_level"]) if r["answer_type"] == "time" else answer_ok(p, "entity", "")
        for p, r in zip(parsed, rows, strict=True)
    ]
    with_time = [(p, r) for p, r in zip(parsed, rows, strict=True) if r["time"]]
    exact = [bool(p.time) and p.time.label() == r["time"][0] for p, r in with_time]  # type: ignore[union-attr]
    same_year = [bool(p.time) and p.time.label()[:4] == r["time"][0][:4] for p, r in with_time]  # type: ignore[union-attr]
    console.print(
        f"[bold]{path.name}[/]: answer type + granularity {share(ans)}; gold time given: {len(with_time)}, "
        f"extracted label equal {share(exact)}, same year {share(same_year)}"
    )
    bad = [
        f"{r['question']}  (gold {r['time']}, got {p.time.label() if p.time else None})"
        for ok, (p, r) in zip(exact, with_time, strict=True)
        if not ok
    ]
    for q in bad[:errors]:
        console.print(f"    [yellow]~[/] {q}")
    return detection_row(path, parsed, secs)


def _situated_gold(text: str) -> TimeSpan:
    text = text.strip()
    if text.isdigit():
        return TimeSpan.parse(text)
    return TimeSpan.day(datetime.strptime(text, "%B %d, %Y").date())


def bench_situatedqa(path: Path, errors: int) -> list[str]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    parsed, secs = parse_all([r["edited_question"] for r in rows], path.name)
    ok = []
    for p, r in zip(parsed, rows, strict=True):
        as_of = [t for t in p.times if t.relation.lower() == "as of"]
        ok.append(bool(as_of) and as_of[-1].span == _situated_gold(r["date"]))
    console.print(f"[bold]{path.name}[/]: 'as of' time equal to gold date {share(ok)}")
    for _, r in [x for x in zip(ok, rows, strict=True) if not x[0]][:errors]:
        console.print(f"    [red]x[/] {r['edited_question']}  (gold {r['date']})")
    return detection_row(path, parsed, secs)


_GOLD_SIGNAL = {"No signal": Signal.NO_SIGNAL, **{s.value: s for s in Signal}}
_GOLD_CATEGORY = {
    "Explicit": Category.EXPLICIT,
    "Implicit": Category.IMPLICIT,
    "Ordinal": Category.ORDINAL,
    "Temp.Ans": Category.TEMPORAL_ANSWER,
}


def _gold_kind(answers: list[dict[str, str]]) -> AnswerKind:
    for a in answers:
        if a.get("AnswerType") == "Value":
            arg = a.get("AnswerArgument", "")
            if len(arg) >= 10 and arg[4] == "-" and "T" in arg:
                return AnswerKind.TIME
            return AnswerKind.VALUE
    return AnswerKind.ENTITY


def prf_table(title: str, gold: list[set[str]], pred: list[set[str]], labels: list[str]) -> None:
    table = Table(title=title, title_justify="left")
    for col in ("class", "gold n", "precision", "recall", "F1"):
        table.add_column(col, justify="right" if col != "class" else "left")
    for lab in labels:
        tp = sum(lab in g and lab in p for g, p in zip(gold, pred, strict=True))
        fp = sum(lab not in g and lab in p for g, p in zip(gold, pred, strict=True))
        fn = sum(lab in g and lab not in p for g, p in zip(gold, pred, strict=True))
        prec = tp / (tp + fp) if tp + fp else 0.0
        rec = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
        table.add_row(lab, str(tp + fn), f"{prec:.3f}", f"{rec:.3f}", f"{f1:.3f}")
    exact = sum(g == p for g, p in zip(gold, pred, strict=True))
    table.caption = f"exact set match {exact / len(gold):.1%} ({exact}/{len(gold)})"
    console.print(table)


def bench_exaqt_style(path: Path, errors: int) -> list[str]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    parsed, secs = parse_all([r["Question"] for r in rows], path.name)
    gold_sig = [{_GOLD_SIGNAL[s].value for s in r["Temporal signal"]} for r in rows]
    pred_sig = [{s.value for s in p.signals} for p in parsed]
    prf_table(
        f"{path.parent.parent.name if path.parent.name == 'questions' else path.parent.name}: EXAQT signals",
        gold_sig,
        pred_sig,
        [s.value for s in Signal],
    )
    gold_cat = [{_GOLD_CATEGORY[c].value for c in r["Temporal question type"]} for r in rows]
    pred_cat = [{c.value for c in p.categories} for p in parsed]
    prf_table("categories", gold_cat, pred_cat, [c.value for c in Category])
    kind_ok = [p.answer_type.kind is _gold_kind(r["Answer"]) for p, r in zip(parsed, rows, strict=True)]
    console.print(f"  answer kind agrees with the answers: {share(kind_ok)}")
    misses = [(r["Question"], sorted(g), sorted(p)) for r, g, p in zip(rows, gold_sig, pred_sig, strict=True) if g != p]
    for q, g, p in misses[:errors]:
        console.print(f"    [yellow]~[/] {q}  gold {g} got {p}")
    return detection_row(path, parsed, secs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    ap.add_argument("--errors", type=int, default=0, help="print up to N disagreements per file")
    args = ap.parse_args()
    files: list[tuple[str, Callable[[Path, int], list[str]]]] = [
        ("multitq/dev_questions_sample.json", bench_multitq),
        ("tkgqa/icews14_dev.jsonl", bench_tkgqa),
        ("timequestions/questions/dev.json", bench_exaqt_style),
        ("tiq/dev.json", bench_exaqt_style),
        ("situatedqa/temp.dev.jsonl", bench_situatedqa),
    ]
    summary = Table(title="detection shares", title_justify="left")
    for col in ("file", "n", "signal", "explicit time", "anchor", "time answer", "answer kinds", "speed"):
        summary.add_column(col)
    for rel, fn in files:
        path = args.data / rel
        if not path.exists():
            console.print(f"[yellow]skipped[/] {path} (not found)")
            continue
        summary.add_row(*fn(path, args.errors))
        console.print()
    console.print(summary)
    console.print(f"(run on {date.today().isoformat()})")


if __name__ == "__main__":
    main()
