"""Issue 29, h29i: the sixth blind set's time wordings (now tuning data): named days, short halves, day ranges in one
month, "across the whole of" and scope clauses. Each case failed before its fix; guards keep readings that must not
change."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import MentionKind, Signal
from tkgrag.question.parse import understand
from tkgrag.question.sectors import sector_words
from tkgrag.question.time_expressions import find_time_expressions


def _one(text: str) -> tuple[str, date, date]:
    (t,) = find_time_expressions(text)
    assert t.span is not None and t.span.start is not None and t.span.end is not None
    return text[t.phrase_start : t.end], t.span.start, t.span.end


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("On Halloween 2014, who welcomed Xi Jinping as a visitor?", date(2014, 10, 31)),
        ("On Christmas Eve 2014, who did Sisi propose talks with?", date(2014, 12, 24)),
        ("Who made a gesture towards Korea on Christmas Day 2014?", date(2014, 12, 25)),
        ("Who did Iran appeal to on New Year's Eve 2015?", date(2015, 12, 31)),
        ("Who did Iran appeal to on New Year's Day 2015?", date(2015, 1, 1)),
        ("On Valentine's Day 2014, who made a request to Thailand?", date(2014, 2, 14)),
        ("On Boxing Day, 2013, who visited Kenya?", date(2013, 12, 26)),
    ],
)
def test_a_named_day_with_a_year_is_that_day(question: str, day: date) -> None:
    _, start, end = _one(question)
    assert start == end == day
    assert not [m.text for m in understand(question).mentions if "Eve" in m.text or "Day" in m.text or "Hall" in m.text]


def test_new_year_starts_a_range_on_the_first_of_january() -> None:
    assert _one("Between New Year 2014 and 2014-01-26, who hosted the African Union?")[1:] == (
        date(2014, 1, 1),
        date(2014, 1, 26),
    )
    assert [
        m.text for m in understand("Between New Year 2014 and March 12, 2014, who did Iran threaten?").mentions
    ] == ["Iran"]


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        ("Who sent aid to China during H2 2014?", date(2014, 7, 1), date(2014, 12, 31)),
        ("Who sent aid to China in H1 2015?", date(2015, 1, 1), date(2015, 6, 30)),
        ("Who sent aid to China in 2015 H2?", date(2015, 7, 1), date(2015, 12, 31)),
        ("Who sent aid to China in the second half of 2014?", date(2014, 7, 1), date(2014, 12, 31)),
        ("Who sent aid to China in Q3 2014?", date(2014, 7, 1), date(2014, 9, 30)),
    ],
)
def test_halves_and_quarters(question: str, first: date, last: date) -> None:
    assert _one(question)[1:] == (first, last)


@pytest.mark.parametrize(
    "question",
    [
        "Between 12 and 21 December 2014, who hosted Haider Al-Abadi?",
        "From 12 to 21 December 2014, who hosted Haider Al-Abadi?",
        "Who hosted Haider Al-Abadi from December 12-21, 2014?",
        "Who hosted Haider Al-Abadi between December 12 and 21, 2014?",
    ],
)
def test_a_day_range_shares_its_month_and_year(question: str) -> None:
    phrase, first, last = _one(question)
    assert (first, last) == (date(2014, 12, 12), date(2014, 12, 21))
    assert phrase.lower().startswith(("between", "from"))


def test_two_days_joined_by_and_without_between_are_no_range() -> None:
    assert [t.span for t in find_time_expressions("Who hosted him on 12 and 21 December 2014?")][-1] is not None
    assert all(
        t.span is None or t.span.start == t.span.end
        for t in find_time_expressions("Who hosted him on 12 and 21 December 2014?")
    )


@pytest.mark.parametrize(
    ("question", "first", "last", "phrase"),
    [
        (
            "Across the whole of 2014, who did Daniel Mitov confer with?",
            date(2014, 1, 1),
            date(2014, 12, 31),
            "Across the whole of 2014",
        ),
        (
            "Who did Iran criticize throughout the entire year 2015?",
            date(2015, 1, 1),
            date(2015, 12, 31),
            "throughout the entire year 2015",
        ),
        (
            "Across March and April 2014, who did Iran criticize?",
            date(2014, 3, 1),
            date(2014, 4, 30),
            "Across March and April 2014",
        ),
        (
            "Looking at 2014 and 2015 only, in which year did China first work with the Maldives?",
            date(2014, 1, 1),
            date(2015, 12, 31),
            "Looking at 2014 and 2015 only",
        ),
    ],
)
def test_whole_periods_and_scope_clauses(question: str, first: date, last: date, phrase: str) -> None:
    assert _one(question) == (phrase, first, last)
    names = [m.text for m in understand(question).mentions]
    assert not any(n.split()[0] in ("Across", "Looking", "March") for n in names)


def test_a_surname_may_still_follows_a_given_name() -> None:
    assert find_time_expressions("Did Theresa May visit Japan?") == []


@pytest.mark.parametrize(
    "question",
    [
        "Who were the police in Kenya accused by once 19 Oct 2015 had passed?",
        "Once September 15th 2014 had passed, who detained Greece's citizens?",
        "Who did Iran visit after 3 May 2014 was over?",
    ],
)
def test_once_a_day_had_passed_is_after_it(question: str) -> None:
    (t,) = find_time_expressions(question)
    assert t.signal is Signal.AFTER
    assert question[t.phrase_start : t.end].split()[-1] in ("passed", "over")


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        ("Three days before 2014-10-25, who did Chouhan appeal to?", date(2014, 10, 22), date(2014, 10, 22)),
        ("Who visited Iran two weeks after 3 May 2014?", date(2014, 5, 17), date(2014, 5, 17)),
        ("Within seven days after July 20th 2014, who arrested the army?", date(2014, 7, 21), date(2014, 7, 27)),
        ("In the three days before 25 October 2014, who visited Iran?", date(2014, 10, 22), date(2014, 10, 24)),
    ],
)
def test_days_counted_from_a_day(question: str, first: date, last: date) -> None:
    (t,) = find_time_expressions(question)
    assert t.signal is Signal.OVERLAP
    assert t.span is not None and (t.span.start, t.span.end) == (first, last)
    assert not [m for m in understand(question).mentions if m.text in ("Three", "Within", "In")]


def test_a_count_before_a_month_is_no_window() -> None:
    (t,) = find_time_expressions("Who visited Iran two weeks before May 2014?")
    assert t.span is not None and t.span.start == date(2014, 5, 1)


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Who did ordinary people in Nigeria last lash out at?", "ordinary people"),
        ("Who arrested ordinary people in Thailand?", "ordinary people"),
        ("Who appealed to common people in Greece?", "common people"),
    ],
)
def test_ordinary_people_in_a_country_are_its_citizens(question: str, role: str) -> None:
    roles = [m for m in find_mentions(question) if m.kind is MentionKind.ROLE]
    assert [(m.role, sector_words()[m.role]) for m in roles] == [(role, ("Citizen",))]


def test_people_alone_before_in_is_the_citizens_sector() -> None:
    # h29v: blind set 19's writers mean Citizen (X) by "people in X" (read as X, a wrong answer); "which people in X"
    # asks for people and stays no sector (test_question_constructions_19)
    found = [(m.text, m.role) for m in find_mentions("Who did people in Nigeria criticize?")]
    assert found == [("people in Nigeria", "people"), ("Nigeria", None)]


def test_members_of_parliament_in_a_country_are_one_sector() -> None:
    q = "Who issued a demand to Nuri al-Maliki in the same month as members of parliament in Iraq did?"
    roles = [m for m in find_mentions(q) if m.kind is MentionKind.ROLE]
    assert [(m.text, m.role, m.holder) for m in roles] == [
        ("members of parliament in Iraq", "members of parliament", "Iraq")
    ]


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        (
            "Xi Jinping consulted Frank Bainimarama at one point; who else did Xi Jinping consult after that?",
            "After Xi Jinping consulted Frank Bainimarama, who else did Xi Jinping consult?",
        ),
        (
            "Iran hosted Japan once. Who else did Iran host before that?",
            "Before Iran hosted Japan, who else did Iran host?",
        ),
        ("Iran hosted Japan; who did so next?", "After Iran hosted Japan, who did so next?"),
    ],
)
def test_a_first_sentence_the_question_points_back_at_is_its_anchor(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


def test_a_question_that_does_not_point_back_keeps_its_first_sentence() -> None:
    q = "Iran hosted Japan. Who else did Iran host in 2014?"
    assert anchor_sentence(q) == q
