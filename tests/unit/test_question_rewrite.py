"""TimeR4-style rewrite of an implicit anchor into an explicit time, and its round trip through ``understand``."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question import AnchorRelation, Category, QuestionError, Signal, explicit_phrase, rewrite, understand
from tkgrag.temporal import Granularity, TimeSpan

DAY = TimeSpan.day


@pytest.mark.parametrize(
    ("question", "span", "expected"),
    [
        # the example of TimeR4's rewriting prompt (Appendix A)
        (
            "After Vietnam, who was the first to praise Juan Carlos I?",
            DAY(date(2006, 2, 22)),
            "After 2006-02-22, who was the first to praise Juan Carlos I?",
        ),
        (
            "Who last would wish to visit Japan before Herman Van Rompuy did?",
            DAY(date(2010, 3, 4)),
            "Who last would wish to visit Japan before 2010-03-04?",
        ),
        # "same month as" compares months: the anchor's day widens to its month
        (
            "Who wanted to establish diplomatic cooperation with Iran in the same month as Catherine Ashton?",
            DAY(date(2014, 5, 13)),
            "Who wanted to establish diplomatic cooperation with Iran in 2014-05?",
        ),
        (
            "Which country did the envoy of Sudan want to meet on the same day of Qatar?",
            DAY(date(2008, 3, 2)),
            "Which country did the envoy of Sudan want to meet on 2008-03-02?",
        ),
        (
            "Who hosted the visit of Abdelkader Messahel to Mauritania in the same year?",
            DAY(date(2008, 3, 2)),
            "Who hosted the visit of Abdelkader Messahel to Mauritania in 2008?",
        ),
        (
            "In the same month that Ministry (Turkey) visited Kuwait, who else visited Kuwait?",
            DAY(date(2014, 9, 30)),
            "In 2014-09, who else visited Kuwait?",
        ),
        # an interval: "before" means before its start, "after" after its end, "during" within it
        (
            "what jobs did john adams have before he was president",
            TimeSpan(date(1797, 3, 4), date(1801, 3, 4), Granularity.DAY),
            "what jobs did john adams have before 1797-03-04",
        ),
        (
            "what was jimmy carter's job after he was president",
            TimeSpan(date(1977, 1, 20), date(1981, 1, 20), Granularity.DAY),
            "what was jimmy carter's job after 1981-01-20",
        ),
        (
            "during the vietnam war who was the leader of north vietnam",
            TimeSpan(date(1955, 1, 1), date(1975, 12, 31), Granularity.YEAR),
            "between 1955 and 1975 who was the leader of north vietnam",
        ),
        ("who became president when jfk was killed", DAY(date(1963, 11, 22)), "who became president on 1963-11-22"),
        # a succession verb is the question's own verb: it stays, the time follows its object
        (
            "Who succeeded Hu Yaobang as general secretary?",
            TimeSpan(date(1982, 9, 12), date(1987, 1, 16), Granularity.DAY),
            "Who succeeded Hu Yaobang after 1987-01-16 as general secretary?",
        ),
    ],
)
def test_rewrite(question: str, span: TimeSpan, expected: str) -> None:
    assert rewrite(question, span) == expected


def test_rewritten_question_parses_as_explicit_with_the_same_signal() -> None:
    question = "After Okada Katsuya, who wished to visit Cambodia first?"
    before = understand(question)
    after = understand(rewrite(before, DAY(date(2006, 2, 22))))
    assert Category.IMPLICIT in before.categories and Category.IMPLICIT not in after.categories
    assert Category.EXPLICIT in after.categories
    assert after.time == DAY(date(2006, 2, 22))
    assert after.times[0].signal is Signal.AFTER
    assert set(after.signals) == set(before.signals) == {Signal.AFTER, Signal.ORDINAL}


def test_explicit_phrase_for_each_relation() -> None:
    may = TimeSpan(date(2014, 5, 1), date(2014, 5, 31), Granularity.MONTH)
    assert explicit_phrase(AnchorRelation.BEFORE, may) == "before 2014-05"
    assert explicit_phrase(AnchorRelation.AFTER, may) == "after 2014-05"
    assert explicit_phrase(AnchorRelation.START, may) == "since 2014-05"
    assert explicit_phrase(AnchorRelation.FINISH, may) == "until 2014-05"
    assert explicit_phrase(AnchorRelation.DURING, may) == "in 2014-05"
    assert explicit_phrase(AnchorRelation.SAME_YEAR, may) == "in 2014"
    # an interval: before/until/since count from its start, after from its end, during covers it
    term = TimeSpan(date(2009, 1, 20), date(2017, 1, 20), Granularity.DAY)
    assert explicit_phrase(AnchorRelation.BEFORE, term) == "before 2009-01-20"
    assert explicit_phrase(AnchorRelation.FINISH, term) == "until 2009-01-20"
    assert explicit_phrase(AnchorRelation.START, term) == "since 2009-01-20"
    assert explicit_phrase(AnchorRelation.AFTER, term) == "after 2017-01-20"
    assert explicit_phrase(AnchorRelation.DURING, term) == "between 2009-01-20 and 2017-01-20"
    # open ends: an anchor that is still going on
    ongoing = TimeSpan(date(2009, 1, 20), None, Granularity.DAY)
    assert explicit_phrase(AnchorRelation.DURING, ongoing) == "since 2009-01-20"
    assert explicit_phrase(AnchorRelation.BEFORE, ongoing) == "before 2009-01-20"


def test_rewrite_needs_an_anchor() -> None:
    with pytest.raises(QuestionError, match="no implicit temporal anchor"):
        rewrite("Who denounced Bolivia after 2 May 2015?", DAY(date(2015, 5, 2)))
    with pytest.raises(QuestionError, match="out of range"):
        rewrite("After Vietnam, who was the first to praise Juan Carlos I?", DAY(date(2006, 2, 22)), anchor=1)
