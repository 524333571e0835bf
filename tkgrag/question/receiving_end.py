"""The answer as the unnamed object of a clause: "Who was on the receiving end when China arrested, detained or charged
someone on D?" asks whom China arrested, detained or charged on D. The "when" clause is no anchor (its event is the
question's own), and "receiving end" names no relation; the question is said as the passive "Who was arrested,
detained or charged by China on D?" before parsing. Only a clause whose verbs are past participles (regular "-ed"
forms or a few irregular ones) and whose object is "someone" / "somebody" / "anyone" is read; other wordings are left
as written (the reader abstains on them, as before)."""

from __future__ import annotations

import re

# past tenses whose participle differs, and past forms that are their own participle
_PARTICIPLE = {
    "took": "taken",
    "gave": "given",
    "threw": "thrown",
    "spoke": "spoken",
    "wrote": "written",
    "chose": "chosen",
    "broke": "broken",
    "drove": "driven",
    "stole": "stolen",
    "shook": "shaken",
    "forgave": "forgiven",
    "bit": "bitten",
    "beat": "beaten",
    "drew": "drawn",
    "blew": "blown",
    "saw": "seen",
    "tore": "torn",
    "hid": "hidden",
    "froze": "frozen",
    "struck": "struck",
    "met": "met",
    "fought": "fought",
    "hit": "hit",
    "shot": "shot",
    "sent": "sent",
    "held": "held",
    "brought": "brought",
    "caught": "caught",
    "sought": "sought",
    "told": "told",
    "sold": "sold",
    "paid": "paid",
    "found": "found",
    "kept": "kept",
    "led": "led",
    "left": "left",
    "bought": "bought",
    "taught": "taught",
    "fed": "fed",
    "hurt": "hurt",
    "put": "put",
    "cut": "cut",
    "expelled": "expelled",
}
_VERB = r"[a-z]+"
_RECEIVING_END = re.compile(
    r"\b(?P<who>who|whom|which(?:\s+[a-z]+){0,2}?)\s+(?P<be>was|were)\s+(?:on|at)\s+the\s+receiving\s+end"
    r"(?:\s+of\s+(?:it|this|that))?,?\s+(?:when|as|where)\s+"
    rf"(?P<subj>[^,;?]+?)\s+(?P<verbs>{_VERB}(?:(?:\s*,\s*|,?\s+(?:or|and)\s+){_VERB})*)"
    r"\s+(?:someone|somebody|anyone|anybody)(?:\s+else)?\b"
    # the clause ends there, or a time follows: "threw someone out", "took someone hostage" are left
    r"(?=\s*[,?.!]|\s*$|\s+(?:on|in|during|between|from|before|after|since|until|throughout|within|over|across|at|that"
    r"|this|last)\b)",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"(\s*,\s*|,?\s+(?:or|and)\s+)")


def _participles(verbs: str) -> str | None:
    """ "arrested, detained or charged" as participles ("took" -> "taken"); None when a word is no past form."""
    parts = _SPLIT.split(verbs)
    out: list[str] = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        low = part.lower()
        if low in _PARTICIPLE:
            out.append(_PARTICIPLE[low])
        elif low.endswith("ed") and len(part) > 3:
            out.append(part)
        else:
            return None
    return "".join(out)


def receiving_end(question: str) -> str:
    """``question`` with "who was on the receiving end when X <verbed> someone" said as "who was <verbed> by X";
    unchanged otherwise."""
    m = _RECEIVING_END.search(question)
    if m is None:
        return question
    subj = m.group("subj")
    if re.search(r"\b(?:who|whom|which|what|someone|somebody|anyone|was|were|is|are)\b", subj, re.IGNORECASE):
        return question
    participles = _participles(m.group("verbs"))
    if participles is None:
        return question
    who = m.group("who")
    said = f"{who} {m.group('be')} {participles} by {subj}"
    return question[: m.start()] + said + question[m.end() :]
