"""TimeQA (``human_annotated_*.json``): each item is a Wikipedia article whose paragraphs are the passages.

Every paragraph is a passage, paragraph 0 (the article's title line) included: 12 answers of the train split are
spans of it ("What was the MS Costa Allegra named ...?"), so a gold ``para`` of 0 must name a node too.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from tkgrag.sources.fields import FieldError, field_value, kind_of, string_field
from tkgrag.sources.keys import clean_text, timeqa_passage_key
from tkgrag.sources.loading import (
    Collector,
    Raw,
    finish,
    infer_type,
    list_field,
    objects,
)
from tkgrag.sources.normalize import normalize_name
from tkgrag.sources.questions import UNANSWERABLE, Dataset, EvalQuestion, GoldAnswer
from tkgrag.sources.records import PassageRecord, SourceRef


def article_title(link: str) -> str:
    """``/wiki/Newton_D._Baker_House`` -> ``Newton D. Baker House``."""
    return unquote(link.rsplit("/wiki/", 1)[-1]).replace("_", " ").strip()


def article_link(obj: Mapping[str, Any]) -> str:
    link = obj.get("link")
    if not isinstance(link, str) or not link.strip():
        raise FieldError("link", "missing (required): the article link")
    return link


def timeqa_passages(obj: Mapping[str, Any], ref: SourceRef, source: str) -> list[PassageRecord]:
    """The paragraphs of one article, in order (list index = paragraph index), keyed ``<link>#<index>``."""
    link = article_link(obj)
    paras = obj.get("paras")
    if not isinstance(paras, list) or not paras:
        raise FieldError("paras", "expected a non-empty list of paragraph strings")
    title = article_title(link)
    out: list[PassageRecord] = []
    for i, para in enumerate(paras):
        if not isinstance(para, str):
            raise FieldError(f"paras[{i}]", f"expected a string, found {type(para).__name__}")
        out.append(PassageRecord(timeqa_passage_key(link, i), title, clean_text(para), ref, source))
    return out


# ------------------------------------------------------------------------------------------- timeqa
def parse_timeqa(path: Path, items: list[Raw]) -> Dataset:
    out = Collector()
    passages: list[PassageRecord] = []
    for raw in objects(items, out):
        try:
            obj = raw.value
            index = string_field(obj, "index")
            paras = timeqa_passages(obj, raw.ref, "timeqa")
            questions = list_field(obj, "questions")
            qtype = string_field(obj, "type")
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        passages.extend(paras)
        pid = [p.key for p in paras]
        for j, entry in enumerate(questions):
            try:
                out.add(raw, _timeqa_question(raw, index, j, entry, pid, qtype))
            except FieldError as exc:
                out.reject(raw, exc.reason, exc.field)
    return finish(path, "timeqa", out, passages)


def _timeqa_question(raw: Raw, index: str, j: int, entry: Any, pid: list[str], qtype: str) -> EvalQuestion:
    where = f"questions[{j}]"
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], list)):
        raise FieldError(where, "expected [question, [answer spans]]")
    question, spans = entry
    if not spans:
        raise FieldError(where + "[1]", "no answer span")
    answers: dict[str, GoldAnswer] = {}
    gold: dict[str, None] = {}
    if all(isinstance(s, dict) and s.get("answer") == "" for s in spans):
        # TimeQA's unanswerable questions: one empty span at paragraph 0; no evidence passage.
        return EvalQuestion(
            id=f"{index}:q{j}",
            question=question,
            answers=(GoldAnswer(UNANSWERABLE),),
            answer_type="entity",
            time_level=None,
            qtype=qtype,
            source=raw.ref,
            dataset="timeqa",
            meta={"field": where, "unanswerable": True},
        )
    for k, span in enumerate(spans):
        at = f"{where}[1][{k}]."
        if not isinstance(span, dict):
            raise FieldError(f"{where}[1][{k}]", f"expected an answer object, got {kind_of(span)}")
        text = string_field(span, "answer", at)
        para = field_value(span, "para", at)
        if not isinstance(para, int) or not 0 <= para < len(pid):
            raise FieldError(at + "para", f"paragraph index {para!r} outside 0..{len(pid) - 1}")
        answers.setdefault(normalize_name(text), GoldAnswer(text))
        gold[pid[para]] = None
    texts = [a.text for a in answers.values()]
    return EvalQuestion(
        id=f"{index}:q{j}",
        question=question,
        answers=tuple(answers.values()),
        answer_type=infer_type(texts),
        time_level=None,
        qtype=qtype,
        source=raw.ref,
        dataset="timeqa",
        gold_passages=tuple(gold),
        meta={"field": where, "unanswerable": False},
    )
