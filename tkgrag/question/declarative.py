"""A declarative sentence followed by a pro-form question: "Kazakhstan played host to X. Who did so next?".

The first sentence is the anchor clause, so the question is read as "After Kazakhstan played host to X, who did so
next?" (the anchor path that already works). Without a word that orders the answer against the anchor ("next",
"before", ...) the pair cannot be read: an error, so the reader abstains rather than answer the anchor's own actor.
"""

from __future__ import annotations

import re

from tkgrag.errors import TkgragError
from tkgrag.question.clause_shapes import anchor_period_part
from tkgrag.question.lexicon import PRO_FORM
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity

# The first sentence ends at a full stop, then a question word opens the second; "U.S. Who" is split at the last
# stop before the question word (the first sentence holds no "?" or "!"). A semicolon or a spaced dash joins the
# two like a stop ("X visited Y - who was the previous one to do that?"); a hyphen inside a word does not.
_PAIR = re.compile(
    r"^\s*(?P<first>[^?!;]*?[^\s.;\-\u2013\u2014])\s*(?:[.;]|\s[-\u2013\u2014]|\u2014)\s+"
    # an imperative asks too: "X did R on D. Name the others who did the same on that date."; a time asked ("When
    # did X ... after that?", "On what month after that did X ...?") only with an order or a period said against the
    # statement (``_ORDERED_ONLY``); an opener ("Anyone know who ...") is gone before (``hedges.without_opener``)
    r"(?P<question>(?:who|whom|which|what|name|list|identify|when|(?:on|in|during|at)\s+(?:what|which))\b"
    r"[^.?!]*[?.!]?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# Questions the pair is read for only when they order their event against the statement or say its period: a bare
# pro-form ("X did Y - when did that happen?") asks the statement's own time, which is not an anchor
_ORDERED_ONLY = re.compile(r"^(?:when|(?:on|in|during|at)\s+(?:what|which))\b", re.IGNORECASE)
# the statement's own event asked again: "did that happen", "did it take place", "did this occur"
_OWN_EVENT = re.compile(
    r"\b(?:did|does|do|was|were)\s+(?:that|it|this)\b|\b(?:that|it|this)\s+(?:happen|occur|take\s+place)", re.I
)
_QUESTION_WORD = re.compile(r"^(?:who|whom|whose|which|what|when|where|how|why|did|does|do|was|were|is|are)\b", re.I)
# The question's verb is only a pro-form for the first sentence's event (``lexicon.PRO_FORM``); here also "did it/that"
# anywhere ("Who did that next in 2014?"): the first sentence gives "it" its event.
_PRO_FORM = re.compile(PRO_FORM.pattern + r"|\b(?:did|does|do|done|doing)\s+(?:it|that)\b", re.IGNORECASE)
_AFTER = re.compile(r"\b(?:next|after(?:wards)?|then|later|subsequently|following)\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:before|earlier|previous(?:ly)?|prior)\b", re.IGNORECASE)
# "X did Y; who else did that the same month?": the period of X's event ("In the same month that X did Y, ...");
# "that same month", "that very day", "that month", "within the same day" say the same
_SAME_PERIOD = re.compile(
    r"\s*\b(?:in\s+|on\s+|during\s+|within\s+|over\s+|at\s+)?(?:the(?:\s+(?:very|same))+|that(?:\s+(?:very|same))*)\s+"
    # (a bracket after it is ``stated_week._period_said``'s, which checks it against the statement's time first);
    # "on that date", "on the same date": its day
    r"(?P<unit>day|date|week|month|year)\b(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
# Order words the anchor trigger now says ("Who else did so afterwards?" -> "After ..., who else did so?"); "next"
# stays: it asks for the nearest one.
_SAID_BY_TRIGGER = re.compile(
    # "before them": the first sentence's actors, i.e. their event; a parenthesised time after it ("(in 2015)") stays
    r"\s*\b(?:(?:(?:right|immediately|straight|just|directly)\s+)?(?:after|before|prior\s+to)\s+(?:that|then|this|them|him|her)|"
    r"afterwards|after|then|later|subsequently|before|"
    r"earlier|previously)\b(?=\s*(?:\([^()]*\))?\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


# "who else did X consult after that?": the question says its verb again but points back at the first sentence
_BACK_REFERENCE = re.compile(
    r"\b(?:after|before|prior\s+to)\s+(?:that|this|then|them|him|her)\b(?=\s*(?:\([^()]*\))?\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
# "On what month after that did X first meet Y?", "When before that did X ...": the back reference right after the
# asked time, before the question's auxiliary; it goes, and the order is the statement's
_MID_BACK_REFERENCE = re.compile(
    r"\s+(?P<dir>after|before|prior\s+to)\s+(?:that|this)(?=\s+(?:did|does|do|was|were|is|are|had|has|have)\b)",
    re.IGNORECASE,
)
# "X commented on Y on June 22, 2015; who was next to comment on Y?": the question says its own verb, but "next"
# orders it after the first sentence's event (read alone, X's own event was the answer, refused as the subject)
_NEXT_TO = re.compile(
    r"\b(?:was|were|is|are)\s+(?:the\s+)?next\b|\bnext\s+to\b|\bwho\s+next\b|\bnext\s*[?.!]?\s*$", re.IGNORECASE
)
# "X consulted Y at one point; ...": the occasion is the anchor itself, the words say no time
_ONE_OCCASION = re.compile(r"\s+(?:at\s+(?:one|some)\s+point|once|on\s+(?:one|an)\s+occasion)$", re.IGNORECASE)


# "who was the previous one to do that?": the order word is read (before/after); the rest is the pro-form "did that"
_ONE_TO_DO = re.compile(
    r"\s+(?:was|were)\s+the\s+(?P<which>previous|next|last|most\s+recent|latest)\s+(?:one|person|party|country)\s+"
    r"to\s+do\s+(?:so|that|it|the\s+same)\b",
    re.IGNORECASE,
)


# "X did Y. Who did Z one day later?" / "... the previous day?": the calendar period next to X's event ("The day
# after X did Y, who did Z?"), whatever Z is: the period is said against the statement. "... the following week?",
# "... a week later?" (the week beside the statement's event) is matched to be refused (``anchor_sentence``)
_NEXT_PERIOD_TAIL = re.compile(
    r"\s*\b(?:(?:one|a|1)\s+(?P<unit>day|week|month|year)\s+(?P<dir>later|earlier|afterwards|after|before)|"
    r"(?:on\s+|in\s+)?the\s+(?P<dir2>next|following|previous|preceding)\s+(?P<unit2>day|week|month|year)|"
    r"(?:in\s+|during\s+)?the\s+(?:next|following|previous|preceding|subsequent)\s+(?P<week>week))"
    r"(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


# "X did Y. During that same month, who did Z?": the period said before the question word, moved behind it ("... Who
# did Z during that same month?"), the order ``_SAME_PERIOD`` reads
_FRONTED_PERIOD = re.compile(
    r"(?P<sep>[.;]\s+)(?P<lead>(?:(?:during|in|on|within|over|at)\s+)?(?:the(?:\s+(?:very|same))+|that(?:\s+(?:very|same))*)\s+"
    r"(?:day|week|month|year))\s*,\s*(?P<wh>(?:who|whom|which|what)\b[^.?!]*?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)


# "later that month", "earlier in the same year": a side of the statement's event within its period; month and year
# only (as ``window_edges._SAME_UNIT``): "later that day" after a said day is an empty window, and which week "that
# week" is, is unsaid
# "later that", "earlier in the same", "later on during that same": a side within the period said after it (also
# ``window_edges._LATER_SAME``'s)
SIDE_IN_THAT = r"\b(?P<dir>later|earlier)\s+(?:on\s+)?(?:(?:in|during|within)\s+)?(?:that|the)(?:\s+same)?"
_PART_OF_PERIOD = re.compile(rf"{SIDE_IN_THAT}\s+(?:month|year)\s*[?.!]?\s*$", re.IGNORECASE)


def _time_last(first: str) -> str:
    """ "On May 30, 2015(,) Japan criticised China" -> "Japan criticised China on May 30, 2015": an opening time moved
    behind the clause, so that the folded anchor ("On the same day that <first>, ...") keeps one clause that owns it."""
    times = find_time_expressions(first)
    if not times or times[0].phrase_start != 0 or times[0].relation is None:
        return first
    end = times[0].end
    rest = first[end:].lstrip(" ,")
    if not rest or len(rest) == len(first[end:]):  # nothing after it, or no comma or space to part them
        return first
    phrase = first[:end]
    return f"{rest} {phrase[:1].lower()}{phrase[1:]}"


def _lower_the(first: str) -> str:
    """ "The head of government of Greece" is no name "The ..." mid-sentence."""
    return "the" + first[3:] if re.match(r"The\s+[a-z]", first) else first


class UnreadablePair(TkgragError, ValueError):
    """A declarative sentence and a pro-form question whose order against it is unsaid ("Who else did so?")."""


def anchor_sentence(question: str) -> str:
    """``question`` with a declarative first sentence folded in as its anchor clause; unchanged when it has none.

    Raises ``UnreadablePair`` when the second sentence repeats the first's event but says neither after nor before.
    """
    fronted = _FRONTED_PERIOD.search(question)
    if fronted is not None:
        wh = fronted.group("wh")
        question = (
            f"{question[: fronted.start()]}{fronted.group('sep')}{wh[:1].upper()}{wh[1:]} "
            f"{fronted.group('lead').lower()}{fronted.group('end') or '?'}"
        )
    m = _PAIR.match(question)
    if m is None:
        return question
    first, rest = m.group("first"), m.group("question")
    mid = _MID_BACK_REFERENCE.search(rest)
    if mid is not None:  # "On what month after that did X ...?" -> "On what month did X ... after that?"
        stop = re.search(r"\s*[?.!]?\s*$", rest)
        cut = stop.start() if stop is not None else len(rest)
        said = " ".join(mid.group("dir").split()).lower()
        rest = f"{rest[: mid.start()]}{rest[mid.end() : cut]} {said} that{rest[cut:] or '?'}"
    ordered_only = _ORDERED_ONLY.match(rest) is not None
    if ordered_only and _OWN_EVENT.search(rest) is not None:
        # "X did R at least once in 2015; in which month did that happen for the first time that year?": the time of
        # the statement's own event, no anchor
        return question
    shifted = _NEXT_PERIOD_TAIL.search(rest)
    if shifted is not None and not _QUESTION_WORD.match(first):  # "X did Y. Who did Z one day later?"
        unit = (shifted.group("unit") or shifted.group("unit2") or shifted.group("week")).lower()
        if unit == "week":
            # "X did R on D. Which others did so the following week?": the calendar week after D's or the seven days
            # after D is the writer's; read as "after X did R" alone it had no end
            raise UnreadablePair(
                f"cannot read {question!r}: the week next to the first sentence's event may be the calendar week or "
                "the seven days beside it; ask e.g. 'Between D1 and D2, who else did so?'"
            )
        later = (shifted.group("dir") or shifted.group("dir2")).lower() in (
            "later",
            "after",
            "afterwards",
            "next",
            "following",
        )
        rest = rest[: shifted.start()] + rest[shifted.end() :]
        first = _ONE_OCCASION.sub("", _lower_the(first))
        return f"The {unit} {'after' if later else 'before'} {first}, {rest[:1].lower()}{rest[1:]}"
    same = _SAME_PERIOD.search(rest)
    # "X accused Y; whom else did X accuse that same day?", "... Who visited Z in the same month?": the question says
    # its own verb, and "the same day" can only be the statement's
    if _QUESTION_WORD.match(first) or (
        (ordered_only or _PRO_FORM.search(rest) is None)
        and _BACK_REFERENCE.search(rest) is None
        and same is None
        and _NEXT_TO.search(rest) is None
    ):
        return question
    first = _ONE_OCCASION.sub("", _lower_the(first))
    part = _PART_OF_PERIOD.search(rest)
    if same is not None and part is not None:
        # "X did R on D. Which others did so later that month?": after X's event and in its month, the form
        # ``clause_shapes.anchor_period_part`` reads ("In the same month that X did R on D, which others did so
        # after X did?"); where it cannot say so, the pair is not read (below)
        first = _lower_the(_time_last(first))
        side = "After" if part.group("dir").lower() == "later" else "Before"
        days = [t for t in find_time_expressions(first) if t.span is not None]
        if len(days) == 1 and days[0].span is not None and days[0].span.granularity is Granularity.DAY:
            # the statement's day said: the side is against that day ("... which others did so after 2015-04-09?");
            # "after X did" would be any of X's events of that kind
            unit = same.group("unit").lower().replace("date", "day")
            main = rest[: same.start()].rstrip()
            main = re.sub(r"\s+(?:earlier|later)\s*$", "", main, flags=re.IGNORECASE)
            day = first[days[0].start : days[0].end]
            end = rest[same.end() :].strip() or "?"
            return f"In the same {unit} that {first}, {main[:1].lower()}{main[1:]} {side.lower()} {day}{end}"
        said = anchor_period_part(f"{side} {first}, {rest[:1].lower()}{rest[1:]}")
        if not said.startswith(f"{side} "):
            return said
    if same is not None:
        first = _lower_the(_time_last(first))
        rest = rest[: same.start()] + rest[same.end() :]
        if _AFTER.search(rest) is not None or _BEFORE.search(rest) is not None:
            # "who did so earlier that same month?": before X AND in X's month; either alone may answer wrong
            raise UnreadablePair(
                f"cannot read {question!r}: the question asks both the first sentence's period and an order against "
                "it; ask e.g. 'In the same month that X did Y, who else did so?'"
            )
        unit = same.group("unit").lower().replace("date", "day")
        prep = "On" if unit == "day" else "In"
        return f"{prep} the same {unit} that {first}, {rest[:1].lower()}{rest[1:]}"
    after, before = _AFTER.search(rest) is not None, _BEFORE.search(rest) is not None
    if after == before:
        raise UnreadablePair(
            f"cannot read {question!r}: the question repeats the first sentence's event but says neither after nor "
            "before it; ask e.g. 'After X did Y, who did so next?'"
        )
    first = _lower_the(_time_last(first))  # "On D, X did Y; who next ...": "After X did Y on D, ..."
    rest = _SAID_BY_TRIGGER.sub("", rest)
    rest = _ONE_TO_DO.sub(lambda o: " did that next" if o.group("which").lower() == "next" else " did that", rest)
    return f"{'After' if after else 'Before'} {first}, {rest[:1].lower()}{rest[1:]}"
