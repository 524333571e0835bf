"""``understand(question) -> TemporalQuestion``: question understanding without an LLM, as a pure function.

The steps, each in its own module: explicit times (``time_expressions``), implicit anchors (``anchors``), temporal
ordinals and the signal set (``signals``), candidate entity mentions (``mentions``), the answer type
(``answer_type``). This module composes them and derives what depends on several: EXAQT's categories, MRAG's main
content / temporal constraint split, and the relation phrase the ``RelationMatcher`` matches to graph relations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date

from tkgrag.errors import TkgragError
from tkgrag.question.act_lists import act_lists
from tkgrag.question.anchors import find_anchors
from tkgrag.question.answer_type import detect_answer_type, request_spans
from tkgrag.question.clause_shapes import (
    abbreviated_countries,
    acronym_roles,
    anchor_period_part,
    asked_time_adverb,
    came_next,
    dash_topic,
    day_of_event,
    inverted_names,
    nominal_happened,
    once_clause,
    plural_marks,
    rest_of_year,
    targets_when,
    than_the_day,
    time_after_which,
)
from tkgrag.question.counsel import counsel_as_consult
from tkgrag.question.declarative import UnreadablePair, anchor_sentence
from tkgrag.question.event_agent import agent_first
from tkgrag.question.glued_words import glued_words
from tkgrag.question.hedges import asked_placeholder, without_hedge, without_opener, without_report
from tkgrag.question.hosted_visit import hosted_visit
from tkgrag.question.lexicon import AUXILIARIES, FUNCTION_WORDS, PRO_FORM
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import (
    Anchor,
    AnchorKind,
    AnchorRelation,
    AnswerKind,
    Category,
    Mention,
    MentionKind,
    Ordinal,
    TemporalQuestion,
)
from tkgrag.question.named_days import named_days
from tkgrag.question.offered_periods import offered_periods
from tkgrag.question.period_before import period_before
from tkgrag.question.phrasal import phrasal_tail
from tkgrag.question.race import race_to_it
from tkgrag.question.receiving_end import receiving_end
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.scope_said import without_form_tail
from tkgrag.question.sector_start import sector_start
from tkgrag.question.signals import find_ordinals, question_signals
from tkgrag.question.spoken_dates import spoken_dates
from tkgrag.question.stated_months import stated_months
from tkgrag.question.stated_week import stated_week
from tkgrag.question.time_expressions import find_time_expressions, fold
from tkgrag.question.time_glosses import time_glosses
from tkgrag.question.topic import resolve_topic, without_label
from tkgrag.question.unread_times import unread_scope_words, unread_time_words
from tkgrag.question.weekdays import weekdays
from tkgrag.question.window_edges import window_edges
from tkgrag.temporal import Granularity


class QuestionError(TkgragError, ValueError):
    """A question that cannot be understood at all (not text, or empty)."""


# A numeric ordinal right before a capitalised word names something ("6th Combined Arms Army", "the 11th Army",
# "44th President"): part of a name or a series number, not a position in time.
_NAME_AFTER = re.compile(r"\s+[A-Z]")


# The rewrites that put a question into the forms the parser reads, each text -> text, in the order applied.
_REWRITES: tuple[Callable[[str], str], ...] = (
    glued_words,
    spoken_dates,
    without_form_tail,
    without_opener,
    resolve_topic,
    without_label,
    without_report,
    asked_placeholder,
    inverted_names,
    abbreviated_countries,
    plural_marks,
    dash_topic,
    targets_when,
    came_next,
    nominal_happened,
    day_of_event,
    acronym_roles,
    asked_time_adverb,
    anchor_period_part,
    than_the_day,
    time_after_which,
    rest_of_year,
    once_clause,
    receiving_end,
    hosted_visit,
    period_before,
    sector_start,
    counsel_as_consult,
    time_glosses,
    act_lists,
    named_days,
    stated_months,
    weekdays,
    stated_week,
    offered_periods,
    window_edges,
    without_hedge,
    race_to_it,
    anchor_sentence,
    agent_first,
)


def understand(question: str, *, reference_date: date | None = None) -> TemporalQuestion:
    """Parse ``question`` into a ``TemporalQuestion``. ``reference_date`` places "now", "last year" etc."""
    if not isinstance(question, str):
        raise QuestionError(f"a question must be text, got {type(question).__name__}: {question!r}")
    if not question.strip():
        raise QuestionError("the question is empty; pass the question text, e.g. 'Who visited Japan in 2014?'")
    try:
        text = question
        for rewrite in _REWRITES:
            text = rewrite(text)
    except UnreadablePair as exc:
        raise QuestionError(str(exc)) from exc
    low = fold(text)
    times = find_time_expressions(text, reference=reference_date)
    if unread := unread_time_words(text, times):
        said = ", ".join(repr(w) for w in unread)
        raise QuestionError(f"cannot read the time words {said} as a date; not answering over all time")
    anchors = find_anchors(text, low, times)
    anchor_spans = [(a.constraint_start, a.end) for a in anchors]
    time_spans = [(t.phrase_start, t.end) for t in times]
    ordinals = [
        o
        for o in find_ordinals(low, exclude=[(t.start, t.end) for t in times])
        if not any(a.start <= o.start < a.end for a in anchors)
        and not (o.text[:1].isdigit() and _NAME_AFTER.match(text, o.end))
    ]
    trigger_spans = [(a.trigger_start, a.trigger_start + len(a.trigger)) for a in anchors]
    # from the governing words on: "Looking at 2014 and 2015 only", "Across the whole of 2014" open no name
    mentions = find_mentions(text, blocked=[(t.phrase_start, t.end) for t in times] + trigger_spans)
    anchors = [
        replace(a, mentions=tuple(m for m in mentions if a.start <= m.start and m.end <= a.end)) for a in anchors
    ]
    answer = detect_answer_type(low, anchors)
    if answer.kind is AnswerKind.TIME and not anchors and (both := coordinated_both(low)) is not None:
        # "On which day did both X and Y negotiate with Z?": the day both did it, "on the same day"
        anchors = [both_anchor(both, answer.granularity)]
        anchor_spans = [(a.constraint_start, a.end) for a in anchors]
    exclusions = _exclusions(low, mentions) + request_spans(low)
    read = [(min(a.trigger_start, a.constraint_start), a.end) for a in anchors] + exclusions
    if unread := unread_scope_words(text, read + [(min(t.phrase_start, t.start), t.end) for t in times]):
        said = ", ".join(repr(w) for w in unread)
        raise QuestionError(f"cannot read the scope {said}: no anchor event or period was read for it")

    signals = question_signals(
        [t.signal for t in times if t.relation or not t.relative],
        [a.signal for a in anchors],
        bool(ordinals),
    )
    categories = []
    if times:
        categories.append(Category.EXPLICIT)
    if anchors:
        categories.append(Category.IMPLICIT)
    if ordinals:
        categories.append(Category.ORDINAL)
    if answer.kind is AnswerKind.TIME:
        categories.append(Category.TEMPORAL_ANSWER)

    removed = sorted([*time_spans, *anchor_spans, *exclusions, *(_ordinal_span(low, o) for o in ordinals)])
    main_content = _clean(_cut(text, removed), like=text)
    constraint = " ".join(" ".join(text[a:b].split()) for a, b in merge_spans(removed)).strip(" ,")
    relation_phrase = _relation_phrase(
        text,
        low,
        removed + [(m.start, m.end) for m in mentions if m.kind is not MentionKind.CHUNK],
        time_asked=answer.kind is AnswerKind.TIME,
    )
    anchors = [_same_event_noun(a, relation_phrase) for a in anchors]
    return TemporalQuestion(
        text=text,
        signals=signals,
        categories=tuple(categories),
        answer_type=answer,
        times=tuple(times),
        anchors=tuple(anchors),
        ordinals=tuple(ordinals),
        mentions=tuple(mentions),
        main_content=main_content,
        temporal_constraint=constraint,
        relation_phrase=relation_phrase,
        reference_date=reference_date,
        exclusions=tuple(exclusions),
        pro_form=set(relation_phrase.lower().split()) <= _PRO_FORM_WORDS and _repeats_anchor(text, anchors),
    )


_BOTH = re.compile(r"\bboth\b")
_AND = re.compile(r"\band\b")
# "did X and Y each criticise Z": a distributive "each" after the coordination, as "both" (not "each other", "each
# of", "each month": no coordination of the actors)
_EACH = re.compile(
    r"\band\b[^,;?]*?\b(?P<each>each)\b(?!\s+(?:other|one|of|time|times|month|months|year|years|day|days|week|weeks"
    r"|period|periods|occasion|occasions)\b)"
)


def coordinated_both(low: str) -> tuple[int, int] | None:
    """Where "both" (or a distributive "each") marks a coordination ("both X and Y", "X and Y both", "X and Y
    each"), or None."""
    m = _BOTH.search(low)
    if m and _AND.search(low):
        return m.start(), m.end()
    e = _EACH.search(low)
    return (e.start("each"), e.end("each")) if e else None


def both_anchor(span: tuple[int, int], granularity: Granularity | None) -> Anchor:
    """A bare same-period anchor for "both X and Y" in a time question, at the asked granularity (a day unsaid)."""
    same = {Granularity.MONTH: AnchorRelation.SAME_MONTH, Granularity.YEAR: AnchorRelation.SAME_YEAR}
    relation = same.get(granularity, AnchorRelation.SAME_DAY) if granularity else AnchorRelation.SAME_DAY
    start, end = span
    return Anchor("", end, end, "both", start, relation, AnchorKind.NOUN_PHRASE)


# What a pro-form main clause may leave in the relation phrase: "did likewise", "followed suit", "the next to do so".
_PRO_FORM_WORDS = frozenset(
    {"so", "same", "likewise", "suit", "follow", "followed", "too", "next", "as", "well", "also", "thing"}
)


def names_an_event(anchor: Anchor) -> bool:
    """An anchor with its own event: a clause, or a noun phrase with words besides its names ("X signalling readiness
    to meet Y", "X's visit to Y"); not an elliptical one ("X did") nor a name alone."""
    if anchor.elliptical or not anchor.text.strip():
        return False
    if anchor.kind is AnchorKind.CLAUSE:
        return True
    rest = without_mentions(anchor)
    return bool(anchor.mentions) and any(
        len(w) > 3 and w.lower() not in FUNCTION_WORDS for w in re.findall(r"[a-z][\w-]*", rest)
    )


def without_mentions(anchor: Anchor) -> str:
    """The anchor's text with its mentions cut out, each cut leaving a space. Nested mentions ("China's head of
    government", "China's head", "China") are cut once, as their union: cut one by one, the shorter ones would cut into
    the words after the longest ("appealed to")."""
    rest = anchor.text
    for a, b in reversed(merge_spans([(m.start, m.end) for m in anchor.mentions])):
        rest = rest[: a - anchor.start] + " " + rest[b - anchor.start :]
    return rest


def _repeats_anchor(text: str, anchors: Sequence[Anchor]) -> bool:
    """A clause anchor with its own event, and outside it a main clause whose only verb is a pro-form."""
    clause = [a for a in anchors if names_an_event(a)]
    if len(clause) != 1:
        return False
    a = clause[0]
    rest = text[: a.trigger_start] + " " + text[a.end :]
    return PRO_FORM.search(rest) is not None


# "Who, other than X, visited Y?", "Who else besides X ...", "apart from X", "except (for) X", "(Leave out X.)",
# "(Exclude X.)", "(not including X)": X is no entity of the question's event but an answer to leave out.
_EXCLUSION = re.compile(
    r"\b(?:other\s+than|besides|apart\s+from|aside\s+from|except(?:\s+for)?|exclud(?:e|ing)|not\s+counting"
    r"|leav(?:e|ing)\s+out|omit(?:ting)?|not\s+including|disregard(?:ing)?)\s+(?=\S)"
)


def _exclusions(low: str, mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """(start, end) of each exclusion phrase: its trigger and the mention right after it."""
    out = []
    for m in _EXCLUSION.finditer(low):
        after = [x for x in mentions if x.start == m.end() or low[m.end() : x.start].strip() in ("the",)]
        if after:
            out.append((m.start(), max(x.end for x in after)))
    return out


_POSSESSED_EVENT = re.compile(r"^.+?['’]s?\s+(?:first\s+|last\s+|latest\s+|recent\s+)?(?P<noun>[a-z]+)$")


def _same_event_noun(anchor: Anchor, relation_phrase: str) -> Anchor:
    """ "during the month of X's visit" in "Who else travelled to Y ...": X's visit is the question's own event with
    X in the answer's role (elliptical), when the noun says what the question's verb says (the same CAMEO words)."""
    m = _POSSESSED_EVENT.match(anchor.text)
    if m is None or anchor.elliptical or not relation_phrase:
        return anchor
    noun, verb = relation_phrases(m.group("noun")), relation_phrases(relation_phrase)
    if len(noun) > 1 and len(verb) > 1 and noun[-1] == verb[-1]:
        return replace(anchor, elliptical=True, kind=AnchorKind.CLAUSE)
    return anchor


def _ordinal_span(low: str, o: Ordinal) -> tuple[int, int]:
    """What to cut for an ordinal in the main content: "the first (one|person)" before "to", else the word."""
    start, end = o.start, o.end
    if not low[start:end].startswith(("the ", "for ")):
        m = re.search(r"\bthe\s+$", low[:start])
        after = re.match(
            r"(?:\s+(?:one|person|people|country|time|occasion|moment|instance))?(?=\s+(?:to|that|who|when)\b)",
            low[end:],
        )
        if m is not None and after is not None:
            start, end = m.start(), end + after.end()
    return start, end


def merge_spans(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans sorted, the overlapping ones joined."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    pieces, pos = [], 0
    for a, b in merge_spans(spans):
        pieces.append(text[pos:a])
        pieces.append(" ")
        pos = b
    pieces.append(text[pos:])
    return "".join(pieces)


def _clean(s: str, *, like: str) -> str:
    s = re.sub(r"\s+", " ", s)
    s = re.sub(r"\s+([,?.!;:])", r"\1", s)
    s = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", s)
    s = re.sub(r"[,;:]\s*([?.!])", r"\1", s)
    s = re.sub(r"^[\s,;:]+|[\s,;:]+$", "", s)
    if s and like[:1].isupper() and s[:1].islower():
        s = s[:1].upper() + s[1:]
    return s


_LEADING_WH = re.compile(
    r"^\s*(?:(?:in|on|at|with|for|to|from|by|of|about|against|into)\s+)?"
    r"(?:who|whom|where|when|why|how(?:\s+(?:many|much|often))?|(?:whose|what|which|wich)"
    r"(?:\s+(?P<noun>[a-z]+)(?=\s+(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can|"
    r"(?!(?:of|in|on|at|to|for|from|with|by|and|or|that|which|who|whose|the|a|an)\b)[a-z]+)\b))?)\b",
    re.IGNORECASE,
)


# "I'm looking for everyone who ...", "Find all the actors that ...": only before the answer's head, where the words
# are no event ("who was looking for X" keeps them)
_SEEKING = (
    r"(?:(?:(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+)?(?:looking|searching)\s+for|find|search\s+for)"
    r"(?=\s+(?:every|all|any|the\s+(?:ones?|actors?|parties)))|"
)
# Words that wrap a question in a request or name the asked time, not the event: "(could you) tell me",
# "I would like to know", "the exact date on which", "the month in which".
_REQUEST_WRAPPER = re.compile(
    r"^(?:please\s+)?(?:" + _SEEKING + r"(?:tell|show|give|let|inform)\s+me(?:\s+(?:know|of|about))?|"
    r"(?:i['’]d\s+|i\s+would\s+|i\s+)?(?:like|want|wish)\s+to\s+know|know|"
    r"name|list|identify|(?:give|state|specify|provide)(?=\s+(?:the|every|each|all(?:\s+the)?)\s+(?:exact\s+)?(?:date|day|month|year|time|names?)"
    r"s?\b))"
    r"\b\s*",
    re.IGNORECASE,
)
_POSSESSIVE_END = re.compile(r"^['’]s?$")
# The answer's head noun before a relative clause: "(Name the) party that visited X", "(List) everyone who ...".
_ANSWER_HEAD = re.compile(
    # "the next other actor to do so": an order word and "other" may both come before the head
    r"^(?:(?:every|all(?:\s+the)?|any)\s+)?(?:(?:other|first|last|only|next)\s+){0,2}"
    r"(?:ones?|part(?:y|ies)|actors?|entit(?:y|ies)|everyone|everybody|anyone|"
    r"those|others|countr(?:y|ies)|sides?|persons?|people|groups?|organi[sz]ations?|leaders?|states?|nations?)\s+"
    r"(?:(?:that|who|which|whom)\s+)?(?=\S)"
    # "(Name) whoever last said they wanted to meet X": the free relative is the answer, no event word
    r"|^(?:whoever|whomever|whosoever)\s+(?=\S)"
    # "(What are) the names of those whom X visited": the head noun of the answer's head noun
    r"|^(?:(?:full\s+)?names?|identit(?:y|ies))\s+of\s+(?:the\s+)?(?=\S)"
    # "the (latest) target that X chose to V": the answer is the object of the relative clause's verb; the head noun
    # says only that, so it goes when a relative pronoun follows ("the target of X's criticism" keeps it)
    r"|^(?:targets?|recipients?|choices?)\s+(?:(?:that|which|whom|who)\s+(?=\S)|"
    r"(?=(?:chose|decided|opted|elected|picked)\s+to\b))",
    re.IGNORECASE,
)
# A clause that is only the question word and the answer's head noun, cut off by a comma: "Which actor, in 2014, ..."
_WH_HEAD_ALONE = re.compile(
    r"^\s*(?:which|what)\s+(?:(?:other|one|ones)\s+)?(?:part(?:y|ies)|actors?|entit(?:y|ies)|countr(?:y|ies)|sides?|"
    r"persons?|people|groups?|organi[sz]ations?|leaders?|states?|nations?|ones?)\s*$",
    re.IGNORECASE,
)
# "Whose was the last instance of pledging cooperation with X?": the gerund after "instance of" is the event; also
# an event noun after its article ("the earliest instance of the hosting of X by Y", "... of the diplomatic
# cooperation of X with Y")
_INSTANCE_OF = re.compile(
    r"^(?:instances?|occasions?|cases?|examples?)\s+of\s+(?:(?:the|a|an)\s+(?=[a-z-]+\s)|(?=[a-z]+ing\b))",
    re.IGNORECASE,
)
_TIME_NOUN = re.compile(
    # "the next date on which X ...": the order word is read elsewhere
    r"^(?:(?:next|following|subsequent|previous|preceding|every|each)\s+)?(?:(?:exact|specific|precise|particular)\s+)?"
    # plural too: "Give me the date(s) in 2014 when X ..." ("dates when" is no event word)
    r"(?:dates?|days?|months?|years?|times?|occasions?|moments?|instances?|points?\s+in\s+time)\s+"
    r"(?:(?:on|in|at|during)\s+)?(?:which|when|that)\b\s*"
    # "when was the next time X appealed to Y": no relative word after an order word's "time" (the actor follows)
    r"|^(?:next|following|subsequent|previous|preceding)\s+(?:time|occasion)\s+(?=\S)",
    re.IGNORECASE,
)


# The asked time as the subject of the clause: "Which day saw X negotiate with Y" is "On which day did X negotiate
# with Y"; "saw" is not the event. Also "What date marked the (first) occasion on which X ...", "During which year
# was the (most recent) time that X ..." (the ordinal is read elsewhere; here only the wrapper goes).
_TIME_AS_SUBJECT = re.compile(
    r"^\s*(?:(?:in|on|during)\s+)?(?:what|which)\s+(?:day|date|month|year|week)\s+"
    r"(?:(?:saw|sees|witnessed|witnesses|marked|marks|featured|features)\b(?:\s+the\s+(?:occasion|time|moment)\b)?|"
    r"(?:was|is)(?:\s+the\s+(?:occasion|time|moment))?(?=\s+(?:that|when|on\s+which|in\s+which)\b))"
    r"(?:\s+(?:(?:on|in|at|during)\s+)?(?:which|when|that)\b)?",
    re.IGNORECASE,
)


# Verbs whose subject is the asked time ("the first month in 2015 to see X visit Y"): no event words.
_TIME_SUBJECT_VERBS = frozenset({"see", "sees", "saw", "witness", "witnessed", "mark", "marked", "feature", "featured"})


# Words that place the event after another, not the event itself: "who next offered talks", "which actors went on to
# arrest X", "who proceeded to praise X", "who subsequently visited X", "who was the next to criticise X". The
# ordering is the constraint's ("after <date>", "Following X"); the verb after them is the event.
_SEQUENCE_LEAD = re.compile(
    r"^(?:(?:next|subsequently|later|afterwards?|thereafter|then|again)\s+)?"
    r"(?:(?:went|go|goes|going|gone)\s+on\s+to|(?:proceed|proceeds|proceeded|proceeding)\s+to|"
    r"(?:moved|move|moves)\s+on\s+to|next\s+to|next|subsequently|later|afterwards?|thereafter)\s+(?=[a-z])",
    re.IGNORECASE,
)

# A verb of choosing before the event's infinitive says no event of its own: "the target that X chose to play host
# to" is what X played host to; "decided/opted/elected to V" likewise. ("wanted to", "sought to" state an intent: kept.)
_CHOICE_LEAD = re.compile(
    r"^(?:chose|choose|chooses|chosen|choosing|decided|decide|decides|opted|opt|opts|elected|picked)\s+to\s+(?=[a-z])",
    re.IGNORECASE,
)

_PRO_FORM_VERBS = frozenset({"to", "do", "does", "did", "done", "doing", "the"})
_SEQUENCE_TAIL = frozenset(
    {"next", "subsequently", "later", "afterwards", "afterward", "thereafter", "earlier", "previously"}
)


def _without_sequence_words(words: list[str]) -> list[str]:
    """``words`` without a leading sequence phrase (``_SEQUENCE_LEAD``) when an event word follows it, and without a
    trailing sequence adverb ("who visited Japan next")."""
    if len(words) > 1 and words[-1].lower() in _SEQUENCE_TAIL and words[-2].lower() not in _PRO_FORM_WORDS:
        words = words[:-1]  # "who visited Japan next"
    joined = " ".join(words)
    choice = _CHOICE_LEAD.match(joined)
    if choice is not None:  # "chose to play host to" -> "play host to"
        joined = joined[choice.end() :]
        words = joined.split()
    m = _SEQUENCE_LEAD.match(joined)
    if m is None:
        return words
    rest = joined[m.end() :].split()
    if set(w.lower() for w in rest) <= _PRO_FORM_WORDS | _PRO_FORM_VERBS:
        # "who was next to do so", "who proceeded to do so next": a pro-form, whose words are what is left
        return [w for w in words if w.lower() in _PRO_FORM_WORDS]
    if len(rest) > 1 and rest[0].lower() in ("be", "get"):
        return rest[1:]  # "who went on to be arrested by X": the passive's verb ("be" before it marks the voice)
    return rest


def _relation_phrase(text: str, low: str, spans: list[tuple[int, int]], *, time_asked: bool = False) -> str:
    """The question's own event words: main content without question words, mentions and function words at the
    edges ("Who expressed intent to meet or negotiate with X in 2014?" -> "expressed intent to meet or negotiate")."""
    rest = _cut(text, spans)
    clauses = [c for c in re.split(r"[,;?!]", rest) if c.strip()]
    best = ""
    for clause in clauses:
        if _WH_HEAD_ALONE.match(clause):
            continue  # "Which actor, in 2014, was the last to yield to X?": the asking clause says no event
        clause = _TIME_AS_SUBJECT.sub(" ", clause)
        clause = _LEADING_WH.sub(" ", clause)
        words = re.findall(r"[\w'’-]+", clause)
        while True:
            # "'s" is what a cut possessive name leaves: "X's first visit to Y" -> "visit"
            while words and (
                words[0].lower() in FUNCTION_WORDS
                or words[0].lower() in AUXILIARIES
                or _POSSESSIVE_END.match(words[0])
                or (time_asked and len(words) > 1 and words[0].lower() in _TIME_SUBJECT_VERBS)
            ):
                words.pop(0)
            lead = (
                _REQUEST_WRAPPER.match(" ".join(words))
                or _TIME_NOUN.match(" ".join(words))
                or _ANSWER_HEAD.match(" ".join(words))
                or _INSTANCE_OF.match(" ".join(words))
            )
            if lead is None or not lead.group().strip():
                break
            words = lead.string[lead.end() :].split()
        if len(words) == 1 and words[0].lower() in _SEQUENCE_TAIL:
            words = []  # "Earlier in 2015, who ...": a clause that is only an order adverb says no event
        words = _without_sequence_words(words)
        # a trailing wh-phrase asks, it is no event word: "X was received by which actor?"
        # also "by which countries or organisations?"
        tail = re.search(
            r"(?:^|\s)(?:which|what|whose)\s+[\w-]+(?:\s+(?:or|and)\s+[\w-]+)?$", " ".join(words), re.IGNORECASE
        )
        if tail is not None and tail.start() > 0:
            words = " ".join(words)[: tail.start()].split()
        # trailing function words go, but not the particles of a phrasal verb ("locked up", "lashed out at")
        while words and (words[-1].lower() in FUNCTION_WORDS or words[-1].lower() in AUXILIARIES):
            if phrasal_tail(words):
                break
            words.pop()
        phrase = " ".join(words)
        if len(phrase) > len(best):
            best = phrase
    return best
