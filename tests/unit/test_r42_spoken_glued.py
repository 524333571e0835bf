"""r42 (issue 29 item 3): spoken dates, glued words and the guard against unread time words or scopes."""

from __future__ import annotations

import pytest

from tkgrag.question.glued_words import glued_words
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.spoken_dates import spoken_dates
from tkgrag.question.unread_times import unread_scope_words, unread_time_words
from tkgrag.temporal import TimeSpan


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("on which date in twenty fourteen did iran sound gloomy", "on which date in 2014 did iran sound gloomy"),
        ("which month of twenty fifteen saw it", "which month of 2015 saw it"),
        ("in two thousand and five", "in 2005"),
        ("in two thousand fifteen", "in 2015"),
        ("in twenty oh five", "in 2005"),
        ("in nineteen ninety nine", "in 1999"),
        ("in may twenty fifteen", "in may 2015"),
        ("on march third", "on march 3"),
        ("on march the third twenty fourteen", "on march 3 2014"),
        ("on march twenty first twenty fifteen", "on march 21 2015"),
        ("on june five twenty fourteen", "on june 5 2014"),
        # not dates: counts, ordinals of order, a day word without a month
        ("who visited twenty five countries", "who visited twenty five countries"),
        ("who was the first to visit", "who was the first to visit"),
        ("who did it third", "who did it third"),
        ("who may first visit", "who may first visit"),
        ("the third of march", "the third of march"),
    ],
)
def test_spoken_dates(said: str, written: str) -> None:
    assert spoken_dates(said) == written


def _span(t: str) -> list[TimeSpan | None]:
    return [x.span for x in understand(t).times]


def test_spoken_year_is_the_constraint() -> None:
    q = understand("on which date in twenty fourteen did iran sound gloomy about mexico")
    assert [x.span for x in q.times] == [TimeSpan.parse("2014")]
    assert q.relation_phrase == "iran sound gloomy about mexico"
    q = understand("which month of twenty fifteen saw the police in malaysia arrest citizens of nigeria")
    assert [x.span for x in q.times] == [TimeSpan.parse("2015")]


def test_spoken_day_is_the_constraint() -> None:
    assert _span("who'd dimitris koutsoumbas hold consultations with on april fourth twenty fourteen") == [
        TimeSpan.parse("2014-04-04")
    ]
    assert _span("tell me who bhinderjit singh made an appeal to in february twenty fourteen") == [
        TimeSpan.parse("2014-02")
    ]


def test_unread_date_abstains() -> None:
    with pytest.raises(QuestionError, match="'march 3'"):
        understand("what did iran do on march third")


def test_unread_time_words_named() -> None:
    assert unread_time_words("who did iran visit 2014 x", []) == ["2014"]
    assert unread_time_words("who did iran visit in june", []) == ["june"]
    assert unread_time_words("did protesters march against it", []) == []
    assert unread_time_words("who praised the April 6 Youth Movement", []) == []


@pytest.mark.parametrize(
    ("glued", "split"),
    [
        ("In thesame month as X", "In the same month as X"),
        ("beforethe head", "before the head"),
        ("didthe military", "did the military"),
        ("didstudents in yemen", "did students in yemen"),
        ("turndown an offer", "turn down an offer"),
        # known words, open-class compounds and names stay
        ("another within", "another within"),
        ("downgraded ties", "downgraded ties"),
        ("alleged wrongdoing", "alleged wrongdoing"),
        ("cooperated diplomatically", "cooperated diplomatically"),
        ("inked a pact", "inked a pact"),
        ("Theresa May", "Theresa May"),
        ("upbeeat remarks", "upbeeat remarks"),
    ],
)
def test_glued_words(glued: str, split: str) -> None:
    assert glued_words(glued) == split


def test_glued_scope_is_read() -> None:
    q = understand(
        "In thesame month as Abdel Fattah Al-Sisi signalled a willingness to meet or negotiate with South Sudan, "
        "who did Yair Lapid issue an ultimatum to?"
    )
    assert [(a.text, a.relation.name) for a in q.anchors] == [
        ("Abdel Fattah Al-Sisi signalled a willingness to meet or negotiate with South Sudan", "SAME_MONTH")
    ]
    assert q.relation_phrase == "issue an ultimatum"
    q = understand(
        "Who was the last to occupy territory of Mexico beforethe head of government of China held consultations "
        "with Lien Chan?"
    )
    assert [(a.text, a.relation.name) for a in q.anchors] == [
        ("the head of government of China held consultations with Lien Chan", "BEFORE")
    ]
    assert q.relation_phrase == "occupy territory"


def test_unread_scope_named() -> None:
    text = "In the same month as X met Y, who did Z visit?"
    assert unread_scope_words(text, []) == ["the same month"]
    assert unread_scope_words(text, [(0, 30)]) == []
    assert unread_scope_words("Who visited Y before anyone else did?", []) == []
    assert unread_scope_words("what is named after vladikavkaz", []) == []
    assert unread_scope_words("Before that, within the same year, who visited Y?", []) == ["the same year"]


def test_neighbours_unchanged() -> None:
    q = understand("In 2014, who spoke highly of Joseph Kabila before anyone else did?")
    assert [x.span for x in q.times] == [TimeSpan.parse("2014")]
    assert understand("Who visited Iran on the Fourth of July 2014?").times[0].span == TimeSpan.parse("2014-07-04")
    assert understand("Who downgraded ties with Xu Caihou in 2015?").relation_phrase == "downgraded ties"
