"""TimeQuestions / TIQ questions (a JSON list: ``Id``, ``Question``, ``Answer`` with Wikidata QIDs or values);
labels for QIDs from ``../kg_vocab/wd_id2entity_text.txt`` when it exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from tkgrag.sources.fields import FieldError, field_value, kind_of, string_field
from tkgrag.sources.keys import wikidata_entity_key
from tkgrag.sources.loading import (
    Collector,
    Raw,
    finish,
    guard,
    list_field,
    objects,
    str_list_field,
)
from tkgrag.sources.normalize import parse_time
from tkgrag.sources.questions import AnswerType, Dataset, EvalQuestion, GoldAnswer
from tkgrag.temporal import Granularity

# ------------------------------------------------------------------------------------------- timequestions
_QID = re.compile(r"^Q\d+$")
_WD_TIME = re.compile(r"^[+-]?\d{1,4}-\d{2}-\d{2}T")  # Wikidata timestamps; plain numbers are values


def read_wikidata_labels(path: Path) -> dict[str, str]:
    """``QID<TAB>label`` lines (TimeQuestions kg_vocab) -> {qid: label}; lines without a tab are skipped."""
    labels: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            qid, sep, label = line.rstrip("\n").partition("\t")
            if sep and label.strip():
                labels[qid.strip()] = label.strip()
    return labels


def default_vocab(path: Path) -> Path | None:
    for cand in (path.parent / "kg_vocab", path.parent.parent / "kg_vocab"):
        f = cand / "wd_id2entity_text.txt"
        if f.is_file():
            return f
    return None


def _wikidata_date(raw: str) -> GoldAnswer:
    """A Wikidata timestamp as a gold answer. The export drops Wikidata's precision and writes year- and month-precision
    dates as the first day of the period (880 of 1,481 dev dates are on 1 January), so YYYY-01-01 also accepts YYYY
    and YYYY-MM-01 also accepts YYYY-MM."""
    span = parse_time(raw)
    if span is None or span.granularity is not Granularity.DAY or span.start is None:
        return GoldAnswer(raw)
    day = span.start
    text = day.isoformat()
    aliases = [raw] if raw != text else []
    if day.day == 1:
        aliases.append(f"{day.year:04d}" if day.month == 1 else f"{day.year:04d}-{day.month:02d}")
    return GoldAnswer(text, tuple(aliases))


def _timequestions_question(raw: Raw, labels: Mapping[str, str]) -> EvalQuestion:
    obj = raw.value
    answers: list[GoldAnswer] = []
    kinds: list[AnswerType] = []
    entities: list[str] = []
    for i, a in enumerate(list_field(obj, "Answer", nonempty=True)):
        where = f"Answer[{i}]."
        if not isinstance(a, dict):
            raise FieldError(f"Answer[{i}]", f"expected an object, got {kind_of(a)}")
        kind = field_value(a, "AnswerType", where)
        if kind == "Entity":
            qid = string_field(a, "WikidataQid", where)
            if not _QID.match(qid):
                raise FieldError(where + "WikidataQid", f"not a Wikidata QID: {qid!r}")
            label = a.get("WikidataLabel") if isinstance(a.get("WikidataLabel"), str) else None
            names = [n for n in (label, labels.get(qid)) if n]
            text = names[0] if names else qid
            aliases = tuple(dict.fromkeys(n for n in (*names[1:], qid) if n != text))
            answers.append(GoldAnswer(text, aliases))
            kinds.append("entity")
            entities.append(wikidata_entity_key(qid))
        elif kind == "Value":
            value = string_field(a, "AnswerArgument", where)
            if _WD_TIME.match(value):
                answers.append(_wikidata_date(value))
                kinds.append("time")
            else:
                answers.append(GoldAnswer(value))
                kinds.append("value")
        else:
            raise FieldError(where + "AnswerType", f"expected 'Entity' or 'Value', got {kind!r:.40}")
    types = str_list_field(obj, "Temporal question type") if "Temporal question type" in obj else []
    meta: dict[str, object] = {"qtypes": types}
    for key, name in (("Temporal signal", "signals"), ("Data source", "source"), ("gold_constraint", "constraint")):
        if key in obj:
            meta[name] = obj[key]
    return EvalQuestion(
        id=string_field(obj, "Id", allow_int=True),
        question=string_field(obj, "Question"),
        answers=tuple(answers),
        answer_type=kinds[0],
        time_level=None,
        qtype="+".join(sorted(types)) or "unknown",
        source=raw.ref,
        dataset="timequestions",
        gold_entities=tuple(dict.fromkeys(entities)),
        meta=meta,
    )


def parse_timequestions(path: Path, items: list[Raw], vocab: Path | None = None) -> Dataset:
    vocab = vocab or default_vocab(path)
    labels = read_wikidata_labels(vocab) if vocab else {}
    out = Collector()
    for raw in objects(items, out):
        guard(out, raw, lambda r: out.add(r, _timequestions_question(r, labels)))
    return finish(path, "timequestions", out)
