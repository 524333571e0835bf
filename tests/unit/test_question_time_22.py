"""Issue 29 (h30t): time, window and answer-time families of blind sets 22-23, in other wordings: a week stated by
its days ("the week running from Monday D1 to Sunday D2"), a season glossed with "that is" and its months, a window
from a period's start to an anchor's day with that day excluded, "Earlier in 2014 than the day X ..., who ...?", "What
was the next date after D on which ...?" and "In 2014 or in 2015: when did ...?". Each is read, or left unread (the
reader abstains) where the words disagree. (The "next" date cue, "when" after a colon and "the <event> of A with B"
are h30r's lines too, identical here; its tests hold the roles.)"""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import understand
from tkgrag.question.time_glosses import time_glosses
from tkgrag.temporal import Granularity


def _window(question: str) -> tuple[date | None, date | None]:
    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and not t.unread
    return t.span.start, t.span.end


# --- a week stated by its days -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Which parties made an optimistic comment about Malaysia in the week running from Monday 1 September 2014 "
            "to Sunday 7 September 2014?",
            date(2014, 9, 1),
            date(2014, 9, 7),
        ),
        (
            "In the week that ran from Monday 21 December 2015 to Sunday 27 December 2015, who made a statement about "
            "Iran?",
            date(2015, 12, 21),
            date(2015, 12, 27),
        ),
        ("During the week of 7-13 April 2014, who consulted Benjamin Netanyahu?", date(2014, 4, 7), date(2014, 4, 13)),
        (
            "Who praised Japan over the week lasting from 29 December 2014 through 4 January 2015?",
            date(2014, 12, 29),
            date(2015, 1, 4),
        ),
        (
            "Who consulted Japan in the week beginning Monday 1 September 2014 and ending Sunday 7 September 2014?",
            date(2014, 9, 1),
            date(2014, 9, 7),
        ),
        (
            "Name the actors that consulted Benjamin Netanyahu in the week spanning 7 April 2014 to 13 April 2014.",
            date(2014, 4, 7),
            date(2014, 4, 13),
        ),
    ],
)
def test_a_week_stated_by_its_days_is_that_range(question: str, start: date, end: date) -> None:
    tq = understand(question)
    assert not tq.anchors  # "running" is no anchor's clause
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    "question",
    [
        # more than seven days: no week
        "Who consulted Benjamin Netanyahu in the week running from 7 April 2014 to 20 April 2014?",
        # a weekday that is not its date's
        "Who consulted Benjamin Netanyahu in the week running from Tuesday 7 April 2014 to Sunday 13 April 2014?",
    ],
)
def test_a_week_whose_days_disagree_stays_unread(question: str) -> None:
    tq = understand(question)
    assert tq.anchors or any(t.unread for t in tq.times)


# --- a season glossed with "that is" --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Which parties hosted Muhammadu Buhari in the summer of 2015 (that is, June, July and August)?",
            date(2015, 6, 1),
            date(2015, 8, 31),
        ),
        (
            "Tell me who chose to threaten the government of the United States in the spring of 2014 (that is, "
            "March, April and May).",
            date(2014, 3, 1),
            date(2014, 5, 31),
        ),
        (
            "Who threatened Japan during the autumn of 2014 (i.e., September to November)?",
            date(2014, 9, 1),
            date(2014, 11, 30),
        ),
        ("Who threatened Japan over summer 2015 (that is: June, July, August)?", date(2015, 6, 1), date(2015, 8, 31)),
        (
            "Who threatened Japan in the spring of 2014, that is, March, April and May?",
            date(2014, 3, 1),
            date(2014, 5, 31),
        ),
        (
            "In the autumn of 2014, i.e. September to November, who threatened Japan?",
            date(2014, 9, 1),
            date(2014, 11, 30),
        ),
        (
            "In the spring of 2015 (namely the months of March, April and May), who threatened Japan?",
            date(2015, 3, 1),
            date(2015, 5, 31),
        ),
        (
            "Who threatened Japan in the first quarter of 2015 (that is, January through March)?",
            date(2015, 1, 1),
            date(2015, 3, 31),
        ),
    ],
)
def test_a_season_glossed_with_its_months_is_those_months(question: str, start: date, end: date) -> None:
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    "question",
    [
        # no months in the bracket: not the whole year, as before
        "Who threatened Japan in the summer of 2015 (that is, the World Cup)?",
        "Who hosted Muhammadu Buhari in the summer of 2015 (the rainy season)?",
    ],
)
def test_a_season_with_a_bracket_of_no_months_stays_unread(question: str) -> None:
    tq = understand(question)
    assert tq.times and all(t.unread for t in tq.times if t.span is not None and t.span.granularity is Granularity.YEAR)


@pytest.mark.parametrize(
    "question",
    [
        "Who threatened Japan in the summer of 2015 (that is, June and August)?",
        "Who threatened Japan in the spring of 2014, that is, March and May?",
        # the last month dated on its own: not the gloss's run of months
        "Who threatened Japan in the spring of 2014, that is, March, April and May 2014?",
    ],
)
def test_a_season_glossed_with_months_out_of_order_is_left_as_written(question: str) -> None:
    assert understand(question).text == question


# --- from a period's start to an anchor's day, that day excluded ---------------------------------------------------


@pytest.mark.parametrize(
    ("question", "year"),
    [
        (
            "Which actors had hosted Uhuru Muigai Kenyatta between the start of 2015 and the day University of "
            "Nairobi levelled accusations at citizens of the United Kingdom (that day excluded)?",
            2015,
        ),
        (
            "Between the beginning of 2014 and the day South Africa cooperated diplomatically with South Sudan (not "
            "counting that day), who negotiated with Ibrahim Boubacar Keïta?",
            2014,
        ),
        (
            "Who negotiated with Ibrahim Boubacar Keïta from the start of 2014 to the day on which South Africa "
            "cooperated diplomatically with South Sudan, excluding that day?",
            2014,
        ),
        (
            "Who negotiated with Ibrahim Boubacar Keïta from the start of 2014 up to (but not including) the day South "
            "Africa cooperated diplomatically with South Sudan?",
            2014,
        ),
        (
            "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
            "diplomatically with South Sudan, that day itself not included?",
            2014,
        ),
        (
            "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
            "diplomatically with South Sudan (the latter excluded)?",
            2014,
        ),
        (
            "Who negotiated with Ibrahim Boubacar Keïta from 1 January 2014 until the day South Africa cooperated "
            "diplomatically with South Sudan (the latter day excluded)?",
            2014,
        ),
    ],
)
def test_a_window_from_a_years_start_to_an_anchors_day_is_the_year_before_it(question: str, year: int) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.relation is AnchorRelation.BEFORE
    assert "South" in anchor.text or "Nairobi" in anchor.text
    assert all(not t.unread for t in tq.times)
    assert {(t.span.start, t.span.end) for t in tq.times if t.span is not None} == {
        (date(year, 1, 1), date(year, 12, 31))
    }


@pytest.mark.parametrize(
    "question",
    [
        # the edge is unsaid (that day in or out?): still unread
        "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
        "diplomatically with South Sudan?",
        # the anchor dated in another year
        "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
        "diplomatically with South Sudan in 2015 (that day excluded)?",
    ],
)
def test_a_window_to_an_anchors_day_without_an_excluded_edge_stays_unread(question: str) -> None:
    tq = understand(question)
    assert any(t.unread for t in tq.times)


@pytest.mark.parametrize(
    "question",
    [
        "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
        "diplomatically with South Sudan (that day included)?",
        "Between 1 January 2014 and the day South Africa cooperated diplomatically with South Sudan (including that "
        "day), who negotiated with Ibrahim Boubacar Keïta?",
        "Who negotiated with Ibrahim Boubacar Keïta between the start of 2014 and the day South Africa cooperated "
        "diplomatically with South Sudan, that day included?",
    ],
)
def test_a_window_from_a_years_start_to_an_anchors_day_included(question: str) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.relation is AnchorRelation.FINISH  # up to and including the anchor's day
    assert {(t.span.start, t.span.end) for t in tq.times if t.span is not None} == {
        (date(2014, 1, 1), date(2014, 12, 31))
    }
    assert all(not t.unread for t in tq.times)


def test_a_window_from_a_day_that_starts_no_period_to_an_anchors_day_is_left_as_written() -> None:
    q = (
        "Who negotiated with Ibrahim Boubacar Keïta from 5 January 2014 until the day South Africa cooperated "
        "diplomatically with South Sudan (that day excluded)?"
    )
    assert understand(q).text == q


# --- "Earlier in 2014 than the day X ..., who ...?" -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "main_first", "relation"),
    [
        (
            "Earlier in 2014 than the day citizens of Bulgaria fought the police in Bulgaria with small arms and light "
            "weapons, who had made optimistic comments about China?",
            "Who had made optimistic comments about China earlier in 2014 than the day citizens of Bulgaria fought the "
            "police in Bulgaria with small arms and light weapons?",
            AnchorRelation.BEFORE,
        ),
        (
            "Earlier in the year 2014 than the day South Africa cooperated with South Sudan, who negotiated with Mali?",
            "Who negotiated with Mali earlier in 2014 than the day South Africa cooperated with South Sudan?",
            AnchorRelation.BEFORE,
        ),
        (
            "Later in 2015 than the date when Iran hosted John Kerry, which countries criticized Iran?",
            "Which countries criticized Iran later in 2015 than the date when Iran hosted John Kerry?",
            AnchorRelation.AFTER,
        ),
    ],
)
def test_a_fronted_side_of_an_anchors_day_in_a_year(question: str, main_first: str, relation: AnchorRelation) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.relation is relation
    assert tq.text == understand(main_first).text  # read as the main clause said first
    assert [t.span.granularity for t in tq.times if t.span is not None] == [Granularity.YEAR, Granularity.YEAR]


def test_a_fronted_side_in_a_month() -> None:
    tq = understand(
        "Earlier in March 2014 than the day South Africa cooperated with South Sudan, who negotiated with Mali?"
    )
    (anchor,) = tq.anchors
    assert anchor.relation is AnchorRelation.BEFORE
    assert [t.span.granularity for t in tq.times if t.span is not None] == [Granularity.MONTH, Granularity.MONTH]


def test_a_fronted_side_of_a_date_is_read_as_before() -> None:
    tq = understand("Earlier in 2014 than June 8, who praised Japan?")
    assert not tq.anchors
    assert any(t.span is not None and t.span.start == date(2014, 6, 8) for t in tq.times)


# --- "What was the next date after D on which ...?" -----------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "What was the next date after April 22, 2015 on which Xi Jinping sounded upbeat about Japan?",
        "What was the following date after 2 October 2014 on which France met Chuck Hagel?",
        "Tell me the next date after April 22, 2015 on which Xi Jinping praised Japan.",
        "What was the next day after April 22, 2015 on which Xi Jinping praised Japan?",
        "What was the next date after April 22, 2015 when Xi Jinping praised Japan?",
        "Which was the next day after April 22, 2015 that Xi Jinping praised Japan?",
    ],
)
def test_the_next_date_after_a_day_asks_a_day(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME
    assert tq.answer_type.granularity is Granularity.DAY
    # the day after D is no window of its own ("the next day after D" is the asked day)
    (t,) = tq.times
    assert t.relation.lower() == "after" and t.span is not None and t.span.start == t.span.end
    assert "date" not in tq.relation_phrase and "next" not in tq.relation_phrase


# --- "In 2014 or in 2015: when did ...?" ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "In 2014 or in 2015: when did China host Antonis Samaras? Give the year.",
        "2014 or 2015: when did China host Antonis Samaras? Give the year.",
    ],
)
def test_when_after_a_scope_said_first_asks_the_time(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME
    assert tq.answer_type.granularity is Granularity.YEAR


def test_when_after_a_dash_is_left_as_it_was() -> None:
    # "2014 or 2015 - when did X host Y?": the dash stays in the clause's words and its roles were misread (a wrong
    # year), so it is not read as the question word
    assert understand("2014 or 2015 - when did China host Antonis Samaras?").answer_type.kind is AnswerKind.ENTITY
    assert understand("Who visited Japan - when Obama was president?").answer_type.kind is AnswerKind.ENTITY


# --- an anchor's own day included ("on or before", "no later than") ---------------------------------------------


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        (
            "In 2015, who hosted Uhuru Muigai Kenyatta no later than the day University of Nairobi accused citizens of "
            "the United Kingdom?",
            AnchorRelation.FINISH,
        ),
        (
            "Who negotiated with Mali on or before the day South Africa cooperated with South Sudan?",
            AnchorRelation.FINISH,
        ),
        (
            "Who negotiated with Mali up to and including the day South Africa cooperated with South Sudan?",
            AnchorRelation.FINISH,
        ),
        ("Who negotiated with Mali no later than South Africa cooperated with South Sudan?", AnchorRelation.FINISH),
        (
            "Who negotiated with Mali on or after the day South Africa cooperated with South Sudan?",
            AnchorRelation.START,
        ),
        (
            "Who was the first to negotiate with Mali no earlier than the day South Africa cooperated with South "
            "Sudan?",
            AnchorRelation.START,
        ),
    ],
)
def test_an_anchors_own_day_included(question: str, relation: AnchorRelation) -> None:
    # "no later than X did R" was read as "later than" (after X); "on or before" as "before" (X's day left out)
    (anchor,) = understand(question).anchors
    assert anchor.relation is relation


def test_an_included_day_that_is_a_date_is_left_to_the_time_reader() -> None:
    q = "Who negotiated with Mali no later than 5 May 2014?"
    tq = understand(q)
    assert tq.text == q and not tq.anchors


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Later in April 2014 than the 15th, which actors cooperated economically with Vietnam?",
            ["during 2014-04", "after 2014-04-15"],
        ),
        (
            "Which actors hosted a visit by Abdel Fattah Al-Sisi later in September 2014 than the 10th?",
            ["during 2014-09", "after 2014-09-10"],
        ),
        ("Earlier in March 2014 than the 3rd of the month, who visited Iran?", ["during 2014-03", "before 2014-03-03"]),
        ("Who praised Iran later in the month of May 2015 than the 21?", ["during 2015-05", "after 2015-05-21"]),
    ],
)
def test_a_day_of_the_month_after_than_bounds_the_month(question: str, said: list[str]) -> None:
    """Set 28 (held out): "later in April 2014 than the 15th" was read as all of April (the day left out: a wrong
    answer before the 15th), then, by the fronted "than the day X did R" reading, as an event clause (abstained)."""
    tq = understand(question)
    assert tq.anchors == ()
    assert [c.describe() for c in explicit_constraints(tq)] == said


def test_a_day_the_month_lacks_is_not_read_as_a_day() -> None:
    """ "than the 31st" of February bounds nothing: it stays an unread part (the reader abstains), never a date."""
    assert time_glosses("Later in February 2014 than the 31st, who hosted Sisi?").startswith("After the day the 31st")
    tq = understand("Later in February 2014 than the 31st, who hosted Sisi?")
    assert [t.unread for t in tq.times] == ["the day the 31st", ""]
