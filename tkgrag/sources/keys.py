"""Natural keys of the nodes ingestion writes; what eval gold ids must equal (see ``tkgrag.sources``)."""

from __future__ import annotations

import hashlib


def clean_text(text: str) -> str:
    """Whitespace collapsed: keys and stored texts must not depend on a file's line wrapping."""
    return " ".join(text.split())


def content_key(title: str, text: str) -> str:
    """Key of a passage that has no id: the same section text gets the same key however often it recurs."""
    return hashlib.sha1(f"{title}\x1f{text}".encode()).hexdigest()[:24]


def chunk_key(document_key: str, position: int) -> str:
    """``<document>#<position>``: chunks of one document, in order."""
    return f"{document_key}#{position}"


def timeqa_passage_key(link: str, paragraph: int) -> str:
    """``<link>#<paragraph index>``: the index TimeQA's answer annotations (``para``) use."""
    return f"{link}#{paragraph}"


def wikidata_entity_key(qid: str, label: str = "") -> str:
    """The Wikidata id as written (``Q7747``); the label where a decoded fact has no id (TimeR4's slice)."""
    return qid.strip() or label.strip()
