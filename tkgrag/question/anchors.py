"""Implicit temporal constraints: a signal word whose complement is an event or entity, not a date.

"after Jack Straw", "Before X visited Y, who ...", "in the same month as Catherine Ashton", "when Obama became
president", "during the Vietnam War", "prior to becoming part of ...", "who was the chairperson immediately before
Hu Yaobang", "who succeeded X". The anchor's time is not in the question; TimeR4 (Sec. 4.3) finds it in the graph and
rewrites the question with it (``tkgrag.question.rewrite``).

Grammar:
- triggers: before/prior to/preceding, after/following/subsequent to/upon, since, until/till, during/throughout/amid,
  while, when (see below), at the time (of), by the time, around the time of, under ... 's presidency/rule/...,
  "(in|on) the same day/month/year/period (as|that|of)", "(in|on) the month/year/day when|that",
  and succession words (succeeded/replaced/followed -> after; preceded -> before; "X by Y" inverts; successor of,
  predecessor of).
- the complement ends at the clause boundary: for a question-initial anchor ("Before X, who ...") at the comma that
  opens the main clause (so "arrested, detained or charged" stays whole); elsewhere at the first comma, semicolon,
  question mark, or the start of an explicit time ("before X did Y in 2014" leaves "in 2014" to the question).
- "when" opens an anchor unless it is the question word: question-initial "When ..." is an anchor only when a main
  clause follows a comma ("When Obama became president, who ..."); "when" after a time noun ("the year when") or
  after since/until is part of the question's answer type.
- a complement that is itself a date is an explicit time, not an anchor ("after 2 May 2015").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tkgrag.question.lexicon import AUXILIARIES, ELLIPTICAL_END, UNIT_DAYS, words
from tkgrag.question.model import Anchor, AnchorKind, AnchorRelation, TimeExpression

_SAME = (
    r"(?:(?:in|on|during|at|within)\s+)?(?:the\s+|that\s+)?(?:very\s+)?same\s+(?:calendar\s+(?=\w+\b(?!\s*\()))?(?P<unit>day|date|week|month|year|time|period)"
    r"(?:\s+(?:as|that|of|when|in\s+which|on\s+which|with))?"
)
# "Besides X, who visited Y during that month?": a bare "that day/month/year" at the end of a clause (the period of an
# event the question names elsewhere; not read where the question states a time, which "that month" may point to)
_THAT_PERIOD = r"(?:in|on|during|within)\s+that\s+(?:very\s+)?(?P<unit4>day|month|year)(?=\s*(?:[?.!,;]|$))"
# "in the month when X visited Y", and the bare relative clause "in the month X visited Y" (not "the month of May",
# "the month after", "the year 2014").
_PERIOD_WHEN = (
    # without a preposition only up front and before a main clause: "The day X visited Y, who else ...?"
    r"(?:(?:in|on|during)\s+|^\s*(?=[^?]*,\s*(?:who|whom|what|which)\b))the\s+(?:very\s+)?(?:calendar\s+(?=\w+\b(?!\s*\()))?"
    r"(?P<unit2>day|week|month|year)(?:\s+(?:when|that|in\s+which|on\s+which)|"
    # "during the month of X's visit" (not "the month of May")
    r"\s+of(?=\s+(?!(?:the\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|\d))[^\W\d])|"
    r"(?=\s+(?!(?:of|after|before|following|prior|since|in|on|at|to|for|and|or|ahead|later|earlier)\b)[^\W\d]))"
)
_SUCCESSION = (
    r"(?P<succ>succeeded|succeeds|replaced|replaces|followed|follows|came\s+after|took\s+over(?:\s+from)?|"
    r"takes\s+over(?:\s+from)?|preceded|precedes|came\s+before)"
    r"(?P<by>\s+by)?"
)
_SUCCESSOR = r"(?:the\s+|a\s+|immediate\s+)*(?P<noun>successor|predecessor)s?(?:\s+[a-z]+)?\s+(?:of|to)"
_DEICTIC = r"at\s+the\s+time(?=\s*(?:[?.!,;]|$))"
_TENURE = (
    r"under(?=\s+[^,?;]*\b(?:presidency|administration|rule|reign|leadership|premiership|tenure|regime|"
    r"chancellorship|dictatorship|government)\b)"
)

# "in World War 2", "in his second presidency": "in" before a noun phrase headed by a period-denoting noun.
_EVENT_NOUN = (
    r"(?:in|throughout|through)(?=\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?"
    r"(?:(?!(?:with|to|against|by|from|about|and|on|at)\b)[\w'’-]+\s+){0,4}?"
    r"(?:war|wars|revolution|crisis|presidency|reign|tenure|administration|era|dynasty|occupation|regime|depression|"
    r"pandemic|epidemic|premiership|chancellorship|childhood|lifetime|ww\s?(?:ii|i|1|2)|wwii|wwi)\b)"
)

# "the day after X did", "one month before X", "in the year following X": the next or previous calendar period.
# Not after "within"/"than": "within (less than) a month after X" is a window up to a month long (``_WITHIN``).
_NEXT_PERIOD = (
    r"(?<!within\s)(?<!than\s)(?:(?:on|in|during)\s+)?(?:the|a|one)\s+(?P<unit3>day|month|year)\s+"
    r"(?P<dir>after|following|subsequent\s+to|before|prior\s+to|preceding)"
)

_TRIGGERS: list[tuple[str, AnchorRelation | None]] = [
    (_NEXT_PERIOD, None),
    (_SAME, None),
    (_THAT_PERIOD, None),
    (_PERIOD_WHEN, None),
    (
        r"at\s+the\s+(?:same\s+)?time\s+(?:of|when|that|as)|around\s+the\s+time\s+(?:of|when|that)",
        AnchorRelation.DURING,
    ),
    (r"in\s+the\s+(?:course|midst)\s+of", AnchorRelation.DURING),
    (r"at\s+the\s+time(?=\s+(?:he|she|they|it|i|we|the|his|her|their)\b)", AnchorRelation.DURING),
    (_DEICTIC, AnchorRelation.DURING),
    (r"by\s+the\s+time", AnchorRelation.BEFORE),
    # "within a week of X doing Y": X's event and the question's at most that far apart, either way (``_WITHIN``)
    (
        r"within\s+(?:the\s+)?(?:an?|one|two|three|four|five|six|seven|ten|\d{1,3})\s+(?:day|week|fortnight|month|year)s?\s+"
        r"of",
        AnchorRelation.DURING,
    ),
    (
        r"(?:immediately\s+|right\s+|just\s+|shortly\s+|soon\s+)?(?:prior\s+to|before|preceding|previous(?:ly)?\s+to|"
        r"(?:earlier|sooner)\s+than|ahead\s+of)",
        AnchorRelation.BEFORE,
    ),
    (
        r"(?:immediately\s+|right\s+|just\s+|shortly\s+|soon\s+)?(?:after|following|subsequent\s+to|upon|as\s+soon\s+as|"
        r"later\s+than)",
        AnchorRelation.AFTER,
    ),
    (r"^\s*once(?=\s+[^,?]+,)", AnchorRelation.AFTER),  # "Once X had visited Y, who ..."
    # "... once X had done so": a clause with a perfect or past auxiliary after it (not "once again", "visited once")
    (r"(?<=\s)once(?=\s+(?!again\b|more\b|upon\b)[^,?]*\b(?:had|has|have|did)\b)", AnchorRelation.AFTER),
    (r"ever\s+since|since", AnchorRelation.START),
    (r"up\s+until|until|till", AnchorRelation.FINISH),
    # not "during the week following X": a span of days after X (``_WITHIN``)
    (
        r"during(?!\s+the\s+(?:(?:first|next|following)\s+)?(?:\w+\s+days|weeks?|fortnight)\s+(?:after|following)\b)|"
        r"throughout|amid|amidst|while|whilst",
        AnchorRelation.DURING,
    ),
    (_TENURE, AnchorRelation.DURING),
    (_EVENT_NOUN, AnchorRelation.DURING),
    (_SUCCESSOR, None),
    (_SUCCESSION, None),
    (r"when", AnchorRelation.DURING),
]
# Triggers that stand without a complement: "in the same year", "at the time" (the time of something said before).
_SAME_GROUPS = {f"t{i}" for i, (p, _) in enumerate(_TRIGGERS) if p in (_SAME, _THAT_PERIOD, _PERIOD_WHEN, _DEICTIC)}
_THAT_GROUPS = {f"t{i}" for i, (p, _) in enumerate(_TRIGGERS) if p == _THAT_PERIOD}
_SUCCESSION_GROUPS = {f"t{i}" for i, (p, _) in enumerate(_TRIGGERS) if p in (_SUCCESSOR, _SUCCESSION)}
_TRIGGER_RE = re.compile(
    r"(?<![\w'’-])(?:" + "|".join(f"(?P<t{i}>{p})" for i, (p, _) in enumerate(_TRIGGERS)) + r")(?![\w'’-])"
)

# Phrasal uses of the trigger words that are not temporal: "named after", "based upon", "appeared before the court",
# "once upon a time", "the most followed page".
_NOT_TEMPORAL_BEFORE = re.compile(
    r"\b(?:named|name|look|looks|looked|looking|modeled|modelled|themed|patterned|based|"
    r"appear|appears|appeared|brought|stand|stands|stood|once|most|least|widely|highly|closely|best|heavily)\s+$"
)
_NOT_TEMPORAL_AFTER = re.compile(
    r"^\s*(?:(?:all|that|this|then|which|whom|what|when|where|is|are|was|were|as)\b|[?!.]|$"
    # "before anyone else", "after all the others": an ordinal (``ORDINAL_POSITION``), not an anchor
    r"|(?:any|every|some)(?:one|body)\s+else\b|(?:all\s+)?(?:the\s+)?others\b"
    # "who followed suit": a pro-form for the anchor's event, not a succession
    r"|suit\b)"
)
_CLAUSE_MAIN = re.compile(
    r",\s*(?:and\s+|then\s+|so\s+)?(?:(?:in|on|at|with|for|to|from|by|of|about|against|during|into)\s+)?"
    r"(?:who|whom|whose|what|which|wich|where|how|why|when|did|does|do|is|was|were|are|has|have|had|can|could|"
    r"would|will|name|list|tell|give)\b"
)
# "the date (in 2015) when X did Y": the time asked is X's doing Y, not a time relative to it; a stated year or month
# between the noun and "when" only bounds it.
_TIME_NOUN_BEFORE = re.compile(
    r"\b(?:year|years|date|dates|day|days|time|times|month|months|period|moment|era|age|point|season|week|since|until|"
    r"till|from|by)(?:\s+(?:in|of|during)\s+(?:[A-Za-z]+\s+)?\d{4})?\s*$"
    # "What month (of 2014) was it when X ...": the stated year between the noun and "was it" only bounds it
    r"|\b(?:year|date|day|time|month|week)(?:\s+(?:in|of|during)\s+(?:[A-Za-z]+\s+)?\d{4})?\s+(?:was|is)\s+it\s*$"
)
# "Do you know when ...", "Tell me when ...": the question word after a request.
_REQUEST_BEFORE = re.compile(r"\b(?:know|tell\s+me|wonder|ask|remember|say|find\s+out)\s*$")
# A complement that is only a unit of time right before an explicit time ("the month" of "during the month of May").
_UNIT_OF_TIME = re.compile(
    r"(?:the|that|this)\s+(?:(?:whole|entire|same)\s*)?(?:(?:day|week|month|year|period|time|season|course)\s*)?"
)
_WH_AT_START = re.compile(r"\b(?:who|whom|whose|what|which|wich|where|how|why)\b")
_PRONOUN_SUBJECT = frozenset({"he", "she", "they", "it", "i", "we", "you"})
# "before the time X praised Y", "after the moment when X ...": the head noun of a clause that is the anchor itself
# ("before the time of X's visit" is no such head: "of" follows)
_TIME_HEAD = re.compile(r"the\s+(?:very\s+)?(?:time|moment)\s+(?:that\s+|when\s+)?(?!of\b|when\b|that\b)(?=[a-z])")
_NOT_VERBS = frozenset({"united", "red", "bed", "need", "seed", "speed", "breed", "hundred", "kindred", "sacred"})
_IRREGULAR_PAST = words(
    "became become met won went made took gave left began begun came saw said told held led ran fought "
    "lost wrote sang sold bought brought built beat broke chose fell flew got grew hit kept knew paid "
    "put quit rose sent set shot spoke stood struck swore taught thought threw understood wore withdrew "
    "drove ate forgave forbade overthrew sank died joined"
)


def _relation_for(name: str, m: re.Match[str]) -> AnchorRelation:
    idx = int(name[1:])
    fixed = _TRIGGERS[idx][1]
    if fixed is not None:
        return fixed
    if m.group("unit3"):
        before = m.group("dir") in ("before", "preceding") or m.group("dir").startswith("prior")
        return AnchorRelation(f"{m.group('unit3')}-{'before' if before else 'after'}")
    unit = m.group("unit") or m.group("unit2") or m.group("unit4")
    if unit:
        return {
            "day": AnchorRelation.SAME_DAY,
            "date": AnchorRelation.SAME_DAY,
            "month": AnchorRelation.SAME_MONTH,
            "year": AnchorRelation.SAME_YEAR,
            "week": AnchorRelation.SAME_WEEK,
        }.get(unit, AnchorRelation.DURING)
    if m.group("noun"):
        return AnchorRelation.AFTER if m.group("noun") == "successor" else AnchorRelation.BEFORE
    verb = m.group("succ")
    before = verb.startswith("preced") or verb == "came before"
    if m.group("by"):
        before = not before  # "was succeeded by X": the answer comes before X
    return AnchorRelation.BEFORE if before else AnchorRelation.AFTER


def _kind(complement: str) -> tuple[AnchorKind, bool]:
    """CLAUSE when the complement has a verb: an auxiliary, a lower-case past or -ing form, a pronoun subject."""
    words = re.findall(r"[\w'’-]+", complement)
    if not words:
        return AnchorKind.NOUN_PHRASE, False
    low = [w.lower() for w in words]
    elliptical = bool(ELLIPTICAL_END.search(complement.lower())) and len(words) > 1
    first_is_verb = low[0] in _PRONOUN_SUBJECT or (low[0].endswith("ing") and len(low[0]) > 4 and words[0].islower())
    later_verb = any(
        w.islower()
        and (lw in AUXILIARIES or lw in _IRREGULAR_PAST or (lw.endswith("ed") and len(lw) > 4))
        and lw not in _NOT_VERBS
        for w, lw in zip(words[1:], low[1:], strict=True)
    )
    clause = elliptical or first_is_verb or later_verb
    return (AnchorKind.CLAUSE if clause else AnchorKind.NOUN_PHRASE), elliptical


def _is_clause_initial(low: str, pos: int) -> bool:
    return not low[:pos].strip(" \t\"'“‘(")


def _when_is_question_word(low: str, t_start: int, t_end: int, comp_start: int) -> bool:
    """ "When did X ...?", "... born when?", "the year when ...", "since when", ", and when did ...": not an anchor."""
    if re.match(r"\s*,?\s*to\s+the\s+(?:year|month|day)\b", low[t_end:]):
        return True  # "When, to the month, did X ...": the granularity of the asked time
    if _is_clause_initial(low, t_start):
        return _CLAUSE_MAIN.search(low, comp_start) is None
    return bool(
        _TIME_NOUN_BEFORE.search(low, 0, t_start)
        or _REQUEST_BEFORE.search(low, 0, t_start)
        or re.match(r"\s*(?:[?.!]|$)", low[t_end:])
        or re.match(r"\s*(?:did|does|do|is|was|were|are|will|would|has|have|had)\b", low[t_end:])
    )


def _not_temporal(low: str, trigger: str, t_start: int, t_end: int, allows_empty: bool) -> bool:
    """Phrasal, non-temporal uses: "named after", "the following year", "after all", "before that"."""
    if _NOT_TEMPORAL_BEFORE.search(low, 0, t_start):
        return True
    if trigger == "following" and re.search(r"\bthe\s+$", low[:t_start]):
        return True
    return not allows_empty and bool(_NOT_TEMPORAL_AFTER.match(low[t_end:]))


# The asked time fronted before the trigger: "In which month(s) after ...", "On what date before ...", "When after ..."
_WH_TIME_BEFORE = re.compile(
    r"^\s*(?:(?:in|on|during|at|by)\s+)?(?:(?:which|what)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:years?|months?|days?|dates?|weeks?)|when)\s+$"
)
# the main clause's inverted auxiliary after a fronted asked time's anchor ("... did Y next V Z?")
# (searched in the text as written): only an auxiliary whose subject follows, a name, "the" or a pronoun ("did Iraq
# next visit"), and not one after "to" or a modal, which is the anchor's own verb ("pledged to do more", "said it would
# do more", "Japan did business with")
_MAIN_AUX = re.compile(
    r"(?<!\bto)(?<!\bwould)(?<!\bwill)(?<!\bcould)(?<!\bcan)(?<!\bshould)(?<!\bmight)(?<!\bmay)(?<!\bmust)"
    r"(?<!\bshall)\s(?:[Dd]id|[Dd]oes|[Dd]o)\s+(?=[A-Z]|(?:the|he|she|it|they|we|you|i)\b)"
)


def _complement_end(
    text: str, low: str, t_start: int, comp_start: int, succession: bool, time_starts: Sequence[int]
) -> int:
    if _is_clause_initial(low, t_start):
        # "Before X did Y, who ...": up to the comma that opens the main clause, keeping commas inside X's event
        main = _CLAUSE_MAIN.search(low, comp_start)
        end = main.start() if main is not None else _first_stop(low, comp_start)
        wh = _WH_AT_START.search(low, comp_start, end)
        if wh is not None and main is None:
            end = wh.start()  # "during the vietnam war who was ..."
    else:
        end = _first_stop(low, comp_start)
        if _WH_TIME_BEFORE.match(low, 0, t_start):
            # "In which month after the hosting of X by Y did Y next ...?": the asked time, the anchor, then the main
            # clause's inverted auxiliary
            auxes = list(_MAIN_AUX.finditer(text, comp_start, end))
            if len(auxes) == 1:
                end = auxes[0].start()
            # two candidates: which one opens the main clause is not told; the anchor runs to the end, and the
            # question is left without a main clause of its own (no reading)
    if succession:
        role = re.search(r"\s(?:as|in|on|at|for)\s", low[comp_start:end])  # "succeeded X as president"
        if role is not None:
            end = comp_start + role.start()
    end = next((p for p in time_starts if comp_start < p < end), end)  # "before X did Y in 2014"
    while end > comp_start and low[end - 1] in " \t,.?!;:":
        end -= 1
    return end


def find_anchors(text: str, low: str, times: Sequence[TimeExpression]) -> list[Anchor]:
    """Implicit temporal constraints in ``text`` (``low`` is its offset-preserving lower-case form)."""
    time_starts = {t.start for t in times}
    time_phrase_starts = sorted(t.phrase_start for t in times)
    covered = [(t.phrase_start, t.end) for t in times]
    out: list[Anchor] = []
    pos = 0
    while (m := _TRIGGER_RE.search(low, pos)) is not None:
        pos = m.end()
        name = next(k for k, v in m.groupdict().items() if v is not None and re.fullmatch(r"t\d+", k))
        t_start, t_end = m.start(), m.end()
        trigger = low[t_start:t_end]
        if any(a <= t_start < b for a, b in covered):
            continue  # the relation word of an explicit time ("before" in "before 2014")
        if name in _THAT_GROUPS and times:
            continue  # "In May 2014 ... that month": the stated time
        comp_start = t_end
        while comp_start < len(low) and low[comp_start] in " \t,":
            comp_start += 1
        if comp_start in time_starts or any(a <= comp_start < b for a, b in covered):
            continue  # "after 2 May 2015", "since in 2009": explicit
        head = _TIME_HEAD.match(low, comp_start)
        if head is not None:
            comp_start = head.end()  # "before the time (that) X did Y": the clause is the anchor
        allows_empty = name in _SAME_GROUPS
        if trigger == "when" and _when_is_question_word(low, t_start, t_end, comp_start):
            continue
        if _not_temporal(low, trigger, t_start, t_end, allows_empty):
            continue
        end = _complement_end(text, low, t_start, comp_start, name in _SUCCESSION_GROUPS, time_phrase_starts)
        if _ORDINAL_BEFORE.search(low, 0, t_start):
            # "Who was the first after X to offer talks to Y?": the infinitive is the question's own event
            infinitive = _INFINITIVE.search(text, comp_start, end)
            if infinitive is not None:
                end = infinitive.start()
        after = len(low) - len(low[end:].lstrip())
        if after in time_phrase_starts and _UNIT_OF_TIME.fullmatch(low[comp_start:end]):
            continue  # "during the month of September 2014": the explicit time's own head noun, not an event
        if end <= comp_start:
            if not allows_empty:
                continue
            comp_start = end = t_end  # "in the same year", "at the time"
        kind, elliptical = _kind(text[comp_start:end])
        relation = _relation_for(name, m)
        within = _WITHIN.search(low, 0, t_start) if relation in (AnchorRelation.BEFORE, AnchorRelation.AFTER) else None
        if within is None and trigger.startswith("within"):
            within = _WITHIN.match(low, t_start)  # "within a week of X": the window is the trigger itself
        within_days = within_months = None
        if within is not None:
            # "within a week after X": the window is part of the trigger, not of the question's event
            within_days, within_months = _window(within)
            t_start = min(t_start, within.start())
        out.append(
            Anchor(
                text=text[comp_start:end],
                start=comp_start,
                end=end,
                trigger=text[t_start:t_end],
                trigger_start=t_start,
                relation=relation,
                kind=kind,
                elliptical=elliptical,
                succession=name in _SUCCESSION_GROUPS,
                within_days=within_days,
                within_months=within_months,
            )
        )
        pos = max(pos, end)
    return out


# "within a week / 3 days / a month / a year / a fortnight after X" ("(in) less than", "no more than" a week after X),
# "within a week of X" (the trigger itself), and "in/during the (first) week / 3 days / fortnight after X" (a span
# of days, not a calendar period: "in the month after X" stays the next month, ``_NEXT_PERIOD``)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
_COUNT = r"an?|one|two|three|four|five|six|seven|ten|\d{1,3}"
_WITHIN = re.compile(
    rf"\b(?:within|(?:in\s+)?less\s+than|no\s+more\s+than|not\s+more\s+than)\s+(?:the\s+)?(?P<n>{_COUNT})\s+"
    r"(?P<u>day|week|fortnight|month|year)s?(?:\s+$|\s+of\b)"
    rf"|\b(?:in|during|over)\s+the\s+(?:(?:first|next|following)\s+)?"
    rf"(?:(?P<n2>{_COUNT})\s+(?P<u2>day|week)s|(?P<u3>week|fortnight))\s+$"
)


def _window(within: re.Match[str]) -> tuple[int | None, int | None]:
    """(days, months) of a ``_WITHIN`` match; months for calendar months and years, days otherwise."""
    count = within.group("n") or within.group("n2") or "1"
    n = int(count) if count.isdigit() else _COUNTS[count]
    unit = within.group("u") or within.group("u2") or within.group("u3")
    if unit in ("month", "year"):  # calendar months: "within a month after 31 January" ends on 28 February
        return None, n * (12 if unit == "year" else 1)
    return n * UNIT_DAYS[unit], None


# "the first/next/last (one) after X to V": an ordinal right before the trigger, whose infinitive follows the anchor
_ORDINAL_BEFORE = re.compile(
    r"\bthe\s+(?:first|next|last|earliest|latest|final|most\s+recent)(?:\s+(?:one|actor|country|person|party))?\s+$"
)
# searched in the text as written: "to Japan" is a place, "to offer" a verb
_INFINITIVE = re.compile(r"\s+to\s+(?!(?:the|a|an|his|her|its|their|him|them|it|me|us)\b)[a-z]")
_STOP = re.compile(r"[,;?!]|\.(?=\s*$)|\s[–—]\s|$")


def _first_stop(low: str, start: int) -> int:
    m = _STOP.search(low, start)
    assert m is not None  # "$" always matches
    return m.start()
