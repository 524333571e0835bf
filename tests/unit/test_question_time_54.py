"""Issue 29 item 3 (h37t): the time, window, order and scope families of blind sets 54-58, in their own wordings and
in others (each was read wrong or abstained on the tree before)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.question_readings import rewritten as _rewritten
from tests.unit.question_readings import windows as _windows
from tkgrag.question.model import AnchorRelation, AnswerKind, Granularity, Signal
from tkgrag.question.parse import understand
from tkgrag.question.unread_order import unread_sequence

# --- "Who did R next, once people in X did S?": the "once" clause after the main one, with a lower-case subject


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        (
            "Who issued a statement to criminals in Bangladesh next, once people in Bangladesh sued criminals in "
            "Bangladesh?",
            "people in Bangladesh sued criminals in Bangladesh",
        ),
        (
            "Who held consultations with Prayuth Chan-ocha next, once people in Thailand pressed demands on Prayuth "
            "Chan-ocha?",
            "people in Thailand pressed demands on Prayuth Chan-ocha",
        ),
        (
            "Which party was the first to criticize Nigeria once members of the public in Nigeria protested against "
            "Nigeria?",
            "members of the public in Nigeria protested against Nigeria",
        ),
        ("Who visited Japan next, once citizens of China had visited Japan?", "citizens of China had visited Japan"),
    ],
)
def test_once_clause_with_a_lower_case_subject_is_the_anchor(question: str, anchor: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(AnchorRelation.AFTER, anchor)]


@pytest.mark.parametrize(
    "question",
    ["Who once visited people in Bangladesh?", "Who visited Japan once in 2014?", "Who once met officials in Iran?"],
)
def test_once_as_an_adverb_stays(question: str) -> None:
    assert understand(question).anchors == ()


def test_an_unread_next_is_a_gap() -> None:
    assert unread_sequence("Who issued a statement to criminals in Bangladesh next?", 0, False) == "next"
    assert unread_sequence("Who visited Japan next, once the talks ended", 0, False) == "next"
    assert unread_sequence("Who visited Japan, once it rained?", 0, False) == "once"
    # read: an anchor, or an order
    assert unread_sequence("Who visited Japan next, after China did?", 1, False) is None
    assert unread_sequence("Who visited Japan next after 2 May 2015?", 0, True) is None
    # not an order word
    assert unread_sequence("Who visited Japan next month?", 0, False) is None
    assert unread_sequence("Who was next to Obama at the summit?", 0, False) is None


# --- "Right after D, who was the first to ...": the adverb is the time's relation, not an entity


@pytest.mark.parametrize(
    ("question", "signal", "day"),
    [
        ("Right after 7 April 2015, who was the first to confer with China?", Signal.AFTER, date(2015, 4, 7)),
        (
            "Right after the 29th of January 2015, who was the first to make a request of Malaysia?",
            Signal.AFTER,
            date(2015, 1, 29),
        ),
        ("Immediately after 3 May 2015, who first visited Japan?", Signal.AFTER, date(2015, 5, 3)),
        ("Just before 3 May 2015, which actor last visited Japan?", Signal.BEFORE, date(2015, 5, 3)),
        ("Who was the last to visit Japan shortly before 3 May 2015?", Signal.BEFORE, date(2015, 5, 3)),
    ],
)
def test_right_after_a_day(question: str, signal: Signal, day: date) -> None:
    tq = understand(question)
    assert [(t.signal, t.span.start if t.span else None) for t in tq.times] == [(signal, day)]
    assert not [m.text for m in tq.mentions if m.text.lower() in ("right", "immediately", "just", "shortly")]


# --- "Considering 2014 only, name the month when X did R": a time question after a fronted scope


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("Considering 2014 only, name the month when South Korea first negotiated with Japan.", Granularity.MONTH),
        (
            "Considering 2014 only, name the month when officials in Nigeria last said it meant to cooperate with "
            "Nigerian citizens.",
            Granularity.MONTH,
        ),
        ("Focusing on 2015 alone, give the month in which Iran first visited Japan.", Granularity.MONTH),
        ("In 2015, name the day on which Iran last visited Japan.", Granularity.DAY),
    ],
)
def test_name_the_month_after_a_scope(question: str, unit: Granularity) -> None:
    tq = understand(question)
    assert (tq.answer_type.kind, tq.answer_type.granularity) == (AnswerKind.TIME, unit)
    assert len(tq.times) == 1 and tq.times[0].span is not None and tq.times[0].span.granularity is Granularity.YEAR


def test_name_the_actor_after_a_scope_stays_an_entity() -> None:
    assert understand("In 2015, name the actor who first visited Japan.").answer_type.kind is AnswerKind.ENTITY


# --- "In which year of the two-year span 2014-2015 ...", "in which of the years 2014 and 2015 ..."


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "In which year of the two-year span 2014-2015 did Xi Jinping visit China?",
            (date(2014, 1, 1), date(2015, 12, 31)),
        ),
        (
            "In which year of the two-year span 2014-2015 did the Japan Self-Defense Forces denounce Ukraine's police?",
            (date(2014, 1, 1), date(2015, 12, 31)),
        ),
        ("Which one of the 3-year period 2013 to 2015 saw Iran visit China?", (date(2013, 1, 1), date(2015, 12, 31))),
        # read already (guards)
        ("In which of the years 2014 and 2015 did Xi Jinping visit China?", (date(2014, 1, 1), date(2015, 12, 31))),
        ("Which year of the period 2013 to 2015 saw Iran visit China?", (date(2013, 1, 1), date(2015, 12, 31))),
    ],
)
def test_years_named_as_a_span(question: str, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert _windows(question) == [window]
    assert tq.answer_type.granularity is Granularity.YEAR
    assert "span" not in (tq.relation_phrase or "") and "year" not in (tq.relation_phrase or "")


@pytest.mark.parametrize(
    "question",
    [
        "In which year of the three-year span 2014-2015 did Xi Jinping visit China?",  # the count is not the span's
        "In which year of the 2-year span 2014-2016 did Xi Jinping visit China?",
    ],
)
def test_years_named_that_disagree_are_left(question: str) -> None:
    assert "between" not in _rewritten(question)


# --- "Before D, but in the same month, ...": the days from the month's start to the day before D


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Before the 13th of May 2014, but in the same month, which actors pressed demands on people in Zambia?",
            (date(2014, 5, 1), date(2014, 5, 12)),
        ),
        (
            "Before the 21st of January 2014, but in the same month, which actors levelled accusations at people in "
            "Nigeria?",
            (date(2014, 1, 1), date(2014, 1, 20)),
        ),
        ("Earlier in the same month, before 20 March 2015, who visited Japan?", (date(2015, 3, 1), date(2015, 3, 19))),
        ("After 3 May 2015 but still within that month, who visited Japan?", (date(2015, 5, 4), date(2015, 5, 31))),
        ("After 3 May 2015, but in the same year, who visited Japan?", (date(2015, 5, 4), date(2015, 12, 31))),
    ],
)
def test_a_side_of_a_day_within_its_month(question: str, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert _windows(question) == [window]
    assert tq.anchors == ()


@pytest.mark.parametrize(
    "question",
    [
        "Before 1 May 2014, but in the same month, who visited Japan?",  # no day is left
        "Later in the same month, before 20 March 2015, who visited Japan?",  # the two words disagree
    ],
)
def test_a_side_of_a_day_without_days_is_left(question: str) -> None:
    assert "From" not in _rewritten(question) and " from " not in _rewritten(question)


# --- "After X did R, which others did S that same month?" / "later that month"


@pytest.mark.parametrize(
    ("question", "side", "period"),
    [
        (
            "After Macky Sall said they wanted to meet or negotiate with citizens of Nigeria, which others worked "
            "diplomatically with citizens of Nigeria that same month?",
            AnchorRelation.AFTER,
            AnchorRelation.SAME_MONTH,
        ),
        (
            "Before the African Union sounded upbeat about Sudan, which others accused Sudan that same month?",
            AnchorRelation.BEFORE,
            AnchorRelation.SAME_MONTH,
        ),
        (
            "After China visited Japan, who else visited Japan later that month?",
            AnchorRelation.AFTER,
            AnchorRelation.SAME_MONTH,
        ),
        (
            "After China visited Japan, who else visited Japan later in the same year?",
            AnchorRelation.AFTER,
            AnchorRelation.SAME_YEAR,
        ),
        (
            "After China visited Japan, which others visited Japan that month?",
            AnchorRelation.AFTER,
            AnchorRelation.SAME_MONTH,
        ),
        (
            "Before China visited Japan, which others visited Japan that year?",
            AnchorRelation.BEFORE,
            AnchorRelation.SAME_YEAR,
        ),
        (
            "Once China had visited Japan, who visited Japan later that month?",
            AnchorRelation.AFTER,
            AnchorRelation.SAME_MONTH,
        ),
    ],
)
def test_a_side_and_its_period(question: str, side: AnchorRelation, period: AnchorRelation) -> None:
    tq = understand(question)
    assert sorted(a.relation for a in tq.anchors) == sorted([side, period])
    assert "later" not in (tq.relation_phrase or "")


# --- "Which others did the same in that calendar month?" after a statement


@pytest.mark.parametrize(
    ("question", "period"),
    [
        (
            "Vietnam voiced willingness for diplomatic cooperation with Cambodia on 25 September 2014. Which others "
            "did the same in that calendar month?",
            AnchorRelation.SAME_MONTH,
        ),
        (
            "Chuck Hagel made a statement about Afghanistan's head of government on January 30, 2014. Which others "
            "did the same in that calendar month?",
            AnchorRelation.SAME_MONTH,
        ),
        ("China visited Japan on 3 May 2015. Who else did likewise in that calendar week?", AnchorRelation.SAME_WEEK),
    ],
)
def test_that_calendar_month_after_a_statement(question: str, period: AnchorRelation) -> None:
    tq = understand(question)
    assert [a.relation for a in tq.anchors] == [period]


# --- "within the 3-day stretch starting D1 and ending D2"


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Who did the Central Intelligence Agency comment publicly on within the 3-day stretch starting 2015-12-08 "
            "and ending December 10, 2015?",
            (date(2015, 12, 8), date(2015, 12, 10)),
        ),
        (
            "Which actors endorsed ordinary people in Venezuela within the 5-day stretch starting 2014-02-19 and "
            "ending the 23rd of February 2014?",
            (date(2014, 2, 19), date(2014, 2, 23)),
        ),
        (
            "Who visited Japan during the 4-day period beginning on 2 May 2014 and ending on 5 May 2014?",
            (date(2014, 5, 2), date(2014, 5, 5)),
        ),
    ],
)
def test_a_stretch_starting_and_ending(question: str, window: tuple[date, date]) -> None:
    assert _windows(question) == [window]


def test_a_stretch_whose_count_disagrees_stays_unread() -> None:
    tq = understand("Who visited Japan during the 3-day period beginning on 2 May 2014 and ending on 5 May 2014?")
    assert [t.unread for t in tq.times if t.unread] or tq.anchors


# --- "Within 2015, what was the last day before X did R on which X did S?"


@pytest.mark.parametrize(
    ("question", "side", "anchor", "relation"),
    [
        (
            "Within 2015, what was the last day before the head of government of Greece negotiated with Abdel Fattah "
            "Al-Sisi on which the head of government of Greece consulted Abdel Fattah Al-Sisi?",
            AnchorRelation.BEFORE,
            "the head of government of Greece negotiated with Abdel Fattah Al-Sisi",
            "consulted",
        ),
        (
            "Within 2014, what was the last day before Abdel Fattah Al-Sisi made a request to Barack Obama on which "
            "Abdel Fattah Al-Sisi endorsed Barack Obama?",
            AnchorRelation.BEFORE,
            "Abdel Fattah Al-Sisi made a request to Barack Obama",
            "endorsed",
        ),
        (
            "In 2015, what was the first date after Iran visited China on which Iran hosted China?",
            AnchorRelation.AFTER,
            "Iran visited China",
            "hosted",
        ),
    ],
)
def test_a_scoped_time_after_which(question: str, side: AnchorRelation, anchor: str, relation: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(side, anchor)]
    assert tq.relation_phrase == relation
    assert tq.answer_type.kind is AnswerKind.TIME
    assert len(tq.times) == 1 and tq.times[0].span is not None and tq.times[0].span.granularity is Granularity.YEAR


# --- a closing scope in brackets: "(looking only at 2014)", "(but in the same year, 2014)"


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        (
            "Before 28 February 2014 (looking only at 2014), who had been the latest to endorse the head of government "
            "of Ukraine?",
            "endorse",
        ),
        ("After Iran visited China (but in the same year, 2014), who visited China?", "visited"),
        ("Before Iran visited China (still within the same year: 2015), who was the last to visit China?", "visit"),
    ],
)
def test_a_scope_bracket(question: str, relation: str) -> None:
    tq = understand(question)
    assert tq.relation_phrase == relation
    assert "(" not in " ".join(a.text for a in tq.anchors)
    assert any(t.span is not None and t.span.granularity is Granularity.YEAR for t in tq.times)


# --- "Independence Day 2014 in the United States": the country after the named day


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China on Independence Day 2014 in the United States?",
        "Who visited China on Independence Day in the United States in 2014?",
    ],
)
def test_independence_day_with_its_country_after(question: str) -> None:
    assert _windows(question) == [(date(2014, 7, 4), date(2014, 7, 4))]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China on Independence Day in Israel in 2014?",
        "Who visited China on Independence Day 2014 in Israel?",
    ],
)
def test_independence_day_of_a_country_without_one_date_stays_off_the_calendar(question: str) -> None:
    tq = understand(question)
    assert [t.span for t in tq.times] == [None]


# --- "X did R on D. Anyone else do that the same week (...)?": the yes/no second sentence


@pytest.mark.parametrize(
    ("question", "period"),
    [
        (
            "North Korea played host to the head of government of China on 2014-06-27. Anyone else do that the same "
            "week (Monday 23 June to Sunday 29 June 2014)?",
            AnchorRelation.SAME_YEAR,  # the week's days are the window, the year holds them
        ),
        (
            "North Korea played host to the head of government of China on 2014-06-27. Did anyone else do that the "
            "same week?",
            AnchorRelation.SAME_WEEK,
        ),
        ("China visited Japan on 3 May 2015. Did anybody else do so that month?", AnchorRelation.SAME_MONTH),
    ],
)
def test_anyone_else_after_a_statement(question: str, period: AnchorRelation) -> None:
    tq = understand(question)
    assert [a.relation for a in tq.anchors] == [period]
    assert not [m.text for m in tq.mentions if m.text.lower().startswith(("any", "did"))]


@pytest.mark.parametrize(
    "question",
    [
        "After 3 May 2015, who visited Japan that month?",  # the month is the date's
        "Before China visited Japan, who else visited Japan later that month?",  # the two sides disagree
    ],
)
def test_a_side_and_that_month_left(question: str) -> None:
    assert "that same" not in _rewritten(question)
