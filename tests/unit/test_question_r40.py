"""Review findings of the h39t/h39r merge (r40): periods beside a statement, offered periods, colon topics and a
sector mention with no holder."""

from __future__ import annotations

import pytest

from tkgrag.question.clause_shapes import dash_topic
from tkgrag.question.declarative import UnreadablePair, anchor_sentence
from tkgrag.question.link_selection import select_links
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.offered_periods import offered_periods
from tkgrag.question.window_edges import window_edges

_SAID = "China criticised Japan on 9 April 2015."


# -- B1: "later that day" / "later that week" after a statement -------------------------------------------------


@pytest.mark.parametrize(
    "tail", ["Which others did so later that day?", "Which others did so later that week?",
             "Which others did so earlier that week?", "Which others did so later the same day?"],
)  # fmt: skip
def test_a_side_within_the_statements_day_or_week_is_not_read(tail: str) -> None:
    # the day: after 9 April 2015 and within it is no day at all; the week: which week is unsaid
    with pytest.raises(UnreadablePair):
        anchor_sentence(f"{_SAID} {tail}")


def test_a_side_within_the_statements_month_is_still_read() -> None:
    assert anchor_sentence(f"{_SAID} Which others did so later that month?") == (
        "In the same month that China criticised Japan on 9 April 2015, which others did so after 9 April 2015?"
    )


@pytest.mark.parametrize(
    "tail", ["Which others did so the following week?", "Which others did so a week later?",
             "Which others did so during the subsequent week?"],
)  # fmt: skip
def test_the_week_next_to_the_statement_is_still_refused(tail: str) -> None:
    with pytest.raises(UnreadablePair):
        anchor_sentence(f"{_SAID} {tail}")


def test_the_day_next_to_the_statement_is_still_read() -> None:
    assert anchor_sentence(f"{_SAID} Who did so one day later?").startswith("The day after China criticised Japan")


# -- B2: offered periods ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # the choice is between the visitors; the months only say when
        "Was it China or Russia that visited Japan in March or April 2014?",
        "Did China or Russia visit Japan in March, April or May 2014?",
        # a cleft on Japan: the months are not what is asked
        "Was it Japan that China visited in March, April or May 2014?",
    ],
)
def test_periods_after_another_choice_are_no_time_question(question: str) -> None:
    assert offered_periods(question) == question


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("Was it in March or April 2014 that China visited Japan?",
         "Was it between 2014-03 and 2014-04 that China visited Japan? Give the month(s)."),
        # "when" names the event asked about, as "that" does (as ``window_edges._year_or`` reads two years)
        ("Was it in March or April 2014 when China visited Japan?",
         "Was it between 2014-03 and 2014-04 that China visited Japan? Give the month(s)."),
        ("Was it March, April or May 2014 when China visited Japan?",
         "Was it between 2014-03 and 2014-05 that China visited Japan? Give the month(s)."),
        ("Did China visit Japan in 2013, 2014 or 2015?",
         "Did China visit Japan between 2013 and 2015? Give the year(s)."),
    ],
)  # fmt: skip
def test_offered_periods_are_read(question: str, read: str) -> None:
    assert offered_periods(question) == read


def test_two_years_keep_their_reading() -> None:
    assert window_edges("Was it in 2014 or 2015 (or both) when China visited Japan?") == (
        "Was it between 2014 and 2015 that China visited Japan? Give the year(s)."
    )
    # years not in a row are left as written
    assert window_edges("Was it in 2013 or 2015 that China visited Japan?") == (
        "Was it in 2013 or 2015 that China visited Japan?"
    )


# -- B8: a discourse label before a colon is no topic -----------------------------------------------------------


@pytest.mark.parametrize(
    "label", ["Quick question", "Follow-up", "Follow up", "Note", "Context", "Question", "One more question"]
)
def test_a_discourse_label_before_a_colon_is_no_topic(label: str) -> None:
    question = f"{label}: who criticised them?"
    assert dash_topic(question) == question


def test_a_name_before_a_colon_is_still_the_topic() -> None:
    assert dash_topic("Barack Obama: who criticised them?") == "Who criticised Barack Obama?"


# -- B4: a sector mention with no holder -----------------------------------------------------------------------


def test_a_role_with_no_holder_does_not_unlink_a_name_that_is_no_country() -> None:
    text = "Who did the military Obama praise in 2014?"
    start = text.index("the military Obama")
    role = Mention("the military Obama", start, start + len("the military Obama"), MentionKind.ROLE, "military", None)
    name = Mention("Obama", text.index("Obama"), text.index("Obama") + 5, MentionKind.NAME)
    got = select_links([role, name], [[], [EntityLink(name, "Barack_Obama", "Barack Obama", 3.0)]])
    assert [(m.text, lk.name if lk else None) for m, lk in got] == [("Obama", "Barack Obama")]
