"""One way to turn a fact into text, shared by ingestion (what gets embedded) and readers (what an LLM sees).

``("Iran", "Consult", "Tajikistan", 2014-02-06)`` -> ``"Iran consulted Tajikistan on 2014-02-06"``. ICEWS relation
names are CAMEO verb phrases ("Make_an_appeal_or_request"); their first verb is put in the past tense so the text
reads like a news sentence, which is what sentence embedders were trained on. Wikidata predicates ("position held")
are noun phrases and stay as they are. A user's own names (``is_CEO_of``, ``worksFor``, ``opened_office_in``) are
split at underscores and camel humps and keep the verb form they were written in ("is CEO of", "works for"; a bare
singular noun after the verb gets its article: "opened an office in").
"""

from __future__ import annotations

import functools
import re

from tkgrag.temporal import Granularity, TimeSpan

_IRREGULAR = {
    "make": "made",
    "meet": "met",
    "give": "gave",
    "hold": "held",
    "take": "took",
    "bring": "brought",
    "seek": "sought",
    "send": "sent",
    "fight": "fought",
    "lead": "led",
    "win": "won",
    "leave": "left",
    "begin": "began",
    "set": "set",
    "put": "put",
    "shoot": "shot",
    "keep": "kept",
    "find": "found",
    "tell": "told",
    "say": "said",
    "see": "saw",
    "become": "became",
    "run": "ran",
    "be": "was",
    "have": "had",
    "do": "did",
    "go": "went",
    "get": "got",
    "lose": "lost",
    "pay": "paid",
    "sell": "sold",
    "build": "built",
    "break": "broke",
    "throw": "threw",
    "forbid": "forbade",
    "withdraw": "withdrew",
    "undertake": "undertook",
    "expel": "expelled",
}
_NOT_VERBS = {"military", "police", "other", "mass", "physical", "sexual", "economic", "diplomatic", "material"}


def entity_name(key: str) -> str:
    """Display name of an entity key as sources write it (``Citizen_(North_Korea)`` -> ``Citizen (North Korea)``)."""
    return key.replace("_", " ").strip()


def relation_phrase(relation: str) -> str:
    """Readable phrase of a relation name (underscores to spaces, the whole kept as written)."""
    return relation.replace("_", " ").strip()


# camelCase humps and acronyms: "isCEOOf" -> is, CEO, Of; "worksFor" -> works, For
_HUMPS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_FINITE = {"is", "are", "was", "were", "has", "have", "had", "does", "did"}
_PAST_FORMS = frozenset(_IRREGULAR.values()) - {"set", "put"}  # "held", "led", "became": already inflected
_PREPOSITIONS = {"in", "at", "of", "for", "to", "with", "from", "on", "by", "into", "about", "against", "over"}
_DETERMINERS = {"a", "an", "the", "its", "his", "her", "their", "our", "my", "your", "some", "no", "another"}
# nouns read without an article after a verb ("gained control of", "received funding from")
_MASS = {"control", "access", "support", "funding", "money", "power", "information", "advice", "help", "aid", "part"}
_MASS |= {"ownership", "responsibility", "capital", "equity", "influence", "custody", "charge", "place"}


def relation_words(relation: str) -> list[str]:
    """The words of a relation name, split at underscores, spaces and camel humps; acronyms keep their capitals,
    other words are lower-cased (``is_CEO_of`` -> is, CEO, of; ``worksFor`` -> works, for)."""
    out: list[str] = []
    for part in re.split(r"[_\s]+", relation.strip()):
        pieces = _HUMPS.findall(part) if part.isalnum() else [part]
        out.extend(p if len(p) > 1 and p.isupper() else p.lower() for p in pieces if p)
    return out


def _inflected(word: str) -> bool:
    """A verb already in a finite form: "is", "opened", "held", "works" (not CAMEO's base forms "Consult")."""
    w = word.lower()
    if w in _FINITE or w in _PAST_FORMS:
        return True
    if len(w) > 3 and w.endswith("ed"):
        return True
    return len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is"))


def _own_relation(words: list[str]) -> str:
    """A user's relation whose verb is already inflected: kept as written, with an article before a bare singular
    count noun between the verb and a final preposition ("opened office in" -> "opened an office in")."""
    out = list(words)
    if (
        len(out) == 3
        and out[0].lower() not in _FINITE
        and out[2] in _PREPOSITIONS
        and out[1].isalpha()
        and out[1].islower()
        and out[1] not in _DETERMINERS | _MASS
        and not out[1].endswith(("s", "ing"))
    ):
        out.insert(1, "an" if out[1][0] in "aeio" else "a")
    return " ".join(out)


def _past(word: str) -> str:
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("e"):
        return w + "d"
    if w.endswith("y") and len(w) > 2 and w[-2] not in "aeiou":
        return w[:-1] + "ied"
    if len(w) > 2 and w[-1] in "bdgmnpt" and w[-2] in "aeiou" and w[-3] not in "aeiou" and len(w) <= 4:
        return w + w[-1] + "ed"  # stop -> stopped, ban -> banned
    return w + "ed"


@functools.lru_cache(maxsize=4096)  # a TKG has a few hundred relations and each is verbalised per event
def relation_past(relation: str) -> str:
    """``Make_an_appeal_or_request`` -> ``made an appeal or request``; ``Criticize_or_denounce`` -> ``criticized or
    denounced``. Coordinated verbs ("Arrest, detain, or charge with ...") are all put in the past tense when every
    coordinated part but the last is a single word; noun-phrase relations ("position held") stay as they are."""
    phrase = relation_phrase(relation)
    # CAMEO names are capitalised or underscored ("Consult", "fight_with_small_arms"); Wikidata labels ("population",
    # "position held") are noun phrases and are kept as written.
    humps = relation.isalnum() and relation[:1].islower() and any(c.isupper() for c in relation)  # "worksFor"
    camel = relation[:1].isupper() or "_" in relation or humps
    if " " in relation or not camel or not re.sub(r"[_,()]", "", relation).isalpha():
        return phrase
    words = relation_words(relation)
    if words and _inflected(words[0]):  # a user's own name ("is_CEO_of", "worksFor"): the verb keeps its form
        return _own_relation(words)
    if humps:  # camelCase is an ontology's naming ("memberOf", "birthPlace"), never CAMEO's: words as written
        return " ".join(words)
    parts = re.split(r"(,? or |, )", " ".join(words))  # lower case but for acronyms ("join_NATO")
    clauses, seps = parts[0::2], parts[1::2]
    coordinated = len(clauses) > 1 and all(" " not in c for c in clauses[:-1])
    out: list[str] = []
    for i, clause in enumerate(clauses):
        ws = clause.split(" ")
        if i == 0 or coordinated:
            j = 1 if ws[0].endswith("ly") and len(ws) > 1 else 0  # "Physically assault"
            if ws[j].isalpha() and ws[j].islower() and ws[j] not in _NOT_VERBS:
                ws[j] = _past(ws[j])
        out.append(" ".join(ws))
        if i < len(seps):
            out.append(seps[i])
    return "".join(out)


def time_phrase(span: TimeSpan | None) -> str:
    if span is None or (span.start is None and span.end is None):
        return ""
    if span.start is not None and span.end is not None:
        whole = TimeSpan(span.start, span.end, span.granularity).label()
        if ".." not in whole:
            return f"on {whole}" if span.granularity is Granularity.DAY else f"in {whole}"
        a, b = whole.split("..")
        return f"from {a} to {b}"
    if span.start is not None:
        return f"since {TimeSpan(span.start, span.start, span.granularity).at(span.granularity).label()}"
    assert span.end is not None
    return f"until {TimeSpan(span.end, span.end, span.granularity).at(span.granularity).label()}"


def verbalize_event(subject: str, relation: str, obj: str, span: TimeSpan | None) -> str:
    """The sentence stored as ``Event.text``. ``subject``/``obj`` are display names or keys."""
    parts = [entity_name(subject), relation_past(relation), entity_name(obj), time_phrase(span)]
    return " ".join(p for p in parts if p)
