"""A topic named in a sentence of its own and then taken up by the question: "How about Serbia? Who was the last to pay
a visit to it?", "Take Cambodia. Which actors accused it during 2014?", "I'm looking at protesters in Hong Kong. Whom
did they make a request to in December 2014?". The topic fills the roles the question's pronouns give it (or its
repetition's), never another one, so the question is read as "Who was the last to pay a visit to Serbia?"; a time
said with the topic ("Think about South Korea in 2014.") is the question's scope. The topic sentence's own words
("Take", "Let's stay with", "Quick one about") are never read as a name.

Where the question cannot be read with confidence the reader abstains (``UnreadableTopic``): pronouns of two numbers
("it" and "them") may stand for two parties; a pronoun after a topic of two parties ("I'm tracking X and Y.") could
be either; a topic with neither a pronoun nor a repetition in the question has no role in it.

A label before a colon that names nothing ("Fact-check: which parties praised X ...?", "The wire copy is missing a
name: on May 30, 2015, who did X negotiate with?") is dropped (``without_label``)."""

from __future__ import annotations

import re

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.sectors import country_of, sector_phrase_length


class UnreadableTopic(UnreadablePair):
    """A topic sentence whose place in the question cannot be told."""


_LET = r"(?:let['’]s|let\s+us)\s+"
_WE = r"(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:now\s+|still\s+)?"
# The words that only open a topic: "How about X?", "Take X.", "Let's stay with X.", "I'm following X.", "Quick one
# about X:", "Now X.". "And X? Who ...", with no question word in X, is the same.
_OPENER = (
    r"(?:and\s+)?(?:how|what)\s+about"
    r"|and(?=\s+(?!(?:who|whom|whose|what|which|when|where|how|why)\b))"
    rf"|{_WE}(?:looking\s+at|following|tracking|watching|interested\s+in|curious\s+about|focus(?:ing|ed)\s+on|"
    r"thinking\s+(?:about|of)|asking\s+about|researching|checking\s+on|reading\s+(?:up\s+)?(?:about|on))"
    rf"|{_LET}(?:(?:stay|stick|keep\s+going)\s+with|(?:talk|think)\s+about|(?:turn|move(?:\s+on)?|switch|go|"
    r"come\s+back|go\s+back|return|get\s+back)\s+to|look\s+at|consider|take|focus\s+on)"
    r"|(?:(?:and\s+)?now\s+)?(?:take|consider|think\s+about|turn(?:ing)?\s+to|mov(?:e|ing)\s+on\s+to|back\s+to|"
    r"switch(?:ing)?\s+to|staying\s+with|sticking\s+with|focus\s+on|regarding|concerning|as\s+for|on\s+to)"
    r"|(?:(?:a\s+)?quick\s+(?:one|question)|(?:one|another)\s+(?:more\s+)?(?:question|one)|one\s+more)"
    r"\s+(?:about|on|for|regarding|concerning)"
    r"|about|re|now|next"
)
_WH = r"(?:who|whom|whose|what|which|when|where|how|why)"
_END = r"(?:[?.!:;]|\s—|\s–|\s--?)"
_TOPIC = re.compile(
    rf"^\s*(?:{_OPENER})\s+(?P<topic>(?:(?!\b{_WH}\b)[^?.!:;—–,])+?)\s*{_END}\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "Citizens of Belarus again. From ... who did they make a request to?"
_AGAIN = re.compile(
    rf"^\s*(?P<topic>(?:(?!\b{_WH}\b)[^?.!:;—–,])+?)\s+(?:once\s+)?again\s*{_END}\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# A time said with the topic: "Think about South Korea in 2014.", "I'm interested in X after 16 May 2014."
_TIME_WORD = r"(?:in|during|throughout|over|after|before|since|from|until|through)"
_TOPIC_TIME = re.compile(
    rf"\s+(?P<when>{_TIME_WORD}\s+(?:(?!\b(?:{_TIME_WORD}|of|and)\b)[^,])*\d[^,]*)$",
    re.IGNORECASE,
)
# The topic's period taken up by the question: "Who was the last one it visited that year?"
_THAT_PERIOD = re.compile(r"\b(?:in\s+|during\s+)?(?:that|the\s+same)\s+(?:same\s+)?(?:year|month)\b", re.IGNORECASE)
# A pronoun and its number; "it" of "was it" / "is it" is no referent ("Who was it that ...").
_PRONOUN = re.compile(r"(?<![\w'’-])(?P<p>it|its|they|them|their|he|him|his|she|her)(?![\w'’-])", re.IGNORECASE)
_NUMBER = {
    "it": "it",
    "its": "it",
    "they": "they",
    "them": "they",
    "their": "they",
    "he": "he",
    "him": "he",
    "his": "he",
    "she": "she",
    "her": "she",
}
_POSSESSIVE = {"its", "their", "his"}
_EXPLETIVE_BEFORE = re.compile(r"\b(?:was|is|were)\s+$", re.IGNORECASE)


def _referring(rest: str) -> list[re.Match[str]]:
    return [
        p
        for p in _PRONOUN.finditer(rest)
        if not (p.group("p").lower() == "it" and _EXPLETIVE_BEFORE.search(rest[: p.start()]))
    ]


def _in_sentence(topic: str) -> str:
    """The topic as said inside a sentence: a sector keeps no capital ("Citizens of Belarus" -> "citizens of
    Belarus", "The police in Kenya" -> "the police in Kenya"); a name keeps its own."""
    words = topic.split()
    first = words[0]
    lows = [w.lower() for w in words]
    if (
        first[:1].isupper()
        and not re.search(r"['’]s?$", first)  # "Syria's foreign ministry" keeps its name
        and country_of(first) is None
        and (sector_phrase_length(lows) or (lows[0] == "the" and sector_phrase_length(lows[1:])))
    ):
        return first[:1].lower() + topic[1:]
    return topic


def _parts(topic: str) -> list[list[str]]:
    """The ways a topic can name two parties: "Ethiopia and Tanzania" -> [["Ethiopia", "Tanzania"]]; none for one."""
    return [[topic[: m.start()], topic[m.end() :]] for m in re.finditer(r"\s+and\s+", topic)]


def _scoped(rest: str, when: str) -> str:
    """``rest`` in the topic's period: "that year" becomes it, or it opens the question."""
    if when.split()[0].lower() in {"in", "during", "throughout", "over"} and _THAT_PERIOD.search(rest):
        return _THAT_PERIOD.sub(when, rest, count=1)
    return f"{when[:1].upper()}{when[1:]}, {rest[:1].lower()}{rest[1:]}"


def resolve_topic(question: str) -> str:
    """The question with its topic sentence folded in; the question unchanged when it has none.

    Raises ``UnreadableTopic`` when the topic's place in the question cannot be told (see the module docstring)."""
    m = _TOPIC.match(question) or _AGAIN.match(question)
    if m is None:
        return question
    topic, rest = m.group("topic").strip(), m.group("rest").strip()
    when = ""
    if (t := _TOPIC_TIME.search(topic)) is not None:
        topic, when = topic[: t.start()].strip(), t.group("when").strip()
    if not topic:
        return question
    pronouns = _referring(rest)
    low = rest.lower()
    said = topic.lower() in low or any(all(p.lower() in low for p in two) for two in _parts(topic))
    if pronouns:
        numbers = {_NUMBER[p.group("p").lower()] for p in pronouns}
        if _parts(topic) and topic.lower() not in low:
            raise UnreadableTopic(
                f"the topic {topic!r} names two parties and {pronouns[0].group('p')!r} could stand for either"
            )
        if len(numbers) > 1:
            found = ", ".join(repr(p.group("p")) for p in pronouns)
            raise UnreadableTopic(f"the pronouns {found} after the topic {topic!r} may stand for different parties")
        inside = _in_sentence(topic)
        out, last = [], 0
        for p in pronouns:
            word = p.group("p")
            name = inside if p.start() else topic[:1].upper() + topic[1:]
            out += [rest[last : p.start()], name + ("'s" if word.lower() in _POSSESSIVE else "")]
            last = p.end()
        rest = "".join(out) + rest[last:]
    elif not said:
        raise UnreadableTopic(
            f"the topic {topic!r} has no place in the question: no pronoun or repetition says its role"
        )
    rest = rest[:1].upper() + rest[1:]
    return _scoped(rest, when) if when else rest


# A label before a colon: "Fact-check:", "For the year-end review:", "The wire copy is missing a name:". Not a time or
# an anchor ("In 2014: ...", "Before X visited Y: ..."), not a question word ("when: ..."), not a name or a sector
# taken up by a pronoun (``clause_shapes.dash_topic`` reads "X: who hosted them?").
_LABEL = re.compile(r"^\s*(?P<label>[^?:;—–\d]{2,60}?)\s*:\s+(?P<rest>[^:?]*\?)(?P<after>[^:]*)$", re.DOTALL)
_NOT_LABEL = re.compile(
    rf"\b{_WH}\b|^\s*(?:in|on|at|during|before|after|since|until|till|from|between|by|when|while|once|as|following|"
    r"prior|within|throughout|over|through|and|how\s+about|what\s+about)\b",
    re.IGNORECASE,
)
# a name or a sector: every word capitalised or a joining word ("Barack Obama", "Bank of Japan"), or a sector
# phrase of a country ("the police in Kenya", "citizens of Nigeria")
_PARTICLE = r"(?:al|el|ad|ash|as|at|bin|ibn|abu|ben|de|da|di|du|la|le|van|von|del)"
_NAME_PART = rf"(?:[A-Z0-9][\w'’.()/]*|{_PARTICLE})"
# ("Fact-check" is no name: a part after its hyphen is lowercase; "Al-Shabaab", "al-Jasem" are)
_NAME_WORD = re.compile(rf"^(?:{_NAME_PART}(?:-[A-Z0-9][\w'’.()/]*)*|of|the|and|for|in|&|/|-)$")
_SECTOR_OF = re.compile(r"\b(?:of|in)\s+(?:the\s+)?[A-Z]")


def without_label(question: str) -> str:
    """``question`` without a label before its colon that names nothing; unchanged when it has none."""
    m = _LABEL.match(question)
    if m is None:
        return question
    label, rest = m.group("label").strip(), m.group("rest")
    if _NOT_LABEL.search(label) or not re.search(rf"\b{_WH}\b", rest, re.IGNORECASE) or _referring(rest):
        return question
    words = label.split()
    if (
        label.lower() not in rest.lower()
        and (
            all(_NAME_WORD.match(w) for w in words)
            or _SECTOR_OF.search(label)
            # a capitalised word after the first may name a party: "Looking at Japan only: who ...?" limits the answer
            or any(w[:1].isupper() for w in words[1:])
        )
    ):
        return question
    rest += m.group("after")
    return rest[:1].upper() + rest[1:]
