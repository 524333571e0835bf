"""Who does what in a question's clause, from syntax alone: where the verb is, whether the clause is passive, the
role of each mention (subject or object of the relation) and the role the answer takes. Pure string work; question
grounding checks these roles against the graph."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tkgrag.model import AnswerRole
from tkgrag.question.model import AnswerKind, Mention, TemporalQuestion

_BE = r"(?:was|were|is|are|been|being|be|get|gets|got|gotten)"
_ADVERBS = r"(?:(?:first|last|also|ever|never|not|recently|once|again|repeatedly|previously|initially|finally)\s+)*"
_PASSIVE_BEFORE_VERB = re.compile(rf"\b{_BE}\s+{_ADVERBS}$", re.IGNORECASE)
_AUX_INVERSION = re.compile(
    r"^\s*(?:(?:in|on|at|with|for|to|from|by|of|about|against|into)\s+)?"
    r"(?:who|whom|what|which|wich)(?:\s+[a-z]+)?\s+"
    r"(?:did|does|do|has|have|had|will|would|can|could|should|might|may)\b",
    re.IGNORECASE,
)


def verb_position(text: str, relation_phrase: str, blocked: Sequence[tuple[int, int]] = ()) -> int | None:
    """Where the clause's verb (the first word of its relation phrase) is, outside ``blocked`` spans (mentions,
    anchors); None when the phrase is empty or not found."""
    words = re.findall(r"[\w'’-]+", relation_phrase)
    if not words:
        return None
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(words[0])}(?![\w'’-])", re.IGNORECASE)
    for m in pattern.finditer(text):
        if not any(a <= m.start() < b for a, b in blocked):
            return m.start()
    return None


# "receive(d) X from Y", "got a visit from Y": the receiver is the relation's object, Y its subject; also with the
# giver asked after a dash: "X received humanitarian aid - by whom?", "X got aid -- from which country?".
# A received visit is ICEWS's Host_a_visit, whose object is the visitor: no swap for "received a visit from Y".
_RECEIVE_FROM = re.compile(
    r"(?:receiv\w*|got|gets?|getting|obtain\w*)\b(?![^,;?]*\bvisit)[^,;?]*?"
    r"(?:\bfrom\b|\s[-–—]+\s*(?:and\s+)?by\s+(?:whom|who|which|what)\b)"
    # "X was the subject / target of a statement by Y": Y made it, X is its object
    # "X was a victim of unconventional violence at the hands of Y (by Y, from Y)": Y did it
    r"|(?:(?:was|were|is|are|been|being)\s+)?(?:the\s+|a\s+)?(?:subject|target|object|recipient|focus|victims?)\s+of\b"
    r"[^,;?]*?\b(?:by|at\s+the\s+hands\s+of|from)\b"
    # "X suffered unconventional violence at the hands of Y", "X faced attacks at the hands of Y": Y did it
    r"|(?:suffer|endur|experienc|fac|sustain|receiv|undergo|underw)\w*\b[^,;?]*?\bat\s+the\s+hands\s+of\b"
    # "X faced accusations from Y", "X suffered attacks by Y", "X endured strong criticism from Y": the act X met
    # is Y's; the agent within a few words of the verb (a "from" / "by" further on belongs to another clause)
    r"|(?:suffer(?:s|ed|ing)?|endur(?:e|es|ed|ing)|experienc(?:e|es|ed|ing)|fac(?:e|es|ed|ing)|sustain(?:s|ed|ing)?|"
    r"undergo(?:es|ing)?|underwent|undergone)"
    # (not across a word that opens another phrase: "faced alongside troops sent by Y", "faced X and troops from Y")
    r"(?:\s+(?!(?:in|on|at|during|before|after|when|since|until|alongside|with|against|to|and|who|which|that)\b)"
    r"[\w'’-]+){1,5}?"
    r"\s+(?:from|by)\b"
    # "X came under violent attack from Y", "X fell under criticism by Y": Y did it
    r"|(?:c[oa]me|comes|coming|f[ae]ll|falls|falling|fallen)\s+under\b[^,;?]*?\b(?:from|by|at\s+the\s+hands\s+of)\b",
    re.IGNORECASE,
)
# "From whom did X receive a visit?": Host_a_visit, X its subject as said (``_RECEIVE_FROM``'s exception)
_VISIT_AFTER = re.compile(r"[^,;?]*\bvisit", re.IGNORECASE)
# "From whom did X receive praise?", "From which country did X get a lawsuit?": the giver asked up front
_FROM_WH_RECEIVE = re.compile(
    r"(?:^|,)\W*from\s+(?:whom|who|which|what)\b[^,;?]*?\b(?:did|does|do|has|have|had|will|would)\b[^,;?]*?"
    r"\b(?:receiv\w*|get|gets|got|getting|obtain\w*)\s*$",
    re.IGNORECASE,
)


# "By whom was X praised", "By which country was X visited": the agent asked up front.
# Also after a fronted anchor: "On the day X was praised by Y, by whom else was X praised".
_BY_WH = re.compile(r"(?:^|,)\W*by\s+(?:whom|who|which|what)\b.*\b(?:was|were|is|are|been|be)\b", re.IGNORECASE)
# The verb of the relation phrase is the passive auxiliary itself: "did X get criticised by Y".
_GET_PASSIVE = re.compile(r"(?:get|gets|got|gotten|getting)\s+[a-z]+(?:ed|en|wn)\b", re.IGNORECASE)


def is_passive(text: str, verb_start: int) -> bool:
    """ "was rejected", "were first criticized": a form of *be* (and adverbs) right before the verb; or an inverted
    *be* with a participle and an agent: "When was Wan Azizah last praised by X" (but not "Who was the first to
    host a visit by X", where "to" marks an infinitive)."""
    before = text[:verb_start]
    if _PASSIVE_BEFORE_VERB.search(before) or _BY_WH.search(before) or _GET_PASSIVE.match(text, verb_start):
        return True
    if _RECEIVE_FROM.match(text, verb_start):  # "receive optimistic remarks from Japan": Japan made them
        return True
    if _FROM_WH_RECEIVE.search(text[: verb_start + len(_word_at(text, verb_start))]) and not _VISIT_AFTER.match(
        text, verb_start
    ):
        return True
    be = list(re.finditer(rf"\b{_BE}\b", before, re.IGNORECASE))
    if not be or re.search(r"\b(?:to|did|does|do)\b", before[be[-1].end() :], re.IGNORECASE):
        return False
    verb = re.match(r"[\w'’-]+", text[verb_start:])
    participle = verb is not None and verb.group().lower().endswith(("ed", "en", "wn", "ught", "id", "ld", "nt"))
    return participle and re.search(r"\bby\b", text[verb_start:], re.IGNORECASE) is not None


def _word_at(text: str, start: int) -> str:
    m = re.match(r"[\w'’-]+", text[start:])
    return m.group() if m is not None else ""


_AGENT_BEFORE = re.compile(r"\b(?:by|from|at\s+the\s+hands\s+of)\s+(?:the\s+)?$", re.IGNORECASE)


def syntactic_role(text: str, mention: Mention, verb_start: int | None, *, passive: bool = False) -> AnswerRole:
    """The role of ``mention`` in the clause whose verb starts at ``verb_start`` (see the module docstring)."""
    if verb_start is None:
        return AnswerRole.OBJECT if not _AUX_INVERSION.match(text) else AnswerRole.SUBJECT
    if mention.start < verb_start:
        return AnswerRole.OBJECT if passive else AnswerRole.SUBJECT
    if passive and _AGENT_BEFORE.search(text[: mention.start]):
        return AnswerRole.SUBJECT
    return AnswerRole.OBJECT


def wh_answer_role(text: str, passive: bool) -> AnswerRole:
    """The answer's role from the question word alone: "Whom did X ..." or a passive -> OBJECT, else SUBJECT."""
    if _AUX_INVERSION.match(text) or passive:
        return AnswerRole.OBJECT
    return AnswerRole.SUBJECT


def answer_role_of(tq: TemporalQuestion, roles: Sequence[AnswerRole], passive: bool, text: str) -> AnswerRole:
    """TIME for "when/in which month" questions; otherwise the role no entity takes (syntax decides a tie)."""
    if tq.answer_type.kind is AnswerKind.TIME:
        return AnswerRole.TIME
    has_s, has_o = AnswerRole.SUBJECT in roles, AnswerRole.OBJECT in roles
    if has_s and not has_o:
        return AnswerRole.OBJECT
    if has_o and not has_s:
        return AnswerRole.SUBJECT
    return wh_answer_role(text, passive)


def swap(role: AnswerRole) -> AnswerRole:
    return {AnswerRole.SUBJECT: AnswerRole.OBJECT, AnswerRole.OBJECT: AnswerRole.SUBJECT}.get(role, role)
