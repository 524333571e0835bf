"""An adverb that only sharpens the question word: "When exactly did X meet Y?" asks what "When did X meet Y?" asks.

Left in, "exactly" sits between the question word and the auxiliary, where the parser looks for the event's subject
("did X"), and it joins the relation phrase ("exactly did meet"); the answer's granularity is said by the question
word ("when" a day, "what month" a month), not by the adverb.
"""

from __future__ import annotations

import re

_ADVERB = r"(?:exactly|precisely|specifically|actually|just|roughly|approximately|about)"
# "When exactly", "On what date precisely", "Which actor specifically": the adverb after the question phrase
_AFTER_WH = re.compile(
    r"^(?P<wh>\s*(?:[^,?]{1,60},\s*)?(?:(?:on|in|during|at|by|from|for|until)\s+)?(?:when|where|whom|whose|who|what|which)(?:\s+[a-z]+)?)"
    rf"\s+{_ADVERB}\s*,?(?=\s+(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can)\b)",
    re.IGNORECASE,
)
# "Exactly when did X ...?": the adverb before the question word; both also after an opening phrase and its comma
# ("In 2015, when exactly did X ...?", "In 2015, precisely when did X ...?")
_OPENING = re.compile(r"^\s*[^,?]{1,60},\s*")
_BEFORE_WH = re.compile(rf"\s*{_ADVERB}\s+(?=(?:when|where|who|whom|which|what|on|in|during)\b)", re.IGNORECASE)
_BEFORE_WH_WORD = re.compile(rf"\s*{_ADVERB}\s+(?=(?:when|where|who|whom|which|what)\b)", re.IGNORECASE)


def without_hedge(question: str) -> str:
    """``question`` without an adverb that only sharpens its question word; unchanged when it has none."""
    m = _AFTER_WH.match(question)
    if m is not None:
        return m.group("wh") + question[m.end() :]
    m = _BEFORE_WH.match(question)
    if m is not None:
        rest = question[m.end() :]
        return rest[:1].upper() + rest[1:]
    o = _OPENING.match(question)
    if o is not None and (m := _BEFORE_WH_WORD.match(question, o.end())) is not None:
        return question[: o.end()] + question[m.end() :]
    return question


# An opener that only asks whether the answer is known wraps the wh-question it introduces: "Any idea who X
# investigated in May 2014?" asks "Who X investigated in May 2014?". Left in, its words ("idea who") join the
# relation phrase, where they stand before the names as the verb would, and the actors after them are read as the
# verb's objects. The opener goes at the start of a sentence (also the second one: "X met Y. Anyone know who ...?"),
# only right before a question word (with its preposition: "Any idea with whom ..."); "I wonder whether ..." and
# other yes/no forms are left as written.
_SOMEONE = r"(?:any(?:one|body)|some(?:one|body)|you|u)"
_OPENER = re.compile(
    r"(?P<lead>^|[.!?]\s+)(?:(?:hey|so|ok(?:ay)?|well|quick\s+question|question)\s*[,:]?\s+)?"
    r"(?:"
    # "Any idea", "Got any idea", "Have you any idea", "Any clue" ("No idea who X did, but ...?" says it asks another)
    rf"(?:(?:(?:do|does)\s+{_SOMEONE}\s+)?(?:have|has|got)\s+(?:{_SOMEONE}\s+)?)?(?:any|an)\s+(?:idea|clue|notion)"
    # "Anyone know", "Does anyone know", "Do you happen to know", "Does anybody here remember"
    rf"|(?:(?:do|does)\s+)?{_SOMEONE}(?:\s+here)?\s+(?:happen(?:s)?\s+to\s+)?(?:know|knows|remember|recall)"
    # "I wonder", "I'm wondering", "I was wondering", "Wondering"
    r"|(?:i\s+|i['’]m\s+|i\s+am\s+|i\s+was\s+)?wonder(?:ing)?"
    # "Can you tell me", "Could anyone tell me", "Would someone let me know"
    rf"|(?:can|could|would|will)\s+{_SOMEONE}\s+(?:please\s+)?(?:tell\s+me|let\s+me\s+know|say)"
    r")\s*[,:]?\s+"
    r"(?P<wh>(?:(?:in|on|at|with|for|to|from|by|of|about|against|during)\s+)?"
    r"(?:who|whom|whose|when|which|what|where)\b)",
    re.IGNORECASE,
)


def without_opener(question: str) -> str:
    """``question`` with an opener that only wraps its wh-question ("Any idea who", "Does anyone know when", "I
    wonder which") taken out, the question word capitalised; unchanged when it has none."""

    def said(m: re.Match[str]) -> str:
        wh = m.group("wh")
        return m.group("lead") + wh[:1].upper() + wh[1:]

    return _OPENER.sub(said, question)


# A report's hedge on the act: "X is said to have criticized Y", "X is reported to have hosted Y on a visit". The act
# is X's, said as "X criticized Y": left in, "is said" read as a passive, and X as the act's object.
_REPORT = re.compile(
    r"\b(?P<be>is|are|was|were)\s+(?:(?:widely|also|reportedly|now)\s+)?"
    r"(?:said|reported|alleged|claimed|believed|thought|understood|known|described|rumou?red|supposed|recorded|"
    r"listed|noted|documented|logged|shown|seen)\s+to\s+have\s+(?P<verb>[A-Za-z]+)\b"
)
# participles whose past tense differs; the others are their own past ("criticized", "made", "held")
_PAST = {
    "given": "gave",
    "taken": "took",
    "undertaken": "undertook",
    "done": "did",
    "spoken": "spoke",
    "broken": "broke",
    "written": "wrote",
    "shown": "showed",
    "thrown": "threw",
    "beaten": "beat",
    "chosen": "chose",
    "forgiven": "forgave",
    "withdrawn": "withdrew",
    "begun": "began",
    "drawn": "drew",
    "seen": "saw",
    "overseen": "oversaw",
    "stolen": "stole",
    "forbidden": "forbade",
    "driven": "drove",
    "risen": "rose",
    "gone": "went",
    "flown": "flew",
    "grown": "grew",
    "known": "knew",
    "sworn": "swore",
    "torn": "tore",
    "worn": "wore",
}


def without_report(question: str) -> str:
    """ "X is said to have V-ed Y" -> "X V-ed Y" (and "to have been V-ed" -> "was V-ed"); unchanged without one."""

    def said(m: re.Match[str]) -> str:
        verb = m.group("verb")
        if verb.lower() == "been":
            return "was" if m.group("be").lower() in {"is", "was"} else "were"
        return _PAST.get(verb.lower(), verb)

    return _REPORT.sub(said, question)


# The asked party left as a placeholder in a statement and asked for after it: "Wang Yi issued threats against
# someone on 9 March 2014. Who does the record have?", "X issued threats against a party on D -- whom, exactly?",
# "X appealed to several parties over the course of 2015. Which ones?". The placeholder is the asked object: "X
# issued threats against whom on 9 March 2014?". A source's frame before the statement ("It says here that") goes.
_FRAME = (
    r"(?:(?:it\s+says\s+here|the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:says|has|shows|notes|reports|records|states|claims)"
    r"(?:\s+here)?)\s*,?\s+(?:that\s+)?)?"
)
_PLACEHOLDER = (
    r"(?:someone|somebody|(?:a|an|another|some|several|various|multiple|certain|a\s+few|a\s+number\s+of|"
    r"one\s+or\s+more|two|three)\s+(?:other\s+)?(?:part(?:y|ies)|actors?|others?|entit(?:y|ies)|counterparts?|"
    r"people|individuals?|groups?|targets?|countries|country))"
)
_FOLLOW_UP = (
    r"(?:(?:which|who|whom)(?:\s+(?:ones?|part(?:y|ies)|actors?|were\s+they|was\s+it|was\s+that|is\s+it))?"
    r"(?:\s*,?\s*(?:exactly|precisely|specifically))?"
    r"(?:\s+(?:does|do|did)\s+(?:the\s+|this\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?:have|show|say|name|list|give|record|mention))?"
    r"|name\s+(?:it|them|that\s+party|those\s+parties|the\s+part(?:y|ies))|list\s+them)"
)
_ASKED_PLACEHOLDER = re.compile(
    rf"^\s*{_FRAME}(?P<clause>(?:(?!\b(?:who|whom|which|what|when|where)\b)[^.?!;])+?)\s+{_PLACEHOLDER}"
    rf"(?P<tail>(?:(?!\b(?:who|whom|which|what|when|where)\b)[^.?!;])*?)"
    rf"\s*(?:[.;]|\s--?|\s—|\s–|,)\s*{_FOLLOW_UP}\s*[?.!]?\s*$",
    re.IGNORECASE,
)


def asked_placeholder(question: str) -> str:
    """``question`` with the placeholder its follow-up asks for said as "whom"; unchanged when it has none."""
    m = _ASKED_PLACEHOLDER.match(question)
    if m is None:
        return question
    clause = m.group("clause").strip()
    return f"{clause[:1].upper()}{clause[1:]} whom{m.group('tail').rstrip(' ,')}?"
