"""Issue 29 item 3 (h39t): the time, order and clause-side families of blind sets 59-63 (all abstained on the tree
before), in their own wordings and in others: the asked unit said in an aside after "when" ("when exactly (which
date) did X ..."), a choice between offered years with its request ("Give the year (or both)."), a statement and "which
others did the same on that date / later that month?", and "the last month / year before T" (an ordinal over the
periods on one side of a bound, not the month before today or the year before T)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.question_readings import rewritten as _rewritten
from tests.unit.question_readings import windows as _windows
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.offered_periods import offered_periods
from tkgrag.question.parse import QuestionError, understand
from tkgrag.temporal import Granularity

# --- "when exactly (which date) did X R Y?": the aside says the asked unit ------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("In 2015, when exactly (which date) did Barack Obama host Mexico?",
         "In 2015, on which date did Barack Obama host Mexico?"),
        ("In 2014, when exactly (which date) did the cabinet of the United States make a request to Massoud Barzani?",
         "In 2014, on which date did the cabinet of the United States make a request to Massoud Barzani?"),
        ("In 2015, when (what day) did Barack Obama host Mexico?",
         "In 2015, on which day did Barack Obama host Mexico?"),
        ("When exactly - which date - did Barack Obama host Mexico in 2015?",
         "On which date did Barack Obama host Mexico in 2015?"),
        ("In 2015, when (date) did Barack Obama host Mexico?", "In 2015, on which date did Barack Obama host Mexico?"),
        ("In 2015, when precisely (the exact date) did Barack Obama host Mexico?",
         "In 2015, on which date did Barack Obama host Mexico?"),
        ("In 2015, when exactly (which month) did Barack Obama host Mexico?",
         "In 2015, in which month did Barack Obama host Mexico?"),
        ("In 2015, when, exactly, did Barack Obama host Mexico?", "In 2015, when did Barack Obama host Mexico?"),
        ("On which day (the exact date) did Barack Obama host Mexico in 2015?",
         "On which day did Barack Obama host Mexico in 2015?"),
        ("In 2015, when exactly (i.e. on which date) did Barack Obama host Mexico?",
         "In 2015, on which date did Barack Obama host Mexico?"),
        ("In 2015, when exactly \u2014 the date, please \u2014 did Barack Obama host Mexico?",
         "In 2015, on which date did Barack Obama host Mexico?"),
        # the adverb before a closing request for the unit
        ("In 2015, when did Barack Obama host Mexico, exactly (which date)?",
         "In 2015, when did Barack Obama host Mexico (which date)?"),
    ],
)  # fmt: skip
def test_when_with_the_unit_aside(question: str, said: str) -> None:
    assert _rewritten(question) == said


@pytest.mark.parametrize(
    ("question", "unit", "relation"),
    [
        ("In 2015, when exactly (which date) did Barack Obama host Mexico?", Granularity.DAY, "host"),
        ("In 2014, when exactly (which date) did Gilberto Kassab comment publicly on Paulo Antonio Skaf?",
         Granularity.DAY, "comment publicly"),
        ("In 2014, when exactly (which month) did Joao Lourenco make a request to Angolan Armed Forces?",
         Granularity.MONTH, "make a request"),
    ],
)  # fmt: skip
def test_when_with_the_unit_aside_is_read(question: str, unit: Granularity, relation: str) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is unit
    assert tq.relation_phrase == relation
    assert _windows(question)[0][0] is not None and _windows(question)[0][0].month == 1  # the year's scope


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("When did Barack Obama host Mexico in 2015 (which month)?", Granularity.MONTH),
        ("When did Barack Obama host Mexico in 2015 (what year)?", Granularity.YEAR),
        ("When did Barack Obama host Mexico in 2015 (the exact date)?", Granularity.DAY),
        ("In 2015, when did Barack Obama host Mexico, exactly (which date)?", Granularity.DAY),
    ],
)
def test_closing_bracket_asks_the_unit(question: str, unit: Granularity) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is unit
    assert tq.relation_phrase == "host"


@pytest.mark.parametrize(
    "question",
    [
        # guards: the forms read before stay as they were read
        "In 2015, when - to the day - did Barack Obama host Mexico?",
        "When - in 2015 - did Barack Obama host Mexico?",
        "When exactly in 2014 did Barack Obama host Mexico?",
        # two units: left as written
        "On which day (which month) did Barack Obama host Mexico in 2015?",
    ],
)
def test_when_asides_not_of_the_unit(question: str) -> None:
    assert "which date" not in _rewritten(question)
    assert "in which month" not in _rewritten(question)


# --- "Was it in 2014 or in 2015 that X R Y? Give the year (or both)." -----------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Was it in 2014 or in 2015 that China consulted South Korea? Give the year (or both).",
        "Was it in 2014 or in 2015 that citizens of Nigeria appealed to the government of Nigeria? Give the year (or "
        "both).",
        "Was it in 2014 or in 2015 that China consulted South Korea? Give the year, or both.",
        "Did China consult South Korea in 2014 or in 2015? Give the year (or both years).",
        "Did China consult South Korea in 2014 or in 2015?",
        "Did China consult South Korea in 2014 or 2015, or both?",
    ],
)
def test_offered_years_are_the_answer(question: str) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is Granularity.YEAR
    assert _windows(question) == [(date(2014, 1, 1), date(2015, 12, 31))]
    assert tq.relation_phrase.startswith("consult") or tq.relation_phrase == "appealed"
    assert "both" not in _rewritten(question)


@pytest.mark.parametrize(
    "question",
    [
        # guards: a window, not a choice
        "Whom did Barack Obama visit in 2014 or 2015?",
        "Who consulted South Korea in 2014 or in 2015?",
    ],
)
def test_years_in_a_wh_question_are_a_window(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.ENTITY
    assert _windows(question) == [(date(2014, 1, 1), date(2015, 12, 31))]


# --- "X did R on D; which others did the same on that date?" ----------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("The defence ministry of the United States paid a visit to South Korea on 2015-04-09; which others did the "
         "same on that date?",
         "On the same day that the defence ministry of the United States paid a visit to South Korea on 2015-04-09, "
         "which others did the same?"),
        ("China paid a visit to South Korea on 20 February 2014; which others did the same on that date?",
         "On the same day that China paid a visit to South Korea on 20 February 2014, which others did the same?"),
        ("The foreign ministry of Russia expressed readiness to meet or negotiate with Mohammad Javad Zarif on "
         "November 23, 2014; which others did the same on that date?",
         "On the same day that the foreign ministry of Russia expressed readiness to meet or negotiate with Mohammad "
         "Javad Zarif on November 23, 2014, which others did the same?"),
        ("China paid a visit to South Korea on 20 February 2014. Who else did so on the same date?",
         "On the same day that China paid a visit to South Korea on 20 February 2014, who else did so?"),
        ("China paid a visit to South Korea on 20 February 2014. Which others did so later that month?",
         "In the same month that China paid a visit to South Korea on 20 February 2014, which others did so after "
         "20 February 2014?"),
        ("China paid a visit to South Korea on 20 February 2014; who else did the same earlier that year?",
         "In the same year that China paid a visit to South Korea on 20 February 2014, who else did the same before "
         "20 February 2014?"),
        # no day said: the side against the statement's actor (``clause_shapes.anchor_period_part``'s form)
        ("China paid a visit to South Korea. Which others did so later that month?",
         "In the same month that China paid a visit to South Korea, which others did so after China did?"),
    ],
)  # fmt: skip
def test_statement_then_the_others_in_its_period(question: str, said: str) -> None:
    assert _rewritten(question) == said


def test_statement_then_the_others_on_that_date_is_read() -> None:
    q = "Protesters in Pakistan staged a demonstration or rally against the legislature of Pakistan on August 21, 2014; which others did the same on that date?"  # noqa: E501
    tq = understand(q)
    (a,) = tq.anchors
    assert a.relation is AnchorRelation.SAME_DAY
    assert tq.pro_form
    assert _windows(q) == [(date(2014, 8, 21), date(2014, 8, 21))]


@pytest.mark.parametrize(
    "question",
    [
        # guards: no side and no period said stays unread; "that same day" as before
        "China paid a visit to South Korea on 20 February 2014; which others did the same?",
    ],
)
def test_statement_with_no_period_stays_unread(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


@pytest.mark.parametrize(
    "question",
    [
        "China paid a visit to South Korea on 20 February 2014. Which others did so the following week?",
        "China paid a visit to South Korea on 20 February 2014; who else did the same a week later?",
        "China paid a visit to South Korea. Who did so in the previous week?",
    ],
)
def test_statement_then_the_week_beside_it_is_not_read(question: str) -> None:
    # the calendar week or the seven days: unsaid (read before as "after X did R" with no end)
    with pytest.raises(QuestionError, match="calendar week or the seven days"):
        understand(question)


def test_statement_that_same_day_as_before() -> None:
    q = "China paid a visit to South Korea on 20 February 2014; who else did the same that day?"
    assert _rewritten(q) == (
        "On the same day that China paid a visit to South Korea on 20 February 2014, who else did the same?"
    )


# --- "which was the last month before October 2014 in which X R Y?" -------------------------------------------------


@pytest.mark.parametrize(
    ("question", "unit", "ordinal", "bound"),
    [
        ("In 2014, which was the last month before October 2014 in which the cabinet of the United States expressed "
         "willingness to meet or negotiate with France?", Granularity.MONTH, "last", date(2014, 10, 1)),
        ("In 2015, which was the last month before March 2015 in which ordinary citizens in Nigeria held a "
         "demonstration or rally against Nigeria's head of government?", Granularity.MONTH, "last", date(2015, 3, 1)),
        ("In 2015, which was the first month after March 2015 in which China visited France?", Granularity.MONTH,
         "first", date(2015, 3, 1)),
        ("Which was the last year before 2014 in which China visited France?", Granularity.YEAR, "last",
         date(2014, 1, 1)),
        ("What was the first year after 2012 when China visited France?", Granularity.YEAR, "first", date(2012, 1, 1)),
    ],
)  # fmt: skip
def test_ordinal_period_beside_a_bound(question: str, unit: Granularity, ordinal: str, bound: date) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is unit
    assert [o.text for o in tq.ordinals] == [ordinal]
    assert all(t.span is not None for t in tq.times)  # no "last month" before today
    assert bound in [t.span.start for t in tq.times if t.span is not None]
    assert not any(t.span is not None and t.span.start is not None and t.span.start.year >= 2020 for t in tq.times)


@pytest.mark.parametrize(
    ("question", "window"),
    [
        # guards: the year next to a year, and the month before today, as before
        ("Who visited France in the year before 2014?", (date(2013, 1, 1), date(2013, 12, 31))),
        ("Who visited France in March of the year before 2015?", (date(2014, 3, 1), date(2014, 3, 31))),
    ],
)
def test_year_offset_as_before(question: str, window: tuple[date, date]) -> None:
    assert _windows(question) == [window]


def test_last_month_alone_is_the_month_before_today() -> None:
    tq = understand("Who visited France last month?", reference_date=date(2026, 11, 27))
    (t,) = tq.times
    assert t.span is not None and t.span.start == date(2026, 10, 1)


# --- a choice between offered periods: three years, months, days ----------------------------------------------------


@pytest.mark.parametrize(
    ("question", "unit", "window"),
    [
        ("Was it in 2013, 2014 or 2015 that China consulted South Korea?", Granularity.YEAR,
         (date(2013, 1, 1), date(2015, 12, 31))),
        ("Was it in 2013, 2014, or 2015 that China consulted South Korea? Give the year (or all three).",
         Granularity.YEAR, (date(2013, 1, 1), date(2015, 12, 31))),
        ("Was it in March 2014 or April 2014 that China consulted South Korea? Give the month (or both).",
         Granularity.MONTH, (date(2014, 3, 1), date(2014, 4, 30))),
        ("Was it in March or in April 2014 that China consulted South Korea?", Granularity.MONTH,
         (date(2014, 3, 1), date(2014, 4, 30))),
        ("Did China consult South Korea in March, April or May 2014?", Granularity.MONTH,
         (date(2014, 3, 1), date(2014, 5, 31))),
        ("Was it on 3 March or 4 March 2014 that China consulted South Korea?", Granularity.DAY,
         (date(2014, 3, 3), date(2014, 3, 4))),
        ("Was it in March, April or May 2014 that China consulted South Korea? (It could be all three.)",
         Granularity.MONTH, (date(2014, 3, 1), date(2014, 5, 31))),
        ("Was it 2014 or 2015 when China consulted South Korea? (Could be both.)", Granularity.YEAR,
         (date(2014, 1, 1), date(2015, 12, 31))),
        ("Was it in 2014 or in 2015 that China consulted South Korea (possibly both)?", Granularity.YEAR,
         (date(2014, 1, 1), date(2015, 12, 31))),
    ],
)  # fmt: skip
def test_offered_periods_in_a_row(question: str, unit: Granularity, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is unit
    assert _windows(question) == [window]
    assert tq.relation_phrase in ("consulted", "consult")


@pytest.mark.parametrize(
    "question",
    [
        "Did China consult South Korea in March or May 2014?",
        "Was it in 2011, 2013 or 2015 that China consulted South Korea?",
        "Was it on 3 March or 5 March 2014 that China consulted South Korea?",
    ],
)
def test_offered_periods_not_in_a_row_are_not_read(question: str) -> None:
    with pytest.raises(QuestionError, match="not in a row"):
        understand(question)


@pytest.mark.parametrize(
    "question",
    [
        # guards: no choice frame (a window question), and two years (``window_edges._year_or``'s, as before)
        "Who consulted South Korea in March or April 2014?",
        "Was it in 2014 or in 2015 that Barack Obama visited China? Give the year(s).",
        "Was it in 2012 or in 2015 that Barack Obama visited China?",
    ],
)
def test_offered_periods_left_as_written(question: str) -> None:
    assert offered_periods(question) == question


# --- more wordings: "which of the two years, A or B,", an imperative after the statement ---------------------------


def test_which_of_the_two_years_with_a_comma() -> None:
    q = "In which of the two years, 2014 or 2015, did China visit France?"
    assert _rewritten(q) == "In which year between 2014 and 2015 did China visit France?"
    tq = understand(q)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is Granularity.YEAR


def test_which_of_years_not_in_a_row_is_left_unread() -> None:
    # guard: as before, an unread word beside the years (the reader abstains, saying so)
    assert any(t.unread for t in understand("Which of the years 2012 and 2015 saw China visit France?").times)


def test_statement_then_an_imperative_for_the_others() -> None:
    q = "China paid a visit to South Korea on 20 February 2014. Name the others who did the same on that date."
    assert _rewritten(q) == (
        "On the same day that China paid a visit to South Korea on 20 February 2014, name the others who did the same."
    )
    tq = understand(q)
    (a,) = tq.anchors
    assert a.relation is AnchorRelation.SAME_DAY
    assert tq.relation_phrase == ""  # "the others who" is the answer's head, no event word
