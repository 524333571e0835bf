"""MenatQA: each item carries its ``context`` sections; a section is one passage, keyed by its content.

The same section recurs across items (one article, several questions), so the key is a hash of title and text,
not the item's id: one node per section however many questions point at it. ``updated_text`` (the counterfactual
rewrite) is not a passage of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tkgrag.sources.fields import FieldError
from tkgrag.sources.keys import clean_text, content_key
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
