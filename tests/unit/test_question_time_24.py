"""Issue 29 (h31t): time, window and answer-time families of blind sets 24-28, in other wordings: a statement's week
said by days without their year, "within the week that began that day (through D2)", "the same calendar week
(Monday to Sunday) in which ...", a scope said apart from the question ("Counting only 2014 and 2015, ...", "Looking
at 2014 only: ...", "(Give both if it happened in both.)", "..., counting only that same month"), "Once September
2015 was over, ... during the rest of that year", "Tell me the month or months of 2015 in which ...", and "X did R.
During that same month, who ...?". Each is read, or left unread (the reader abstains) where the words disagree."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.model import AnchorRelation, AnswerKind, TemporalQuestion
from tkgrag.question.parse import QuestionError, understand
from tkgrag.temporal import Granularity


def _days(tq: TemporalQuestion) -> list[tuple[date | None, date | None]]:
    return [(t.span.start, t.span.end) for t in tq.times if t.span is not None and not t.unread]


# --- a statement's week by its days, the year left out ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Xi Jinping consulted Zhang Dejiang on 2015-03-03. Who else did so that same week (Monday 2 March to "
            "Sunday 8 March)?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
        (
            "The Philippines praised John Kerry on February 18, 2014. Who else did that that week (Monday, February 17 "
            "to Sunday, February 23)?",
            date(2014, 2, 17),
            date(2014, 2, 23),
        ),
        (
            "Lawyers in Kenya denounced citizens of Kenya on 26 November 2014; who else did so in the same week "
            "(from Monday 24 November to Sunday 30 November)?",
            date(2014, 11, 24),
            date(2014, 11, 30),
        ),
        (
            "Mexico consulted Colombia on 13 August 2014. Who else did so that week (11 August - 17 August)?",
            date(2014, 8, 11),
            date(2014, 8, 17),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 3 March 2015. Who else did so that same week, Monday 2 March to "
            "Sunday 8 March?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 3 March 2015. Who else did so that same week from Monday 2 March to "
            "Sunday 8 March?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 3 March 2015. Who else did so in the week of 2 to 8 March?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 3 March 2015. Who else did so during the week running from Monday 2 "
            "March to Sunday 8 March?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 3 March 2015. Who else did that during the same week (2\u20138 "
            "March)?",
            date(2015, 3, 2),
            date(2015, 3, 8),
        ),
    ],
)
def test_week_days_without_their_year_take_the_statements(question: str, start: date, end: date) -> None:
    tq = understand(question)
    assert (start, end) in _days(tq)
    assert tq.pro_form and tq.anchors and tq.anchors[0].relation is AnchorRelation.SAME_YEAR


@pytest.mark.parametrize(
    "question",
    [
        # a weekday that is not its date's (17 February 2014 is a Monday)
        "The Philippines praised John Kerry on February 18, 2014. Who else did so that same week (Tuesday 17 February "
        "to Sunday 23 February)?",
        # the statement's day is not in the week said
        "The Philippines praised John Kerry on February 18, 2014. Who else did so that same week (Monday 24 February "
        "to Sunday 2 March)?",
        # no year anywhere
        "The Philippines praised John Kerry. Who else did so that same week (Monday 17 February to Sunday 23 "
        "February)?",
        # more than a week
        "Mexico consulted Colombia on 13 August 2014. Who else did so that week (Monday 11 August to Sunday 24 "
        "August)?",
    ],
)
def test_week_days_that_disagree_are_not_read(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


# --- the days from the statement's day -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Nigeria's head of government made an appeal to the government of Nigeria on 19 January 2015. Who else "
            "did so within the week that began that day (through 25 January 2015)?",
            date(2015, 1, 19),
            date(2015, 1, 25),
        ),
        (
            "Qin Gang made a public statement about China on the 20th of May 2014. Who else did so within the week "
            "that began that day (through the 26th of May 2014)?",
            date(2014, 5, 20),
            date(2014, 5, 26),
        ),
        (
            "Xi Jinping consulted Zhang Dejiang on 19 January 2015. Who else did so in the seven days from that day "
            "(to 25 January)?",
            date(2015, 1, 19),
            date(2015, 1, 25),
        ),
        (
            "China visited Angola on May 9, 2014. Who else did so during the week starting that day?",
            date(2014, 5, 9),
            date(2014, 5, 15),
        ),
        (
            "China visited Angola on May 9, 2014. Who else did that in the three days beginning on that day?",
            date(2014, 5, 9),
            date(2014, 5, 11),
        ),
        (
            "China visited Angola on May 9, 2014. Who else visited Angola in the 5 days that started on that same day, "
            "through May 13?",
            date(2014, 5, 9),
            date(2014, 5, 13),
        ),
    ],
)
def test_days_from_the_statements_day(question: str, start: date, end: date) -> None:
    tq = understand(question)
    assert (start, end) in _days(tq)
    assert tq.anchors and tq.anchors[0].relation is AnchorRelation.SAME_YEAR


@pytest.mark.parametrize(
    "question",
    [
        # the end said is not seven days on
        "China visited Angola on May 9, 2014. Who else did so within the week that began that day (through the 16th "
        "of May 2014)?",
        # into the next year
        "China visited Angola on 30 December 2014. Who else did so within the week that began that day?",
        # the statement says no day
        "China visited Angola in May 2014. Who else did so within the week that began that day?",
    ],
)
def test_days_from_the_statements_day_not_read(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


# --- the same calendar week ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Who hosted John Paul II in the same calendar week (Monday to Sunday) in which Mexico hosted Chuck Hagel?",
        "Who negotiated with Japan in the same calendar week in which Nepal endorsed China?",
        "In the same calendar week (Monday through Sunday) that Nepal endorsed China, who negotiated with Japan?",
    ],
)
def test_same_calendar_week_is_the_anchors_week(question: str) -> None:
    tq = understand(question)
    assert [a.relation for a in tq.anchors] == [AnchorRelation.SAME_WEEK]
    assert "calendar" not in tq.relation_phrase and "monday" not in tq.relation_phrase.lower()


def test_a_week_said_otherwise_is_not_the_calendar_week() -> None:
    tq = understand(
        "Who negotiated with Japan in the same calendar week (Sunday to Saturday) in which Nepal endorsed China?"
    )
    assert all(a.relation is not AnchorRelation.SAME_WEEK for a in tq.anchors)


# --- a scope said apart ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("Counting only 2014 and 2015, which year saw Japan first consult South Korea?", date(2014, 1, 1), None),
        ("Considering only 2014 and 2015: in which year did Japan first consult South Korea?", date(2014, 1, 1), None),
        (
            "Looking at 2014 only: who was the last to use military force against China before Yasuo Fukuda held talks "
            "with China?",
            date(2014, 1, 1),
            date(2014, 12, 31),
        ),
        ("Looking only at March 2015 - who visited China first?", date(2015, 3, 1), date(2015, 3, 31)),
        (
            "Who was the last to visit China before Xi Jinping visited Russia, counting only 2015?",
            date(2015, 1, 1),
            date(2015, 12, 31),
        ),
    ],
)
def test_scope_said_apart_is_the_window(question: str, start: date, end: date | None) -> None:
    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and not t.unread and t.span.start == start
    assert t.span.end == (end or date(2015, 12, 31))
    assert "looking" not in tq.relation_phrase.lower() and "counting" not in tq.relation_phrase.lower()
    assert not any(w in m.text.lower() for m in tq.mentions for w in ("looking", "counting", "considering"))
    assert t.relation.lower() in ("in", "between", "counting only")


def test_scope_of_no_time_is_left() -> None:
    tq = understand("Looking at Japan only: who visited China in 2014?")
    assert "only" in tq.relation_phrase  # the reader finds no relation for it and abstains, as before


@pytest.mark.parametrize(
    "question",
    [
        "In what year, 2014 or 2015, did Benjamin Netanyahu criticize Mahmoud Abbas? (Give both if it happened in "
        "both.)",
        "In what year, 2014 or 2015, did Yerlan Idrisov signal willingness to negotiate with China? (If both, give "
        "both.)",
        "Which year, 2014 or 2015, saw Yerlan Idrisov visit China? (List both years if it happened in both.)",
    ],
)
def test_answer_form_bracket_is_no_window(question: str) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is Granularity.YEAR
    (t,) = tq.times
    assert t.span is not None and (t.span.start, t.span.end) == (date(2014, 1, 1), date(2015, 12, 31))
    assert "give" not in tq.relation_phrase.lower() and "both" not in tq.relation_phrase.lower()


@pytest.mark.parametrize(
    ("question", "unit", "side"),
    [
        (
            "Who had a phone call with Yannis Stournaras before Alexis Tsipras consulted with Yannis Stournaras, "
            "counting only that same month?",
            AnchorRelation.SAME_MONTH,
            AnchorRelation.BEFORE,
        ),
        (
            "Who turned down Pakistan after Bilawal Bhutto Zardari criticized Pakistan (considering only that same "
            "year)?",
            AnchorRelation.SAME_YEAR,
            AnchorRelation.AFTER,
        ),
        (
            "Who visited China before Xi Jinping visited Russia, but only within that same month?",
            AnchorRelation.SAME_MONTH,
            AnchorRelation.BEFORE,
        ),
    ],
)
def test_only_that_same_period_is_both_anchors(question: str, unit: AnchorRelation, side: AnchorRelation) -> None:
    tq = understand(question)
    assert [a.relation for a in tq.anchors] == [unit, side]
    assert tq.anchors[0].text == tq.anchors[1].text
    assert "counting" not in tq.relation_phrase and "only" not in tq.relation_phrase


# --- the rest of a year ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "start"),
    [
        (
            "Once September 2015 was over, who went on to make a statement about India's head of government during "
            "the rest of that year?",
            date(2015, 10, 1),
        ),
        (
            "After March 2014 had ended, which countries hosted Barack Obama over the remainder of the year?",
            date(2014, 4, 1),
        ),
        ("When 5 May 2014 was past, who visited China in the rest of that year?", date(2014, 5, 6)),
    ],
)
def test_rest_of_the_year(question: str, start: date) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert _days(tq) == [(start, date(start.year, 12, 31))]


@pytest.mark.parametrize(
    "question",
    [
        "Once December 2015 was over, who went on to visit China during the rest of that year?",
        "Once 2014 was over, who visited China during the rest of that year?",
    ],
)
def test_no_rest_of_the_year_is_not_read(question: str) -> None:
    tq = understand(question)
    assert tq.anchors or any(t.unread for t in tq.times)  # unresolved: the reader abstains as before


# --- the month or months asked ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "granularity", "start", "end"),
    [
        (
            "Tell me the month or months of 2015 in which citizens of Nigeria appealed to the government of South "
            "Africa.",
            Granularity.MONTH,
            date(2015, 1, 1),
            date(2015, 12, 31),
        ),
        (
            "List the month(s) in 2014 when China welcomed Milos Zeman on a visit.",
            Granularity.MONTH,
            date(2014, 1, 1),
            date(2014, 12, 31),
        ),
        (
            "Name the day or days of March 2015 on which China hosted Milos Zeman.",
            Granularity.DAY,
            date(2015, 3, 1),
            date(2015, 3, 31),
        ),
        (
            "Tell me every month of 2015 in which Fiji Sun made a statement about Frank Bainimarama.",
            Granularity.MONTH,
            date(2015, 1, 1),
            date(2015, 12, 31),
        ),
        (
            "Give the months of 2014 in which Japan consulted China.",
            Granularity.MONTH,
            date(2014, 1, 1),
            date(2014, 12, 31),
        ),
    ],
)
def test_units_asked_of_a_period(question: str, granularity: Granularity, start: date, end: date) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is granularity
    assert _days(tq) == [(start, end)]


# --- a statement, then "during that same month" ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "relation", "anchor"),
    [
        (
            "Gina McCarthy signalled a wish to meet or negotiate with Vietnam. During that same month, who expressed "
            "an intention to cooperate with Vietnam?",
            AnchorRelation.SAME_MONTH,
            "Gina McCarthy signalled a wish to meet or negotiate with Vietnam",
        ),
        (
            "Victor Ponta hosted a visit by Zhang Dejiang; in that same year, who rejected Victor Ponta?",
            AnchorRelation.SAME_YEAR,
            "Victor Ponta hosted a visit by Zhang Dejiang",
        ),
        (
            "The head of government of Greece praised citizens of Greece. On that very day, which actors criticized "
            "Greece?",
            AnchorRelation.SAME_DAY,
            "the head of government of Greece praised citizens of Greece",
        ),
        (
            "Iraq negotiated with Barack Obama. In the same week, who cooperated diplomatically with Iraq?",
            AnchorRelation.SAME_WEEK,
            "Iraq negotiated with Barack Obama",
        ),
    ],
)
def test_statement_then_its_period(question: str, relation: AnchorRelation, anchor: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(relation, anchor)]


# --- a period's end said as a clause ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "end"),
    [
        ("Who visited China before 2015 ended?", date(2015, 12, 31)),
        ("Who visited China before May 2015 had come to an end?", date(2015, 5, 31)),
        ("Which actors consulted Japan until 2014 was over?", date(2014, 12, 31)),
    ],
)
def test_before_a_period_ended_is_up_to_its_last_day(question: str, end: date) -> None:
    from tkgrag.question.constraints import explicit_constraints

    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and t.span.end == end and not t.unread
    assert "ended" not in tq.relation_phrase and "over" not in tq.relation_phrase
    (c,) = explicit_constraints(tq)  # up to and including the period's last day
    assert c.relation.value == "during" and c.span.start is None and c.span.end == end


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        (
            "After citizens of Benin denounced Muhammadu Buhari, and before 2015 ended, which actors made a request to "
            "ordinary people in Benin?",
            "citizens of Benin denounced Muhammadu Buhari",
        ),
        (
            "Following the statement Abdul Aziz made about Kuwait, and before the end of 2014, who declared a "
            "willingness to cooperate with Kuwait?",
            "the statement Abdul Aziz made about Kuwait",
        ),
    ],
)
def test_after_an_anchor_and_before_a_periods_end(question: str, anchor: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(AnchorRelation.AFTER, anchor)]
    (t,) = tq.times
    assert t.span is not None and t.span.end is not None and (t.span.end.month, t.span.end.day) == (12, 31)


def test_end_of_the_month_of() -> None:
    tq = understand("After the end of the month of November 2014, who signalled willingness to hold talks with Iran?")
    assert not tq.anchors
    (t,) = tq.times
    assert t.span is not None and (t.span.start, t.span.end) == (date(2014, 11, 1), date(2014, 11, 30))


@pytest.mark.parametrize(
    "question",
    [
        "In the month when (according to the records) Chuck Hagel cooperated diplomatically with Japan, which actors "
        "made empathetic remarks about Japan?",
        "Which actors made empathetic remarks about Japan in the month when Chuck Hagel (as recorded) cooperated "
        "diplomatically with Japan?",
    ],
)
def test_source_bracket_is_no_part_of_the_anchor(question: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [
        (AnchorRelation.SAME_MONTH, "Chuck Hagel cooperated diplomatically with Japan")
    ]


@pytest.mark.parametrize(
    ("question", "relation", "anchor"),
    [
        (
            "Name those who spoke by telephone with Angela Merkel in 2014 ahead of the occasion when Angela Merkel "
            "praised China.",
            AnchorRelation.BEFORE,
            "Angela Merkel praised China",
        ),
        (
            "After the time when Barack Obama visited Japan, who visited China first?",
            AnchorRelation.AFTER,
            "Barack Obama visited Japan",
        ),
        (
            "On the day following the one when Ali Abdullah Saleh made an appeal to the Popular Congress, which actors "
            "imposed sanctions on Ali Abdullah Saleh?",
            AnchorRelation.DAY_AFTER,
            "Ali Abdullah Saleh made an appeal to the Popular Congress",
        ),
        (
            "Who visited China in the month before the one in which Barack Obama visited Japan?",
            AnchorRelation.MONTH_BEFORE,
            "Barack Obama visited Japan",
        ),
    ],
)
def test_the_occasion_when_is_the_clause(question: str, relation: AnchorRelation, anchor: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(relation, anchor)]


def test_counting_from_a_periods_start_is_no_scope() -> None:
    tq = understand("Counting from the start of 2014, in which year did Jakaya Kikwete first consult Uhuru Kenyatta?")
    assert not tq.text.startswith("In from")
    assert all(t.span is not None and t.span.start == date(2014, 1, 1) for t in tq.times)


@pytest.mark.parametrize(
    ("question", "anchor", "relation_phrase"),
    [
        (
            "Name the first actor that gave aid to the High Commission for Refugees once the High Commission for "
            "Refugees worked together diplomatically with the government of South Africa.",
            "the High Commission for Refugees worked together diplomatically with the government of South Africa",
            "gave aid",
        ),
        ("Who was the first to visit China once Barack Obama visited Japan?", "Barack Obama visited Japan", "visit"),
        ("Which country did Barack Obama visit once Japan hosted him?", "Japan hosted him", "visit"),
    ],
)
def test_once_opening_a_clause_is_after(question: str, anchor: str, relation_phrase: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(AnchorRelation.AFTER, anchor)]
    assert tq.relation_phrase == relation_phrase


@pytest.mark.parametrize(
    "question",
    ["Who visited China once in 2014?", "Who once visited China?", "Who visited China once again in 2014?"],
)
def test_once_as_an_adverb_is_no_anchor(question: str) -> None:
    assert not understand(question).anchors


@pytest.mark.parametrize(
    "question",
    [
        "Once August 2014 had come to an end, who pledged diplomatic cooperation with Prayuth Chan-ocha?",
        "Once August 2014 ended, who pledged diplomatic cooperation with Prayuth Chan-ocha?",
        "When August 2014 was over, who pledged diplomatic cooperation with Prayuth Chan-ocha?",
        "Who pledged diplomatic cooperation with Prayuth Chan-ocha once August 2014 had drawn to a close?",
    ],
)
def test_once_a_period_is_over_is_after_it(question: str) -> None:
    from tkgrag.question.constraints import explicit_constraints

    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.ENTITY
    (c,) = explicit_constraints(tq)
    assert c.relation.value == "after" and c.span.end == date(2014, 8, 31)


def test_rest_of_the_year_once_a_month_had_come_to_an_end() -> None:
    tq = understand("Once August 2014 had come to an end, who pledged cooperation with Japan in the rest of the year?")
    assert _days(tq) == [(date(2014, 9, 1), date(2014, 12, 31))]


def test_the_one_month_asked_is_left() -> None:
    tq = understand("Tell me the month in 2014 when Julie Bishop consulted Fuad Masum.")
    assert "months" not in tq.text  # one month: read as before
