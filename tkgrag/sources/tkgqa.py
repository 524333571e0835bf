"""tkgqa (JSON Lines, MultiTQ-style questions with evidence quadruples over ICEWS14) and MultiTQ (a JSON list)."""

from __future__ import annotations

from pathlib import Path

from tkgrag.sources.fields import FieldError, string_field
from tkgrag.sources.loading import (
    Collector,
    Raw,
    choice_field,
    finish,
    guard,
    jsonl_records,
    list_field,
    objects,
    str_list_field,
    time_answers,
)
from tkgrag.sources.normalize import parse_time
from tkgrag.sources.questions import Dataset, EvalQuestion, GoldAnswer, Quad
from tkgrag.temporal import Granularity

# ------------------------------------------------------------------------------------------- tkgqa / multitq
_LEVELS = ("day", "month", "year")


def _multitq_like(raw: Raw, dataset: str, *, with_evidence: bool) -> EvalQuestion:
    obj = raw.value
    qid = string_field(obj, "quid", allow_int=True)
    answers = str_list_field(obj, "answers", nonempty=True)
    answer_type = choice_field(obj, "answer_type", ("entity", "time"))
    level = choice_field(obj, "time_level", _LEVELS, optional=True)
    if answer_type == "time":
        time_answers(answers, "answers")
    events: list[Quad] = []
    if with_evidence:
        for i, quad in enumerate(list_field(obj, "evidence")):
            if not (isinstance(quad, list) and len(quad) == 4 and all(isinstance(x, str) and x for x in quad)):
                raise FieldError(f"evidence[{i}]", f"expected [subject, relation, object, date], got {quad!r:.80}")
            if parse_time(quad[3]) is None:
                raise FieldError(f"evidence[{i}][3]", f"not a date: {quad[3]!r}")
            events.append((quad[0], quad[1], quad[2], quad[3]))
    meta = {k: obj[k] for k in ("qlabel", "time", "entities") if k in obj}
    return EvalQuestion(
        id=qid,
        question=string_field(obj, "question"),
        answers=tuple(GoldAnswer(a) for a in answers),
        answer_type="time" if answer_type == "time" else "entity",
        time_level=Granularity(level) if level else None,
        qtype=string_field(obj, "qtype"),
        source=raw.ref,
        dataset=dataset,
        gold_events=tuple(events),
        meta=meta,
    )


def parse_tkgqa(path: Path, text: str) -> Dataset:
    out = Collector()
    for raw in jsonl_records(path, text, out):
        guard(out, raw, lambda r: out.add(r, _multitq_like(r, "tkgqa", with_evidence=True)))
    return finish(path, "tkgqa", out)


def parse_multitq(path: Path, items: list[Raw]) -> Dataset:
    out = Collector()
    for raw in objects(items, out):
        guard(out, raw, lambda r: out.add(r, _multitq_like(r, "multitq", with_evidence=False)))
    return finish(path, "multitq", out)
