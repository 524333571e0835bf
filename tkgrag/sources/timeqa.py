"""TimeQA (``human_annotated_*.json``): each item is a Wikipedia article whose paragraphs are the passages.

Every paragraph is a passage, paragraph 0 (the article's title line) included: 12 answers of the train split are
spans of it ("What was the MS Costa Allegra named ...?"), so a gold ``para`` of 0 must name a node too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from tkgrag.sources.fields import FieldError
from tkgrag.sources.keys import clean_text, timeqa_passage_key
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
