"""Constructions of the third blind phrasing set (issue 29, h29e): a day or month bound without its year in a question
that states the year once ("In 2015, before 13 January, ...", "... in 2014 prior to 22 October"), and sequence words
that are no event words ("who next offered talks", "which actors went on to arrest X"). Each case failed before its
fix."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.parse import understand
from tkgrag.temporal import Granularity, TimeSpan

_2014 = TimeSpan(date(2014, 1, 1), date(2014, 12, 31), Granularity.YEAR)
_2015 = TimeSpan(date(2015, 1, 1), date(2015, 12, 31), Granularity.YEAR)


def _day(y: int, m: int, d: int) -> TimeSpan:
    return TimeSpan.day(date(y, m, d))


@pytest.mark.parametrize(
    ("question", "year", "relation", "bound"),
    [
        ("In 2015, before 13 January, whom did Iran receive a visit from?", _2015, "before", _day(2015, 1, 13)),
        ("Whom did Jakaya Kikwete offer talks to in 2014 prior to 22 October?", _2014, "before", _day(2014, 10, 22)),
        ("Whom did the Rapid Action Battalion arrest in 2014 prior to 13 August?", _2014, "before", _day(2014, 8, 13)),
        ("Who visited Iran in 2014 after 3 March?", _2014, "after", _day(2014, 3, 3)),
        ("In 2015, ahead of March 21, whom did Sudan offer cooperation to?", _2015, "before", _day(2015, 3, 21)),
        ("Who did Iran host in 2015 earlier than the 26th of May?", _2015, "before", _day(2015, 5, 26)),
        (
            "In 2014, before June, who visited Iran?",
            _2014,
            "before",
            TimeSpan(date(2014, 6, 1), date(2014, 6, 30), Granularity.MONTH),
        ),
        (
            "In 2014, after October, who visited Iran?",
            _2014,
            "after",
            TimeSpan(date(2014, 10, 1), date(2014, 10, 31), Granularity.MONTH),
        ),
    ],
)
def test_a_day_or_month_without_its_year_takes_the_one_stated_year(
    question: str, year: TimeSpan, relation: str, bound: TimeSpan
) -> None:
    tq = understand(question)
    assert all(t.span is not None for t in tq.times)
    constraints = explicit_constraints(tq)
    assert [(c.relation.value, c.span) for c in constraints] == [("during", year), (relation, bound)]


def test_up_until_a_day_in_the_stated_year_ends_with_that_day() -> None:
    (during, until) = explicit_constraints(understand("Who visited Iran in 2014 up until 22 October?"))
    assert during.span == _2014
    assert until.relation is TemporalRelation.DURING
    assert until.span.start is None and until.span.end == date(2014, 10, 22)


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Iran in July?",  # no year at all
        "Between 2014 and 2015, before 13 January, who visited Iran?",  # two years: which one is unsaid
        "In 2015, before 30 February, who visited Iran?",  # no such day
    ],
)
def test_a_day_without_a_year_stays_unplaced_unless_exactly_one_year_is_stated(question: str) -> None:
    tq = understand(question)
    assert any(t.span is None for t in tq.times)


def test_a_day_with_its_own_year_is_kept() -> None:
    (c,) = explicit_constraints(understand("In 2015, before 13 January 2015, whom did Iran host?"))[1:]
    assert c.relation is TemporalRelation.BEFORE and c.span == _day(2015, 1, 13)
    (only,) = explicit_constraints(understand("Who visited Iran before 13 January 2015?"))
    assert only.relation is TemporalRelation.BEFORE and only.span == _day(2015, 1, 13)


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("Following Nigeria's head of government, who next offered talks to Barack Obama?", "offered talks"),
        ("Which actors went on to arrest the police of Ukraine after July 9, 2014?", "arrest"),
        ("Which actors went on to praise the government of Sudan after March 13, 2014?", "praise"),
        ("Who proceeded to praise Sudan after March 13, 2014?", "praise"),
        ("Who subsequently praised Sudan after March 13, 2014?", "praised"),
        ("Who later praised Sudan after March 13, 2014?", "praised"),
        ("Who went on to make a visit to Japan after 3 March 2014?", "make a visit"),
        ("Who was the next to criticise Japan after China?", "criticise"),
        ("Who visited Japan next after China did?", "visited"),
    ],
)
def test_sequence_words_are_no_event_words(question: str, phrase: str) -> None:
    assert understand(question).relation_phrase == phrase


@pytest.mark.parametrize(
    "question",
    [
        "After the African Union spoke approvingly of Djibouti, who was next to do so?",
        "After China visited Japan, who did so next?",
        "Once China had visited Japan, who next did the same?",
        "After the African Union praised Djibouti, who proceeded to do so next?",  # was 'proceeded to do so next'
        "After the African Union praised Djibouti, who went on to do the same?",
        "After the African Union praised Djibouti, who subsequently did likewise?",
    ],
)
def test_a_pro_form_with_sequence_words_stays_a_pro_form(question: str) -> None:
    assert understand(question).pro_form


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "After the African Union spoke approvingly of Djibouti, who was next to do so?",
            ["African Union", "Djibouti"],
        ),
        ("After the European Union praised Djibouti, who did so next?", ["European Union", "Djibouti"]),
        ("After the Marriott Corporation called from Japan, who visited it?", ["Marriott Corporation", "Japan"]),
    ],
)
def test_a_name_then_a_verb_before_of_is_a_clause_not_a_role(text: str, names: list[str]) -> None:
    tq = understand(text)
    assert not [m for m in tq.mentions if m.kind.value == "role"]
    assert [m.text for m in tq.mentions] == names


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Who visited the head of government of Germany?", "head of government"),
        ("Who did the Kenyan police of Nairobi arrest?", "Kenyan police"),
        ("Whom did the Prime Minister of India visit?", "Prime Minister"),
    ],
)
def test_roles_with_capitals_or_sector_words_stay_roles(text: str, role: str) -> None:
    assert role in {m.role for m in understand(text).mentions if m.kind.value == "role"}


def test_the_pro_form_after_a_name_then_verb_anchor_keeps_the_verb() -> None:
    tq = understand("After the African Union spoke approvingly of Djibouti, who was next to do so?")
    (anchor,) = tq.anchors
    assert [m.text for m in anchor.mentions] == ["African Union", "Djibouti"]
    assert understand(anchor.text).relation_phrase == "spoke approvingly"


@pytest.mark.parametrize(
    ("question", "phrase", "time"),
    [
        ("In 2014, from 1 March onwards, whom did the Rapid Action Battalion arrest?", "arrest", "1 March onwards"),
        ("Since May 2014 onward, who visited Iran?", "visited", "May 2014 onward"),
        ("Who visited Iran from 2014 on?", "visited", "2014 on"),
        ("Who imposed sanctions from 2014 on Iran?", "imposed sanctions", "2014"),  # "on Iran": no time word
    ],
)
def test_onwards_belongs_to_the_time_phrase(question: str, phrase: str, time: str) -> None:
    tq = understand(question)
    assert tq.relation_phrase == phrase
    assert tq.times[-1].text == time


def test_went_on_to_be_keeps_the_passive() -> None:
    from tkgrag.question.roles import is_passive, verb_position

    tq = understand("Who went on to be arrested by Thailand after 7 February 2015?")
    assert tq.relation_phrase == "arrested"
    verb = verb_position(tq.text, tq.relation_phrase, [])
    assert verb is not None and is_passive(tq.text, verb)


@pytest.mark.parametrize(
    ("question", "anchor", "phrase"),
    [
        (
            "Who was the first after Nigeria's head of government to offer talks to Barack Obama?",
            "Nigeria's head of government",
            "offer talks",
        ),
        ("Who was the last before China to visit Japan?", "China", "visit"),
        ("Who was the first after China paid a visit to Japan to visit it?", "China paid a visit to Japan", "visit"),
        ("Which country was the first after the visit to Japan to praise it?", "the visit to Japan", "praise"),
    ],
)
def test_the_first_after_x_to_v_ends_the_anchor_before_the_infinitive(question: str, anchor: str, phrase: str) -> None:
    tq = understand(question)
    assert [a.text for a in tq.anchors] == [anchor]
    assert tq.relation_phrase == phrase
