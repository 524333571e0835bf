"""Ranked answer lists out of free LLM text.

Models asked for "10 short answer candidates ranked best-to-worst" answer in many shapes: a numbered list (one per
line, or all on one line), bullets, a JSON array (bare, fenced, or inside an object), ``Answer: X``, quoted or bold
names, names followed by dates or explanations, a reasoning block first (``Thought: ...``, ``<think>...</think>``),
or no answer at all. :func:`parse_answer_list` reduces each to a clean list of candidate strings, best first.

Steps: drop reasoning blocks -> keep the text after the last answer marker ("Answer:", "Final answer", "the answer
is") -> read it as JSON, as a numbered/bulleted list, as lines, or as a delimited line -> clean each item (markdown,
quotes, numbering, trailing explanations and dated parentheticals, natural dates to ISO) -> drop non-answers ("none",
"unknown") and prose -> de-duplicate. Parentheses that are part of a name ("Citizen (India)") are kept: only a
parenthetical with a date, a lower-case start or more than four words is taken for an explanation.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from tkgrag.question.lexicon import MONTHS

MAX_WORDS = 12  # an "answer" longer than this is prose, not a candidate

_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_FENCE = re.compile(r"```[a-zA-Z]*\s*\n?(.*?)```", re.S)
_MARKER = re.compile(
    r"(?im)"
    r"(?:^[ \t>#*_-]*(?:final[ \t]+|ranked[ \t]+)?answers?(?:[ \t]+candidates)?[ \t*_]*(?:[:：][ \t*_]*)?$)"
    r"|(?:\b(?:final[ \t]+|ranked[ \t]+)?answers?(?:[ \t]+candidates)?[ \t*_]*[:：][ \t*_]*)"
    r"|(?:\bthe[ \t]+(?:final[ \t]+|correct[ \t]+|most[ \t]+likely[ \t]+)?answers?[ \t]+"
    r"(?:is|are|would[ \t]+be|should[ \t]+be)\b[ \t]*:?)"
)
_NUMBERED = re.compile(r"^\s*(?:\(\d{1,2}\)|\d{1,2}[.):]|#\d{1,2}[.):]?)\s+(.*)$")
_BULLET = re.compile(r"^(\s*)[-*•·+▪‣]\s+(.*)$")
_INLINE_NUMBER = re.compile(r"(?:^|\s)\(?(\d{1,2})[.)]\s+")
_STOP_LINE = re.compile(
    r"^\s*[*_#>]*\s*(?:explanation|reason(?:ing)?|rationale|justification|note|notes|thoughts?|because|"
    r"this (?:is|was)|these (?:are|were)|here,?|in summary|therefore|thus|so,)\b",
    re.I,
)
_NONE = re.compile(
    r"^(?:none|n/?a|nil|null|nothing|unknown|unanswerable|not (?:known|found|available|applicable|mentioned|specified|"
    r"given|provided|determinable|stated|clear)\b.*|"
    r"no (?:answer|answers|information|data|match|matches|one|such \w+)(?: \w+)*|"
    r"(?:there is|there are) no\b.*|(?:i|we) (?:do not|don't|cannot|can't) (?:know|determine|tell|answer)\b.*|"
    r"(?:it )?cannot be (?:determined|answered|found)\b.*|insufficient (?:information|evidence|data)\b.*|"
    r"-+|\?+|\.+)$",
    re.I,
)
# Where a trailing explanation starts: a dash with spaces, a colon, or a clause word after a comma or space.
_EXPLANATION = re.compile(
    r"\s+[-–—]+\s+|:\s+|,?\s+\b(?:because|since|as (?:it|they|he|she|this|the|per|of)|which|who (?:did|was|is|had|has)|"
    r"when|due to|based on|according to|given that|after (?:the|it|they)|before (?:the|it|they)|"
    r"on \d{4}-\d{2}|in \d{4}\b|on (?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b|with (?:a|the|an) (?:score|confidence|probability))\b",
    re.I,
)
_FRAME = re.compile(r"^(?:the|it|this|that)\b[^()]*?\b(?:is|was|are|were|would be)\s+(.+)$", re.I)
_TRAILING_PAREN = re.compile(r"\s*[(\[]([^()\[\]]*)[)\]]\s*$")
_DATE_INSIDE = re.compile(r"\d{4}|\b\d{1,2}[/.]\d{1,2}\b|%|\bscore\b|\bconfidence\b|\bevent\b|\bprob", re.I)
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_QUOTES = "\"'`“”‘’«»„"
_MONTHS = MONTHS
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_MDY = re.compile(rf"^(?:on\s+|in\s+)?({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})$", re.I)
_DATE_DMY = re.compile(
    rf"^(?:on\s+|in\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\.?,?\s+(\d{{4}})$", re.I
)
_DATE_MY = re.compile(rf"^(?:in\s+)?({_MONTH_RE})\.?,?\s+(\d{{4}})$", re.I)
_DATE_ISO = re.compile(r"^(?:on\s+|in\s+)?(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:T[\d:.Z+-]*)?$", re.I)


# --------------------------------------------------------------------------------------------------- sections
def strip_reasoning(text: str) -> str:
    """Text without ``<think>`` blocks; after an unclosed ``</think>``, only what follows it."""
    text = _THINK.sub("", text)
    if "</think>" in text.lower():
        text = re.split(r"</think>", text, flags=re.I)[-1]
    return text


def answer_section(text: str) -> str:
    """The text after the last answer marker that has something after it, else the whole text."""
    best = None
    for m in _MARKER.finditer(text):
        if text[m.end() :].strip(" \t\r\n*_:#"):
            best = m
    return text[best.end() :] if best is not None else text


# --------------------------------------------------------------------------------------------------- items
def _json_items(section: str) -> list[str] | None:
    """Items of a JSON (or Python literal) list or ``{"answers": [...]}`` object, or None if it is not one."""
    s = section.strip()
    if not s or s[0] not in "[{":
        return None
    closing = "]" if s[0] == "[" else "}"
    end = s.rfind(closing)
    if end < 0:
        return None
    blob = s[: end + 1]
    value: Any
    try:
        value = json.loads(blob)
    except ValueError:
        try:
            value = ast.literal_eval(blob)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    return _flatten(value)


def _flatten(value: Any) -> list[str] | None:
    if isinstance(value, dict):
        for key in ("answers", "answer", "candidates", "ranked_answers", "result", "results"):
            if key in value:
                return _flatten(value[key])
        return None
    if isinstance(value, list | tuple):
        out: list[str] = []
        for v in value:
            if isinstance(v, dict):
                name = next((v[k] for k in ("answer", "name", "entity", "text", "candidate") if k in v), None)
                if name is not None:
                    out.append(str(name))
            elif isinstance(v, str | int | float) and not isinstance(v, bool):
                out.append(str(v))
        return out
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return [str(value)]
    return None


def _inline_numbered(line: str) -> list[str] | None:
    """``1. X 2. Y 3. Z`` on one line -> [X, Y, Z] when the numbers count up from 1."""
    marks = list(_INLINE_NUMBER.finditer(line))
    if len(marks) < 2 or int(marks[0].group(1)) != 1 or line[: marks[0].start()].strip():
        return None
    expected, kept = 1, []
    for m in marks:
        if int(m.group(1)) == expected:
            kept.append(m)
            expected += 1
    if len(kept) < 2:
        return None
    ends = [m.start() for m in kept[1:]] + [len(line)]
    return [line[m.end() : end] for m, end in zip(kept, ends, strict=True)]


def _delimited(line: str) -> list[str]:
    """One line of several answers: split on ``;`` or ``|``, or on commas when every part is short."""
    body = line.strip()
    bracketed = len(body) > 1 and body[0] in "[(" and body[-1] in "])"
    if bracketed:
        body = body[1:-1]
    for sep in (";", "|"):
        if sep in body:
            return body.split(sep)
    if "," in body:
        parts = [p for p in body.split(",") if p.strip()]
        if bracketed or (len(parts) > 1 and all(len(p.split()) <= 6 for p in parts)):
            return parts
    return [line]


def _list_items(section: str) -> list[str]:
    lines = [ln for ln in section.splitlines() if ln.strip()]
    numbered = [ln for ln in lines if _NUMBERED.match(ln)]
    if len(numbered) == 1 and (inline := _inline_numbered(numbered[0].strip())):
        return inline
    if numbered:
        return numbered
    bullets = [(len(m.group(1).expandtabs()), m.group(2)) for ln in lines if (m := _BULLET.match(ln))]
    if bullets:
        top = min(indent for indent, _ in bullets)
        return [item for indent, item in bullets if indent == top]
    kept: list[str] = []
    for ln in lines:
        if kept and _STOP_LINE.match(ln):
            break  # an explanation after the answers
        kept.append(ln)
    if len(kept) == 1:
        only = kept[0]
        inline = _inline_numbered(only)
        if inline:
            return inline
        only = _trim(_strip_markup(only))
        if normalize_date(_strip_quotes(only)) is not None:
            return [only]  # "May 13, 2014" is one date, not two answers
        return _delimited(only)
    return kept


# --------------------------------------------------------------------------------------------------- cleaning
def _strip_markup(item: str) -> str:
    s = _MD_LINK.sub(r"\1", item)
    s = re.sub(r"(\*\*|__|~~|`)", "", s).strip()
    if m := re.fullmatch(r"([*_])(.+)\1", s):
        s = m.group(2)  # *italic* / _italic_
    return re.sub(r"^\s*[*_#>]+\s*(?=\S)", "", s).strip()


def _strip_quotes(s: str) -> str:
    s = s.strip()
    while len(s) >= 1 and s[0] in _QUOTES:
        s = s[1:].strip()
    while len(s) >= 1 and s[-1] in _QUOTES:
        s = s[:-1].strip()
    return s


def _cut_explanation(s: str) -> str:
    """Text before a trailing explanation: ``Eritrea - it accused ...`` / ``Eritrea, which ...`` -> ``Eritrea``.
    A cut that would leave nothing is not made."""
    m = _EXPLANATION.search(s)
    if m and s[: m.start()].strip(" ,;."):
        return s[: m.start()]
    return s


def _strip_trailing_parens(s: str) -> str:
    """Drop trailing parentheticals that explain rather than name: ``X (2014-05-13)``, ``X (score 0.9)``,
    ``X (accused them first)``, anything after a date; keep ``Citizen (India)``."""
    while True:
        m = _TRAILING_PAREN.search(s)
        if not m or not s[: m.start()].strip():
            return s
        head, inner = s[: m.start()].rstrip(), m.group(1).strip()
        explains = (
            not inner
            or bool(_DATE_INSIDE.search(inner))
            or (inner[:1].islower() and head != head.lower())  # "(accused first)"; all-lower-case text is no hint
            or len(inner.split()) > 4
            or normalize_date(head) is not None
        )
        if not explains:
            return s
        s = head


def _trim(s: str) -> str:
    """Without trailing explanations, in either form (parenthetical, or after a dash/colon/clause word)."""
    s = _strip_trailing_parens(s.strip().rstrip(".,;:!"))
    s = _cut_explanation(s)
    s = _strip_quotes(s.strip().rstrip(".,;:!"))
    return _strip_trailing_parens(s)


def normalize_date(text: str) -> str | None:
    """ISO form of a date written in words or with slashes (``May 13, 2014`` -> ``2014-05-13``, ``May 2014`` ->
    ``2014-05``, ``2014/5/3`` -> ``2014-05-03``); None when ``text`` is not a whole date."""
    s = text.strip().rstrip(".")
    if m := _DATE_ISO.match(s):
        y, mo, d = int(m.group(1)), int(m.group(2)), m.group(3)
        if not 1 <= mo <= 12:
            return None
        return f"{y:04d}-{mo:02d}" + (f"-{int(d):02d}" if d else "")
    if m := _DATE_MDY.match(s):
        return f"{int(m.group(3)):04d}-{_MONTHS[m.group(1).lower()]:02d}-{int(m.group(2)):02d}"
    if m := _DATE_DMY.match(s):
        return f"{int(m.group(3)):04d}-{_MONTHS[m.group(2).lower()]:02d}-{int(m.group(1)):02d}"
    if m := _DATE_MY.match(s):
        return f"{int(m.group(2)):04d}-{_MONTHS[m.group(1).lower()]:02d}"
    return None


def clean_candidate(item: str) -> str | None:
    """One list item -> the bare answer, or None when it is no answer (``none``, ``unknown``) or prose."""
    s = item
    if m := _NUMBERED.match(s):
        s = m.group(1)
    s = _strip_markup(s)
    if m := _NUMBERED.match(s):
        s = m.group(1)
    s = re.sub(r"(?i)^(?:final\s+)?answers?\s*[:：]\s*", "", s)
    s = _trim(_strip_quotes(s))
    if m := _FRAME.match(s):
        s = m.group(1)  # "The last country was Eritrea" -> "Eritrea"
    s = _strip_quotes(s.strip().rstrip(".,;:!"))
    s = " ".join(s.split())
    if not s or _NONE.match(s):
        return None
    if (iso := normalize_date(s)) is not None:
        return iso
    if len(s.split()) > MAX_WORDS:
        return None
    return s


def _key(s: str) -> str:
    return " ".join(s.replace("_", " ").split()).casefold()


def parse_answer_list(text: str | None, max_answers: int = 10) -> list[str]:
    """Ranked, de-duplicated answer candidates from an LLM's reply (best first); [] when it gave none, or when the
    reply is not text at all (a number or an object from a server that does not speak the chat API)."""
    if not isinstance(text, str) or not text.strip():
        return []
    section = answer_section(strip_reasoning(text))
    fenced = _FENCE.search(section)
    if fenced:
        section = fenced.group(1)
    items = _json_items(section)
    if items is None:
        items = _list_items(section)
    out: list[str] = []
    seen: set[str] = set()
    for item in items:
        cand = clean_candidate(item)
        if cand is None or _key(cand) in seen:
            continue
        seen.add(_key(cand))
        out.append(cand)
        if len(out) >= max_answers:
            break
    return out
