"""Question-shaped texts made from a store's own items, without labels: the texts ``auto``'s question null
(``tkgrag.planning.probe``) probes the OTHER kinds' indexes with.

Why: the first null probed each kind's index with the other kinds' ITEM texts (an event line, a Wikipedia
paragraph), which are unlike questions: long paragraphs reach low cosines on the chunk index, so any Wikipedia-like
question looked chunk-like (median chunk percentile 0.71 for event questions, 0.67 for passage questions;
benchmarks/results/2026-11-26/auto-2/margins.md). A question made from an item by a fixed rule is short, names the
item's entities and asks for one of its parts, as a user's question about that kind does.

The rules (each masks one part of the item and asks for it):
- an event (subject, relation, object, time): the object masked, ``Who did <subject> <relation> <time>?``; or,
  with ``mask="time"`` and a time, the time masked, ``When did <subject> <relation> <object>?``;
- a fact: ``What was the <relation> of <subject> <time>?``; with ``mask="time"`` and a time,
  ``When was the <relation> of <subject> <object>?``;
- a passage or chunk: its first sentence of ``MIN_WORDS`` words or more that states a year (else its first such
  sentence; none: no question, a heading or a list item), the first year with its preposition, day and month
  removed and asked for (``When ...?``), else the title removed and asked for (``What ...?``); at most
  ``MAX_WORDS`` words of the sentence are kept.

A time is said as the item's granularity says it: ``on 24 January 2014`` (day), ``in January 2014`` (month),
``in 1979`` (year), ``from 1979 to 1985`` (years apart). Pure: the store side is ``planning.probe``.
"""

from __future__ import annotations

import re

from tkgrag.temporal import MONTH_NAMES

MIN_WORDS = 5  # a sentence shorter than this ("Time of Troubles .") is a heading, not a statement
MAX_WORDS = 12  # questions are short: the sentence's first 12 words after the masked part is removed
MONTHS = MONTH_NAMES
_ISO = re.compile(r"^(-?\d{4})-(\d{2})-(\d{2})")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
# A year with what says it: an optional preposition, day and month, and a range's end ("in 1571", "in January
# 1960", "on 5 May 1990", "May 5, 1990", "in 2003–04").
_TIME = re.compile(
    r"\b(?:(?:in|on|from|since|by|until|till|during|after|before|to|of)\s+)?"
    r"(?:(?:\d{1,2}\s+)?(?:" + "|".join(MONTHS) + r")\s+(?:\d{1,2},?\s+)?)?"
    r"(?:1[0-9]{3}|20[0-9]{2})\b(?:\s*[–-]\s*\d{2,4}\b)?",
    re.IGNORECASE,
)
# A sentence ends at . ! or ? after two letters or digits ("D." in "Newton D. Baker" and "U.S." do not end one).
_SENTENCE_END = re.compile(r"(?<=[^\W_]{2}[.!?])\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)])")


def _date(iso: str | None) -> tuple[int, int, int] | None:
    m = _ISO.match(iso or "")
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def time_phrase(valid_from: str | None, valid_to: str | None, granularity: str | None) -> str:
    """The item's time in words (ISO dates in, see the module doc); "" without a start date."""
    start = _date(valid_from)
    if start is None:
        return ""
    end = _date(valid_to) or start
    y, m, d = start
    if end[0] != y:
        return f"from {y} to {end[0]}"
    if granularity == "day" and end == start:
        return f"on {d} {MONTHS[m - 1]} {y}"
    if granularity in ("day", "month") and (end[0], end[1]) == (y, m):
        return f"in {MONTHS[m - 1]} {y}"
    return f"in {y}"


def relation_words(relation: str | None) -> str:
    """A relation id as words: ``Make_an_appeal_or_request`` -> ``make an appeal or request``."""
    words = " ".join((relation or "").replace("_", " ").split())
    return words[:1].lower() + words[1:]


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def event_question(subject: str, relation: str, obj: str, when: str, mask: str = "object") -> str:
    """An event's question: its object masked (``Who did ...?``) or, with ``mask="time"`` and a time, its time."""
    rel = relation_words(relation)
    if mask == "time" and when:
        return _join("When did", subject, rel, obj) + "?"
    return _join("Who did", subject, rel, when) + "?"


def fact_question(subject: str, relation: str, obj: str, when: str, mask: str = "object") -> str:
    """A fact's question: its object masked (``What was the ... of ...?``) or, with ``mask="time"`` and a time, its
    time."""
    rel = relation_words(relation)
    if mask == "time" and when:
        return _join("When was the", rel, "of", subject, obj) + "?"
    return _join("What was the", rel, "of", subject, when) + "?"


def _clean(text: str) -> str:
    return _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))


def _clause(text: str) -> str:
    words = text.strip(" ,;:.!?").split()
    return " ".join(words[:MAX_WORDS]).rstrip(",;:")


def _without(s: str, part: str) -> str:
    at = s.casefold().find(part.casefold()) if part else -1
    return s[:at] + " " + s[at + len(part) :] if at >= 0 else s


def text_question(title: str, text: str, mask: str = "time") -> str | None:
    """A passage's or chunk's question (see the module doc); None for a text without a sentence of words. With
    ``mask="entity"`` a dated sentence keeps its time (said at the end when the kept words do not reach it) and
    loses its title instead (``What ...?``), as a question that states a time asks for what the text says then."""
    sentences = [s for s in _SENTENCE_END.split(_clean(text)) if s.strip()]
    long = [s for s in sentences if len(s.split()) >= MIN_WORDS]
    dated = [s for s in long if _YEAR.search(s)]
    t = " ".join((title or "").split())
    if dated:
        s = dated[0]
        m = _TIME.search(s)
        assert m is not None  # a dated sentence holds a year, which _TIME matches
        if mask == "entity":
            clause = _clause(_clean(_without(s, t)))
            said = _clean(m[0])
            if said.casefold() not in clause.casefold():
                clause = f"{clause} {said}"
            return f"What {clause}?"
        clause = _clause(_clean(s[: m.start()] + " " + s[m.end() :]))
        return f"When {clause}?" if clause else None
    if not long:
        return None
    clause = _clause(_clean(_without(long[0], t)))
    return f"What {clause}?" if clause else None
