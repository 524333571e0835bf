"""Word lists shared by the question parsers: months, ordinals, decades, question and function words.

Kept in one place so the grammar in the other modules reads as rules, not as lists.
"""

from __future__ import annotations

import re


def words(*chunks: str) -> frozenset[str]:
    """A word set from space-separated text (keeps long lists compact)."""
    return frozenset(" ".join(chunks).split())


MONTHS: dict[str, int] = {}
for _i, _names in enumerate(
    [
        ("january", "jan"),
        ("february", "feb"),
        ("march", "mar"),
        ("april", "apr"),
        ("may",),
        ("june", "jun"),
        ("july", "jul"),
        ("august", "aug"),
        ("september", "sep", "sept"),
        ("october", "oct"),
        ("november", "nov"),
        ("december", "dec"),
    ],
    start=1,
):
    for _n in _names:
        MONTHS[_n] = _i

# Month words that are also common English words: accepted only next to a day or a year ("May 2014", "3 may"),
# or capitalised mid-sentence. Abbreviations are never accepted alone ("Jan" is a name, "dec" an abbreviation).
AMBIGUOUS_MONTHS = frozenset({"may", "march"})

_ORDINAL_WORDS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
ORDINAL_WORDS: dict[str, int] = {w: i for i, w in enumerate(_ORDINAL_WORDS, start=1)}
ORDINAL_WORDS.update(
    {
        "twenty-first": 21,
        "twenty-second": 22,
        "twenty-third": 23,
        "twenty-fourth": 24,
        "twenty-fifth": 25,
        "twenty-sixth": 26,
        "twenty-seventh": 27,
        "twenty-eighth": 28,
        "twenty-ninth": 29,
        "thirtieth": 30,
        "thirty-first": 31,
    }
)

# Words that rank events in time (EXAQT maps ordinal tags and "last" to ORDINAL).
ORDINAL_POSITION: dict[str, int] = {
    **ORDINAL_WORDS,
    "earliest": 1,
    "initial": 1,
    "initially": 1,
    "originally": 1,
    "last": -1,
    "latest": -1,
    "final": -1,
    "newest": -1,
    "eldest": 1,
    "oldest": 1,
    "youngest": -1,
    "most recent": -1,
    "most recently": -1,
    "penultimate": -2,
    "second to last": -2,
    "second-to-last": -2,
    "second last": -2,
    # "who visited X before anyone else": the first
    "before anyone else": 1,
    "before anybody else": 1,
    "before everyone else": 1,
    "before everybody else": 1,
    "before all the others": 1,
    "ahead of everyone else": 1,
    "ahead of anyone else": 1,
    "after everyone else": -1,
    "after everybody else": -1,
    "after all the others": -1,
}

DECADE_WORDS: dict[str, int] = {
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
}

NUMBER_WORDS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a": 1,
    "an": 1,
}

# days in a counted unit of a window ("within a week of", "the 5 days starting", "a fortnight after")
UNIT_DAYS: dict[str, int] = {"day": 1, "week": 7, "fortnight": 14}

SEASONS = ("spring", "summer", "autumn", "fall", "winter")

QUESTION_WORDS = words("who whom whose what which when where why how whats what's who's when's")

AUXILIARIES = words(
    "did do does done was were is are am be been being had has have will would could should can may might must shall"
)

FUNCTION_WORDS = (
    words(
        "a an the of in on at to for from by with about as into onto than and or but nor that this these "
        "those it its he she they them his her their him i we you me us our my your else also ever once then "
        "there here not no any some all each other another same such one ones person people time times year "
        "years month months day days date if so very most more up out"
    )
    | QUESTION_WORDS
    | AUXILIARIES
)

# Lower-case words that may sit inside a capitalised name ("Head of Government (India)", "Saud bin Faisal",
# "Ministry of Agriculture, Fishing and Forestry" is cut at the comma, "Doctors Without Borders" is all capitals).
NAME_CONNECTORS = words(
    "of the de del della di da do dos das du des la le les el al bin ibn bint van von der den ter y e "
    "for on and or & / -"
)

# A verb that only repeats another clause's event: "who else did so", "who had most recently done so", "who did the
# same", "who followed suit", "who did it next", "who was the first to follow?". Shared by the anchor path (``parse``:
# the main clause after "After X did Y, ...") and the declarative path (``declarative``: "X did Y. Who did so next?").
# "did it/that", a bare "follow" and a bare "did" with "also/too/else" ("which other actors also did?", "who did
# too?") only where the sentence ends (an order adverb may come between): "who did it in
# 2014" and "which country did Iran follow" are no pro-forms.
_PRO_ADVERB = r"(?:also|last|first|then|too|earlier|later|just|next|(?:most\s+)?recently)"
_ORDER_TAIL = r"(?:\s+(?:too|as\s+well|next|first|last|afterwards?|later|then|subsequently|earlier|before|previously))*"
# The words of an ellipsis, shared by ``PRO_FORM`` and ``ELLIPTICAL_END`` so that the two read the same verbs.
_DO = r"did|does|do|had|has|have"  # the auxiliary that stands for the verb
_BE = r"was|were|is|are"
_DONE = r"done|doing"
_SAME = r"so|the\s+same|likewise"  # what the auxiliary does: "did so", "had done the same"
_IT = r"it|that"
_AS_WELL = r"too|as\s+well"
PRO_FORM = re.compile(
    rf"\b(?:(?:{_DO})(?:\s+{_PRO_ADVERB})*\s+(?:(?:{_DONE})\s+)?(?:{_SAME})|"
    rf"follow(?:s|ed|ing)?\s+suit|(?:{_DONE})\s+(?:{_SAME})|(?:did|done)\s+the\s+same)\b"
    rf"|\b(?:did|{_DONE}|do|does)\s+(?:{_IT}){_ORDER_TAIL}(?=\s*[?.!]?\s*$)"
    r"|\bfollow(?:s|ed)?(?=\s*[?.!]?\s*$)"
    rf"|\b(?:also|too|else)\s+(?:{_DO})(?:\s+(?:too|also|as\s+well))*(?=\s*[?.!]?\s*$)"
    rf"|\b(?:{_DO})\s+(?:too|also|as\s+well)(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
# The end of an anchor clause that is an ellipsis of the question's event: "after X did", "had done so", "had done
# it", "had done the same", "did likewise too" (``anchors``: X's own doing of the asked event). Matched on
# lower-cased text.
ELLIPTICAL_END = re.compile(
    rf"\b(?:(?:{_DO}|{_BE})(?:\s+(?:{_DONE}))?|{_DONE})(?:\s+(?:{_SAME}|{_IT}))?(?:\s+(?:{_AS_WELL}))?\s*$"
)

# Compounds where an ordinal word is part of a fixed name, not a ranking in time.
LEXICAL_ORDINAL_COMPOUNDS = re.compile(
    r"\b(?:first|last)[\s-](?:name|names|lady|ladies|aid|class|language|minister|half|quarter)\b"
    r"|\b(?:first|last)\s+(?:and|or|&)\s+(?:first|last|middle|maiden)\s+names?\b"
    r"|\b(?:first|second)\s+world\s+war\b|\bat\s+last\b|\bat\s+first\b"
    # "first world" (First World countries), but "their first world series/cup" is a position in time
    r"|\b(?:first|second|third)[\s-](?:place|location|hand|degree|floor|base|rate|class|tier)\b"
    # "a third party", "a third-party venue"; "the first party that X hosted" is a position in time
    r"|\b(?:first|second|third)-part(?:y|ies)\b|(?<!\bthe\s)\b(?:first|second|third)\s+part(?:y|ies)\b"
    # "met in a third country": a place neither side's, no position ("the third country to visit X" is one)
    r"|(?<=\ba\s)third[\s-](?:country|countries|venue|site|territory|state|nation|city|capital)\b"
    r"|\b(?:first|second|third)[\s-]world\b(?!\s+(?:series|cups?|championships?|titles?|records?|tours?))"
    r"|(?<!the\s)(?<!his\s)(?<!her\s)(?<!its\s)(?<!their\s)(?<!['’]s\s)(?<!s['’]\s)\bfinal\b(?!\s+(?:season|episode|album|film|movie|book|game|match|"
    r"year|years|time|term|day|days|appearance|work|novel|song|single|edition|battle|years?))"
    r"|\b(?:per|a|one|each|every|split)\s+second\b|\bhow\s+long\b.*\blast\b",
    re.IGNORECASE,
)

# Words that set the answer apart from an anchor's actors ("who else", "which other actor", "another party"): with
# them, an anchor's own actor is no answer; without them it may be ("Whom did A consult on the day of B's talks with
# A?")
CONTRAST_WORDS = re.compile(r"\b(?:else|other|others|another)\b", re.IGNORECASE)
