"""Clause shapes the parser reads only in another form, put into that form before parsing (each text -> text; a
question that does not fit a shape exactly is left as written):

- a plural marker: "which day(s)", "which actor(s)" -> "which days", "which actors" (the "s" was read as a verb);
- a topic before a dash: "Yu Zhengsheng — who hosted them in September 2015?" -> "Who hosted Yu Zhengsheng in
  September 2015?" (the pronoun is the topic; without one, or with two, the question stays as written);
- the anchor's own object asked: "In 2014, who were the targets when X had a telephone conversation with someone?"
  -> "In 2014, X had a telephone conversation with whom?";
- a part of an anchor's period: "Earlier in the month in which X did R to Y, who else had already done so?" and
  "Before X did R to Y, which other actors had done the same earlier that month?" -> "In the same month that X did
  R to Y, who else had done so before X did?" (the month of the anchor's event and the side of it; "After ..., who
  else did the same later that month?" likewise). Before, "earlier" or "already" was read as the relation, and
  "later that month" was dropped, which left the answer unbounded after the anchor.
"""

from __future__ import annotations

import re

from tkgrag.question.lexicon import PRO_FORM
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import MentionKind
from tkgrag.question.sectors import country_of, sector_phrase_length
from tkgrag.question.time_expressions import find_time_expressions

_PLURAL_MARK = re.compile(r"\b([A-Za-z]{2,})\((e?s)\)", re.IGNORECASE)


def plural_marks(text: str) -> str:
    """ "day(s)" -> "days", "match(es)" -> "matches"."""
    return _PLURAL_MARK.sub(lambda m: m.group(1) + m.group(2), text)


_DASH_TOPIC = re.compile(
    r"^\s*(?P<topic>[^—–?,;:]+?)\s*(?:—|–|--|\s-\s|(?P<colon>:))\s*(?P<rest>(?:who|whom|which|what)\b[^—–]*)$",
    re.IGNORECASE,
)
# before a colon the topic is a name or a sector, no time or clause: "In 2014: who praised them?" is no topic
_NO_COLON_TOPIC = re.compile(
    # nor "How about X: ..." / "And X: ...", read by ``resolve_topic``
    r"\d|[()]|^(?:in|on|at|during|before|after|since|until|from|for|by|between|question|q|how|and|what)\b"
    # nor a discourse label: "Quick question: who criticised them?", "Follow-up:", "Note:", "Context:"
    r"|^(?:(?:(?:a\s+)?quick|one\s+more|another|last|final|next|follow[\s-]?up|related|bonus)\s+(?:question|query|one)|"
    r"follow[\s-]?ups?|note|nb|context|background|clarification|update|reminder|query|also|ok(?:ay)?|so|next|"
    r"now|then|edit|ps|p\.s\.|fyi|aside|bonus)\s*$",
    re.I,
)
# "Barack Obama (and I mean in October 2015 only): who praised them?": a topic, a parenthesis, a colon
_PAREN_TOPIC = re.compile(
    r"^\s*(?P<topic>[^—–?,;:()]+?)\s*(?P<paren>\([^()]*\))\s*:\s*(?P<rest>(?:who|whom|which|what)\b[^—–:()]*?)"
    r"(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(?:them|him|her|it|they|he|she)\b", re.IGNORECASE)
_WH = re.compile(r"\b(?:who|whom|which|what|when|where)\b", re.IGNORECASE)


def dash_topic(text: str) -> str:
    """ "X — who V'd them in T?" (or "X: who ...") -> "Who V'd X in T?": the pronoun stands for the topic before the
    dash or colon; "X (and I mean in T only): who V'd them?" -> "Who V'd X (and I mean in T only)?" likewise (the
    topic had been read as the subject, the roles swapped)."""
    m = _DASH_TOPIC.match(text)
    if m is not None and m.group("colon") and _NO_COLON_TOPIC.search(m.group("topic").strip()):
        m = None
    paren = ""
    if m is None:
        m = _PAREN_TOPIC.match(text)
        if m is None:
            return text
        paren = f" {m.group('paren')}{m.group('end') or '?'}"
    if _WH.search(m.group("topic")):
        return text
    rest = m.group("rest")
    pronouns = list(_PRONOUN.finditer(rest))
    if len(pronouns) != 1:
        return text
    topic = m.group("topic").strip()
    first = topic.split()[0]
    words = [w.lower() for w in topic.split()]
    # not a demonym, which is capitalised anywhere: "Israeli Defense Forces" is a name (the sector phrase "defense
    # forces" after it had made "israeli" a modifier and the name lost its first word)
    if (
        first[:1].isupper()
        and country_of(first) is None
        and (sector_phrase_length(words) or (first == "The" and sector_phrase_length(words[1:])))
    ):
        topic = first[:1].lower() + topic[1:]  # "Criminals in Mexico", "The police in Kenya": a sector, no name
    p = pronouns[0]
    out = rest[: p.start()] + topic + rest[p.end() :] + paren
    return out[:1].upper() + out[1:]


_TARGETS_WHEN = re.compile(
    r"^(?P<lead>.*?)\b(?:who|which\s+[a-z]+)\s+(?:were|was|are|is)\s+(?:the\s+"
    r"(?:targets?|recipients?|counterparts?|partners?|victims?|other\s+part(?:y|ies))"
    # "on the receiving end when X made demands of someone" (``receiving_end`` reads a verb's own object)
    r"|(?P<end_of>(?:on|at)\s+the\s+receiving\s+end(?:\s+of\s+(?:it|this|that))?,?)|targeted|affected)\s+"
    r"(?:when|as)\s+"
    # "someone" after a preposition ("made demands of someone", "spoke in praise of someone") or as the verb's own
    # object ("arrested, detained or charged someone", "met someone")
    r"(?P<clause>.+?(?:\s(?:with|to|at|against|on|for|about|from|of|towards?|upon|into|over)|[a-z]ed|\s(?:met|hit|struck|"
    r"fought|shot|sent|held|caught|sought|told|paid|beat|took|made|gave|urged|saw)))\s+"
    r"(?:someone|somebody|anyone|anybody|another\s+(?:actor|party)|others?)"
    # a time after it: "... demands of someone in March 2015" (a year in it; a name after "in" could be a place)
    r"(?P<time>\s+(?:in|on|during|between|from|throughout|over|within)\s+[^?]*?\b\d{4}\b[^?]*?)?"
    r"(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


_BEFORE_SOMEONE = re.compile(r"\s(?:with|to|at|against|on|for|about|from|of|towards?|upon|into|over)$", re.IGNORECASE)


def targets_when(text: str) -> str:
    """ "(In 2014,) who were the targets when X V'd with someone?" -> "(In 2014,) X V'd with whom?"; also "when X
    made demands of someone", "when X arrested someone" (the verb's object), "when X V'd someone in March 2015"."""
    m = _TARGETS_WHEN.match(text)
    if m is None or re.search(r"\b(?:who|whom|which|what|when)\b", m.group("clause"), re.IGNORECASE):
        return text
    lead = m.group("lead")
    if lead.strip() and not lead.rstrip().endswith(","):
        return text
    if m.group("end_of") and _BEFORE_SOMEONE.search(m.group("clause")) is None:
        return text  # "on the receiving end when X arrested someone": ``receiving_end``'s passive
    clause = m.group("clause")
    if not lead.strip():
        clause = clause[:1].upper() + clause[1:]
    return f"{lead}{clause} whom{m.group('time') or ''}{m.group('end') or '?'}"


_UNIT = r"(?P<unit>day|week|month|year)"
# "Earlier in the month in which X did R to Y, who else had already done so?"
_PART_FIRST = re.compile(
    r"^\s*(?P<dir>earlier|later)\s+(?:on|in|during|within)\s+the\s+(?:same\s+|very\s+)?" + _UNIT + r"\s+"
    r"(?:in\s+which|on\s+which|during\s+which|when|that|where)\s+(?P<clause>[^,?]+?)\s*,\s*(?P<main>[^,]+?)"
    r"(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)
# "Before X did R to Y, which other actors had done the same earlier that month?"
_PART_LAST = re.compile(
    r"^\s*(?P<trig>before|after)\s+(?P<clause>[^,?]+?)\s*,\s*(?P<main>[^,]+?)\s+(?P<dir>earlier|later)\s+"
    r"(?:in\s+|during\s+|within\s+)?(?:that|the\s+same|that\s+same|the)\s+" + _UNIT + r"(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def _subject(clause: str) -> str | None:
    """The clause's subject: the longest entity mention that opens it and is followed by a lower-case word."""
    opening = [
        m
        for m in find_mentions(clause)
        if m.start == 0 and m.kind in (MentionKind.NAME, MentionKind.ROLE, MentionKind.QUOTED)
    ]
    if not opening:
        return None
    best = max(opening, key=lambda m: m.end)
    if not re.match(r"\s+[a-z]", clause[best.end :]):
        return None
    return best.text


# "Earlier in the same year in which X did Y, but before that happened, who did Z?", "In the same month as X did Y,
# but after that happened, who did Z?": the main clause states its own event; said as two anchors, the period and the
# side ("In the same year that X did Y, who did Z before X did Y?"). One rule (``time_glosses._side_in_period``, its
# twin, was merged into it by h34t).
_PART_BUT = re.compile(
    r"^\s*(?:(?P<dir>earlier|later)\s+)?(?:on|in|during|within)\s+the\s+(?:same\s+|very\s+)?" + _UNIT + r"\s+"
    r"(?:in\s+which|on\s+which|during\s+which|when|that|as)\s+(?P<clause>[^,?]+?)\s*,\s*(?:but\s+|and\s+)?"
    r"(?P<trig>before|after)\s+(?:that|this|it|then)(?:\s+(?:happened|took\s+place|occurred|was\s+done))?\s*,\s*"
    r"(?P<main>(?:who|whom|which|what)\b[^?]*?)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def _part_but(text: str) -> str | None:
    m = _PART_BUT.match(text)
    if m is None or (m.group("dir") and (m.group("trig").lower() == "before") != (m.group("dir").lower() == "earlier")):
        return None  # "Later in the year in which X, but before that happened": the sides disagree
    if not m.group("dir") and not re.search(r"\b(?:but|and)\s+(?:before|after)\b", m.group(0), re.IGNORECASE):
        return None  # "In the same year that X did Y, before that, ...": left as its twin left it
    clause, end, unit = m.group("clause").strip(), m.group("end").strip() or "?", m.group("unit").lower()
    main = m.group("main").strip()
    return f"In the same {unit} that {clause}, {main[:1].lower()}{main[1:]} {m.group('trig').lower()} {clause}{end}"


def anchor_period_part(text: str) -> str:
    """The earlier or later part of an anchor event's period, asked with a pro-form (see the module docstring), or
    with its own event after "but before/after that happened"."""
    but = _part_but(text)
    if but is not None:
        return but
    m = _PART_FIRST.match(text) or _PART_LAST.match(text)
    if m is None:
        return text
    direction = m.group("dir").lower()
    if (
        "trig" in m.groupdict()
        and m.group("trig")
        and (m.group("trig").lower() == "before") != (direction == "earlier")
    ):
        return text  # "After X, who did so earlier that month": the two sides disagree
    main = re.sub(r"\s+already\b", "", m.group("main"), flags=re.IGNORECASE)
    if not PRO_FORM.search(main) or re.search(r"\b(?:earlier|later)\b", main, re.IGNORECASE):
        return text  # the main clause states its own event, or a second side
    clause = m.group("clause").strip()
    subject = _subject(clause)
    if subject is None:
        return text
    side = "before" if direction == "earlier" else "after"
    end = m.group("end").strip() or "?"
    return f"In the same {m.group('unit').lower()} that {clause}, {main.strip()} {side} {subject} did{end}"


# "earlier in 2014 than Simon Gass's consultations with X", "than the visit of X to Y": an event noun, no time word
# (read as "the day" of it; an event noun's roles are read by the anchor's grounding)
_BARE_NOMINAL = (
    r"(?=the\s+(?:[a-z-]+\s+)?[a-z-]+\s+(?:of|between|by|from)\s|"
    r"(?:the\s+)?[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,5}['’]s?\s+(?:[a-z-]+\s+)?[a-z-]+\s+(?:of|with|to|on|about|against|for)\s)"
)
# "Which actors hosted X earlier in 2014 than the day X praised Y?": the year bounds the answer and the anchor alike
_THAN_THE_DAY = re.compile(
    r"^\s*(?P<main>(?:who|whom|which|what)\b[^?]*?)\s+(?P<dir>earlier|later)\s+in\s+(?P<year>\d{4})\s+than\s+"
    r"(?:the\s+(?:day|date|time|moment)\s+(?:(?:on\s+which|when|that)\s+)?|when\s+|" + _BARE_NOMINAL + r")"
    r"(?P<clause>[^,?]+?)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def than_the_day(text: str) -> str:
    """ "<wh ...> earlier in 2014 than the day X did Y?" -> "Before the day X did Y in 2014, <wh ...> in 2014?": the
    anchor's own year is stated then, so its event is looked for in that year, as the question means. The "than"
    phrase first ("Earlier in 2014 than the day X did Y, who ...?") is ``time_glosses._front_than``'s (one rule)."""
    m = _THAN_THE_DAY.match(text)
    if m is None or re.search(r"\b(?:19|20)\d\d\b", m.group("clause")):
        return text
    side = "Before" if m.group("dir").lower() == "earlier" else "After"
    year, main = m.group("year"), m.group("main")
    end = m.group("end").strip() or "?"
    return f"{side} the day {m.group('clause').strip()} in {year}, {main[:1].lower()}{main[1:]} in {year}{end}"


# "Who rejected X in 2014 once X made a statement about Y?", "Name the first actor that gave aid to X once X worked
# with Y.": "once" after a main clause and before a clause with its own subject is "after" (the anchor trigger reads
# "once" there only before "had/has/did"; without it the two clauses were read as one, a wrong answer). Not an
# adverb: "X once held talks with Y" (a verb follows), "once again", "once a year", "visited X once".
_ONCE_PAST = (
    r"(?:[a-z]{2,}ed|made|held|took|gave|met|said|began|won|lost|went|came|paid|struck|sent|brought|"
    r"fought|spoke|wrote|signed|led|left|sought|told|hit|cut|beat|sold|bought|broke|chose|drew|saw|withdrew|threw|"
    r"became|put|set|flew|knew|grew|rose|fell|felt|kept|dealt|meant|built|lent|spent|stood|caught|found|sank)"
)
_ONCE_CLAUSE = re.compile(
    r"(?<=\S)(?P<pre>,?\s+)once\s+(?=(?:the|an?|its|their|his|her)\s+(?!(?:year|month|week|day|time)\b)|"
    r"[A-Z][\w'’.-]*\s|"
    # a lower-case subject with its place: "once people in Bangladesh sued X", "once members of the public ..." (not
    # the adverb before a verb: "who once visited people in X")
    rf"(?!(?:again|more|upon|every|each|per|or|and|{_ONCE_PAST})\b)[a-z]{{3,}}(?:\s+[a-z]+)?\s+(?:in|of|from)\s)"
    rf"(?=[^,?.;!]*\b{_ONCE_PAST}\b)"
)
_MAIN_BEFORE = re.compile(r"\b(?:who|whom|which|what|name|list|tell|give|identify)\b", re.IGNORECASE)


def once_clause(text: str) -> str:
    """ "..., who did R once X did S?" -> "... after X did S?" (``_ONCE_CLAUSE``); unchanged otherwise."""
    m = _ONCE_CLAUSE.search(text)
    if m is None or _MAIN_BEFORE.search(text, 0, m.start()) is None:
        return text
    return f"{text[: m.start()]}{m.group('pre')}after {text[m.end() :]}"


# "What was the first date after X did Y on which Z did W?": the relative clause ("on which ...") is the main event,
# the words between "after" and it the anchor; read together they were one anchor and the question had no event
_TIME_AFTER_WHICH = re.compile(
    # a scope may open the question: "Within 2015, what was the last day before X did Y on which ..."
    r"^\s*(?P<scope>(?:within|in|during|throughout|over|for|considering|looking\s+at)\s+[^,?]{4,30}?\s*,\s*)?"
    r"(?P<wh>what|which|when)\s+(?P<be>was|is|were|are)\s+the\s+"
    r"(?P<ord>first|earliest|next|last|latest|final|most\s+recent)\s+(?P<noun>date|day|month|year|time|week)\s+"
    r"(?P<trig>after|before|following|since|prior\s+to)\s+(?P<anchor>[^?]+?)\s*,?\s+"
    r"(?P<rel>on\s+which|in\s+which|during\s+which|when|that)\s+(?P<main>[^?]+?)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def time_after_which(text: str) -> str:
    """ "What was the first date after X did Y on which Z did W?" -> "After X did Y, what was the first date on which
    Z did W?" (the fronted anchor clause the reader reads); unchanged otherwise."""
    m = _TIME_AFTER_WHICH.match(text)
    if m is None or find_time_expressions(m.group("anchor")):
        return text  # "the first date after 5 May 2014 on which ...": a time, read by the time path
    scope = m.group("scope") or ""
    if scope and len(find_time_expressions(scope)) != 1:
        return text  # "In the meantime, what was ...": no time
    trig = m.group("trig")
    end = m.group("end").strip() or "?"
    if scope:
        trig = trig.lower()
    return (
        f"{scope}{trig[:1].upper() if not scope else trig[:1]}{trig[1:]} {m.group('anchor').strip()}, "
        f"{m.group('wh').lower()} {m.group('be')} the "
        f"{m.group('ord')} {m.group('noun')} {m.group('rel')} {m.group('main').strip()}{end}"
    )


# "After X did Y, on which dates in the rest of 2014 did Z ...?": the year, after the anchor (the constraint's "after"
# says the rest); left as written, "in the rest" stayed in the event words, the verb was lost and both names were read
# as objects (the days of either's events answered)
_REST_OF_YEAR = re.compile(
    r"\b(?P<prep>in|during|over|for|through(?:out)?)\s+(?:the\s+)?(?:rest|remainder|remaining\s+part|balance)\s+of\s+"
    r"(?:the\s+year\s+)?(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def rest_of_year(text: str) -> str:
    """ "in the rest of 2014" -> "in 2014" when an anchor orders the question ("after ..."/"before ..."), whose
    constraint keeps the rest of the year; unchanged otherwise."""
    if not re.search(r"\b(?:after|following|since|once|before)\b", text, re.IGNORECASE):
        return text
    return _REST_OF_YEAR.sub(lambda m: f"{m.group('prep')} {m.group('year')}", text)


# "Who came next after X in praising Y?", "Which country followed X in praising Y?": the first one after X's own event
# to do it, said like "Who was the next after X to praise Y?" (the anchor's infinitive form, ``anchors``). Without
# it "came" was read as the question's event and "X in praising Y" as the anchor.
_CAME_NEXT = re.compile(
    r"^(?P<lead>.*?)\b(?P<who>who|which(?:\s+[a-z]+){1,2}?)\s+"
    r"(?:(?:came|comes|come|was|were|is|went|ranked)\s+(?:(?:next|second)\s*,?\s*)?(?P<dir>after|(?:(?:just|right|immediately)\s+)?before)"
    r"|followed|preceded)\s+"
    r"(?P<x>[^,?;]+?)\s*,?\s+(?:in|when\s+it\s+came\s+to|with)\s+(?P<act>[a-z]+ing\b[^?;]*?)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def came_next(text: str) -> str:
    """ "Who came next after X in praising Y?" -> "Who was the next after X to praising Y?" (also "followed X in
    V-ing", "came next, after X, in V-ing"); "Who came (just) before X in praising Y?", "Who preceded X in praising Y?"
    -> "Who was the last before X to praising Y?"."""
    m = _CAME_NEXT.match(text)
    if m is None or _WH.search(m.group("x")) or re.match(r"(?:during|nothing|anything)\b", m.group("act"), re.I):
        return text
    before = "before" in (m.group("dir") or "").lower() or m.group(0)[m.end("who") :].lstrip().lower().startswith(
        "preceded"
    )
    order = "the last before" if before else "the next after"
    return f"{m.group('lead')}{m.group('who')} was {order} {m.group('x')} to {m.group('act')}{m.group('end')}"


# ICEWS's inverted country name "Palestinian Territory, Occupied": the comma ends a clause for the anchor finder ("in
# the same month as when the head of government of Palestinian Territory, Occupied made a demand of ..."), which left
# "Occupied" as a name of its own. Said in the natural order, the linker finds the same entities.
_INVERTED_NAME = re.compile(r"\b(?P<name>Palestinian\s+Territor(?:y|ies)),\s*(?P<q>Occupied)\b")
# The same territory as people write it, in lower case: "children in the occupied Palestinian territory", "the
# occupied Palestinian territories", "the Palestinian territories". Lower-case, "Palestinian" was read as a name of
# its own (no entity) and the sector before it lost its holder; said as the name, the sector reads it.
_TERRITORY_SAID = re.compile(
    r"\b(?P<the>the\s+)?(?:(?:occupied|Occupied)\s+)?Palestinian\s+(?:territor(?:y|ies)|Territor(?:y|ies))\b"
    r"(?!,\s*Occupied)"
)


def inverted_names(text: str) -> str:
    """ "Palestinian Territory, Occupied" -> "Occupied Palestinian Territory"; "the occupied Palestinian
    territories", "the Palestinian territories" -> "the Occupied Palestinian Territory" likewise."""
    text = _INVERTED_NAME.sub(lambda m: f"{m.group('q')} {m.group('name')}", text)
    return _TERRITORY_SAID.sub(lambda m: f"{m.group('the') or ''}Occupied Palestinian Territory", text)


# "the US cabinet", "the UK government": "US" is the pronoun "us" to the mention finder (a function word), so the
# sector lost its country. Before a lower-case word the abbreviation is an adjective ("the American cabinet", which
# the linker reads); elsewhere a name ("visited the US" -> "visited the United States").
_ABBREVIATED_COUNTRY = re.compile(r"(?<![\w.])(?P<the>the\s+)?(?P<abbr>U\.S\.A\.|U\.S\.|USA|US|U\.K\.|UK|UAE)(?![\w.])")
_COUNTRY_FORMS = {
    "US": ("American", "the United States"),
    "UK": ("British", "the United Kingdom"),
    "UAE": ("Emirati", "the United Arab Emirates"),
}


def abbreviated_countries(text: str) -> str:
    """ "the US cabinet" -> "the American cabinet"; "visited the US in 2014" -> "visited the United States in
    2014" (also "U.S.", "USA", "UK", "U.K.", "UAE"; capitals only); left before a capitalised word ("UAE Armed
    Forces" is a name of the store's)."""

    def said(m: re.Match[str]) -> str:
        if re.match(r"\s+[A-Z]", text[m.end() :]):
            return m.group(0)  # a name of the store's own: "UAE Armed Forces", "US Senate"
        abbr = m.group("abbr").replace(".", "")
        adjective, name = _COUNTRY_FORMS["US" if abbr.startswith("US") else abbr]
        if re.match(r"\s+[a-z]", text[m.end() :]) and not re.match(
            r"\s+(?:and|or|in|on|at|to|of|for)\b", text[m.end() :]
        ):
            return f"{m.group('the') or ''}{adjective}"
        return name if m.group("the") or m.start() > 0 else name[:1].upper() + name[1:]

    return _ABBREVIATED_COUNTRY.sub(said, text)


# "did the praise X gave Y take place", "did the negotiations X held with Y happen": a nominal event, its doer before
# a light verb, as the clause's subject; said as the clause it names ("did X give praise to Y")
_LIGHT_VERBS = {
    "gave": "give",
    "held": "hold",
    "paid": "pay",
    "made": "make",
    "put": "put",
    "issued": "issue",
    "extended": "extend",
    "launched": "launch",
    "offered": "offer",
    "lodged": "lodge",
    "sent": "send",
    "conducted": "conduct",
    "had": "have",
    "expressed": "express",
    "voiced": "voice",
    "levelled": "level",
    "leveled": "level",
    "directed": "direct",
    "delivered": "deliver",
    "carried out": "carry out",
}
_NOMINAL_HAPPENED = re.compile(
    # the doer a name ("the praise Raúl Castro gave") or "the ..." ("the praise the government of Chad gave"); an order
    # word is no event noun ("the first visit X paid to Y": the order is read elsewhere, so no rewrite)
    r"^(?P<lead>.*?\b(?:did|does|do|will|would))\s+the\s+(?!(?:first|last|next|latest|earliest|most|final|only)\b)"
    r"(?P<noun>[a-z]+)\s+(?P<x>(?:[A-Z]|the\s)\S*.*?)\s+(?P<verb>"
    + "|".join(v.replace(" ", r"\s+") for v in _LIGHT_VERBS)
    + r")"
    r"(?P<prep>\s+(?:to|with|on|against|at|for|of|towards?|upon|about))?\s+(?P<y>\S.*?)\s+"
    r"(?:take\s+place|happen|occur|come\s+about)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


# "did the sympathy expressed for Y by X take place", "did the threats made against Y by X happen": the participle's
# passive, its doer after "by"
_NOMINAL_BY_HAPPENED = re.compile(
    r"^(?P<lead>.*?\b(?:did|does|do|will|would))\s+the\s+(?!(?:first|last|next|latest|earliest|most|final|only)\b)"
    r"(?P<noun>[a-z]+)\s+(?P<verb>"
    + "|".join(v.replace(" ", r"\s+") for v in _LIGHT_VERBS)
    + r")(?P<prep>\s+(?:to|with|on|against|at|for|of|towards?|upon|about))\s+(?P<y>\S.*?)\s+by\s+(?P<x>\S.*?)\s+"
    r"(?:take\s+place|happen|occur|come\s+about)(?P<end>\s*[?.!]?\s*)$",
    re.IGNORECASE,
)


def nominal_happened(text: str) -> str:
    """ "In 2015, during which month did the praise X gave Y take place?" -> "... did X give praise to Y?"; also "the
    negotiations X held with Y", "the visit X paid to Y", "happen" / "occur". Before, both names read as subjects
    (or objects) of "the praise gave the take place" and months of either direction were answered."""
    m = _NOMINAL_HAPPENED.match(text) or _NOMINAL_BY_HAPPENED.match(text)
    if m is None or re.search(r"\b(?:who|whom|which|what|when)\b", m.group("x") + " " + m.group("y"), re.IGNORECASE):
        return text
    verb = _LIGHT_VERBS[" ".join(m.group("verb").lower().split())]
    prep = (m.group("prep") or " to").strip()
    return f"{m.group('lead')} {m.group('x')} {verb} {m.group('noun')} {prep} {m.group('y')}{m.group('end') or '?'}"


# "on the very date of the consultations between X and Y", "on the exact day of X's visit to Y": the day of a named
# event, the same-day anchor "on the same day as" reads; a date after it ("on the day of 5 May") is no event
_DAY_OF_EVENT = re.compile(
    # ("on the same day of X" is the anchor reader's own trigger, left to it)
    r"\b(?:on|upon)\s+the\s+(?:very\s+|exact\s+)?(?:date|day)\s+of\s+"
    r"(?!\d|(?:january|february|march|april|may|june|july|august|september|october|november|december|the\s+(?:year|month|"
    r"week|\d))\b)",
    re.IGNORECASE,
)


def day_of_event(text: str) -> str:
    """ "on the very date of the consultations between X and Y" -> "on the same day as the consultations between X and
    Y" (the anchor's own reading); before, the anchor's relation was taken for the question's."""
    return _DAY_OF_EVENT.sub("on the same day as ", text)


# "MPs in India", "MPs of Romania", "Kenyan MPs": the acronym, which the name finder takes for a name, said as the
# sector phrase the lexicon reads (ICEWS's "Member of Parliament (India)"); "MP Jane Doe" (a title) stays
_MPS = re.compile(r"\bMP(?P<s>s|'s)?\b(?=\s+(?:in|of|from)\s)|(?<=[a-z]\s)MPs\b|(?<=[a-z]n\s)MP\b(?!\s+[A-Z])")


def acronym_roles(text: str) -> str:
    """ "Who held consultations with MPs in India?" -> "... with members of parliament in India?"."""
    return _MPS.sub(
        lambda m: "members of parliament" if m.group("s") == "s" or m.group().endswith("s") else "member of parliament",
        text,
    )


# "When exactly in 2014 did X ...", "On which date precisely did X ...": the adverb sharpens the asked time and is no
# part of the event (left in, it came before X and made X the event's object)
_EXACTLY = re.compile(
    r"\b(?P<wh>when|date|day|month|year)\s+(?:exactly|precisely)\b(?=\s+(?:did|does|do|was|were|in|on|during)\b)"
    r"|\b(?P<when>when)\s+(?:exactly|precisely)\b(?=\s+(?:had|has|have|within)\b)",
    re.IGNORECASE,
)


def asked_time_adverb(text: str) -> str:
    """ "When exactly in 2014 did X hold consultations with Y?" -> "When in 2014 did X hold consultations with Y?"."""
    return _EXACTLY.sub(lambda m: m.group("wh") or m.group("when"), text)
