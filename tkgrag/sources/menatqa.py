"""MenatQA: each item carries its ``context`` sections; a section is one passage, keyed by its content.

The same section recurs across items (one article, several questions), so the key is a hash of title and text,
not the item's id: one node per section however many questions point at it. ``updated_text`` (the counterfactual
rewrite) is not a passage of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tkgrag.sources.fields import FieldError, string_field
from tkgrag.sources.keys import clean_text, content_key
from tkgrag.sources.loading import (
    Collector,
    Raw,
    finish,
    infer_type,
    objects,
)
from tkgrag.sources.questions import UNANSWERABLE, Dataset, EvalQuestion, GoldAnswer
from tkgrag.sources.records import PassageRecord, SourceRef


def menatqa_context(obj: Mapping[str, Any]) -> list[Any]:
    """The raw ``context`` list of an item (each entry to be read with :func:`menatqa_section`)."""
    context = obj.get("context")
    if not isinstance(context, list):
        raise FieldError("context", "expected a list of {title, text} sections")
    return context


def menatqa_section(section: Any, i: int, ref: SourceRef, source: str) -> PassageRecord:
    """``context[i]`` as a passage; a bad section raises naming ``context[i]`` or ``context[i].text``."""
    where = f"context[{i}]"
    if not isinstance(section, dict):
        raise FieldError(where, f"expected an object, found {type(section).__name__}")
    text = section.get("text")
    if not isinstance(text, str) or not text.strip():
        raise FieldError(f"{where}.text", "missing (required)")
    title = section["title"] if isinstance(section.get("title"), str) else ""
    clean = clean_text(text)
    return PassageRecord(content_key(title, clean), title, clean, ref, source)


# ------------------------------------------------------------------------------------------- menatqa
_WORD = re.compile(r"\w+")
MENATQA_MIN_OVERLAP = 0.5
"""An annotated paragraph that no context contains is matched to the context sharing the most of its words, when that
context holds at least this fraction of them (MenatQA's annotated_para is often a trimmed or re-joined copy)."""


def _menatqa_gold(annotated: str, contexts: list[tuple[str, str]]) -> list[int]:
    """Indices of the contexts that hold the annotated evidence paragraph: containment either way after whitespace
    normalisation, else the single best word-overlap context if it covers MENATQA_MIN_OVERLAP of the words."""
    norm = " ".join(annotated.split())
    texts = [" ".join(t.split()) for _, t in contexts]
    hits = [i for i, t in enumerate(texts) if norm and (norm in t or t in norm)]
    if hits:
        return hits
    words = set(_WORD.findall(annotated.lower()))
    if not words:
        return []
    overlap = [len(words & set(_WORD.findall(f"{title} {t}".lower()))) / len(words) for title, t in contexts]
    best = max(range(len(contexts)), key=lambda i: overlap[i], default=None)
    return [best] if best is not None and overlap[best] >= MENATQA_MIN_OVERLAP else []


def _menatqa_questions(raw: Raw) -> tuple[list[EvalQuestion], list[PassageRecord]]:
    obj = raw.value
    item = string_field(obj, "ID", allow_int=True)
    passages: list[PassageRecord] = []
    updated: dict[str, str] = {}
    for i, c in enumerate(menatqa_context(obj)):
        passages.append(menatqa_section(c, i, raw.ref, "menatqa"))
        if isinstance(c.get("updated_text"), str) and c["updated_text"].strip():
            updated[passages[-1].key] = c["updated_text"]
    if not passages:
        raise FieldError("context", "is empty (a MenatQA item needs its passages)")
    contexts = [(p.title, p.text) for p in passages]
    gold = tuple(dict.fromkeys(passages[i].key for i in _menatqa_gold(string_field(obj, "annotated_para"), contexts)))
    kind = string_field(obj, "type")
    scope = obj.get("time_scope")
    base = {"time_scope": scope, "perturbation": kind}
    out: list[EvalQuestion] = []
    for variant, qkey, akey, qtype in (
        ("original", "question", "answer", "original"),
        ("updated", "updated_question", "updated_answer", kind),
    ):
        answer = string_field(obj, akey)
        meta: dict[str, object] = {**base, "variant": variant, "unanswerable": answer.strip().lower() == UNANSWERABLE}
        if variant == "updated" and updated:
            meta["updated_contexts"] = updated
        out.append(
            EvalQuestion(
                id=item if variant == "original" else f"{item}:{kind}",
                question=string_field(obj, qkey),
                answers=(GoldAnswer(answer),),
                answer_type=infer_type([answer]),
                time_level=None,
                qtype=qtype,
                source=raw.ref,
                dataset="menatqa",
                gold_passages=gold,
                meta=meta,
            )
        )
    return out, passages


def parse_menatqa(path: Path, items: list[Raw]) -> Dataset:
    out = Collector()
    passages: list[PassageRecord] = []
    for raw in objects(items, out):
        try:
            qs, ps = _menatqa_questions(raw)
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        for q in qs:
            out.add(raw, q)
        passages.extend(ps)
    return finish(path, "menatqa", out, passages)
