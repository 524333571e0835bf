"""Issue 29 (h29p): the families of blind sets 15 and 16, each in several wordings: a unit asked for after the
question ("(month please)"), a statement opening with its time before "who else did that on the same day?", a range
from "the day after D", "in 2014 or in 2015", and relation words ("hostage", small arms, violent protest)."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.answer_type import detect_answer_type
from tkgrag.question.constraints import explicit_constraint
from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.hedges import without_hedge
from tkgrag.question.hosted_visit import hosted_visit
from tkgrag.question.model import AnswerKind
from tkgrag.question.named_days import named_days
from tkgrag.question.parse import understand
from tkgrag.question.period_before import period_before
from tkgrag.question.relation_phrases import clean_relation_phrase, relation_phrases
from tkgrag.question.window_edges import window_edges
from tkgrag.temporal import Granularity

# --- a unit asked for after the question --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "granularity"),
    [
        ("When was the last time in 2014 that South Africa hosted Kembo Mohadi? (month please)", Granularity.MONTH),
        ("When did Barack Obama last visit China? Give the month.", Granularity.MONTH),
        ("When did Barack Obama first visit China in 2014? (year only)", Granularity.YEAR),
        ("When did Barack Obama first visit China? Month, please.", Granularity.MONTH),
        ("When did Barack Obama first visit China? (just the month)", Granularity.MONTH),
        ("Was it in 2014 or in 2015 that Barack Obama visited China? Give the year(s).", Granularity.YEAR),
    ],
)
def test_a_requested_unit_sets_the_answer_granularity(question: str, granularity: Granularity) -> None:
    answer = understand(question).answer_type
    assert answer.kind is AnswerKind.TIME
    assert answer.granularity is granularity and answer.stated


@pytest.mark.parametrize(
    ("question", "kind", "granularity"),
    [
        # guards: a stated unit is kept; an entity question stays one; no request, no change
        ("In which year did Barack Obama visit China? (month please)", AnswerKind.TIME, Granularity.YEAR),
        ("Who visited China last in 2014? (month please)", AnswerKind.ENTITY, None),
        ("When did Barack Obama first visit China?", AnswerKind.TIME, Granularity.DAY),
        ("Who visited the Day Month Year festival?", AnswerKind.ENTITY, None),
    ],
)
def test_a_requested_unit_guards(question: str, kind: AnswerKind, granularity: Granularity | None) -> None:
    answer = detect_answer_type(question.lower())
    assert answer.kind is kind
    assert answer.granularity is granularity


@pytest.mark.parametrize(
    "question",
    [
        "When did Barack Obama first visit China? Month, please.",
        # guards (right before too): a bracketed request, a closing "please" after a relation word
        "When was the last time that citizens of Nigeria accused the government of Nigeria? (month please)",
        "List the parties that praised Ethiopia in May 2014, please.",
    ],
)
def test_the_request_is_no_relation_word(question: str) -> None:
    assert "please" not in understand(question).relation_phrase.lower()
    assert "month" not in understand(question).relation_phrase.lower()


# --- a statement that opens with its time, then "who else ... on the same day?" ------------------------------------


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        (
            "On May 30, 2015 Japan spoke out against China; which others did the same on that day?",
            "On the same day that Japan spoke out against China on May 30, 2015, which others did the same?",
        ),
        (
            "On 10 October 2015, Ma Ying Jeou said they intended to cooperate with China; who else did that on the "
            "same day?",
            "On the same day that Ma Ying Jeou said they intended to cooperate with China on 10 October 2015, who "
            "else did that?",
        ),
        (
            "On 2014-02-14 the Philippines received a visit from Barack Obama; which others did the same on that day?",
            "On the same day that the Philippines received a visit from Barack Obama on 2014-02-14, which others did "
            "the same?",
        ),
        (
            "In March 2014, Japan criticised China. Who else did so that same month?",
            "In the same month that Japan criticised China in March 2014, who else did so?",
        ),
    ],
)
def test_an_opening_time_moves_behind_the_statement(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


def test_the_folded_statement_is_the_anchor_and_the_subject_is_asked() -> None:
    tq = understand("On 19 August 2014, China hosted Shozaburo Nakamura; who else did that on the same day?")
    assert len(tq.anchors) == 1
    assert "China" in tq.anchors[0].text
    assert [m.text for m in tq.mentions if not any(a.start <= m.start < a.end for a in tq.anchors)] == []


# --- a range from the day after D; two years in a row -------------------------------------------------------------


def _window(question: str) -> tuple[date, date]:
    tq = understand(question)
    assert tq.times and not any(t.unread for t in tq.times), [(t.text, t.unread) for t in tq.times]
    lo, hi = date.min, date.max
    for t in tq.times:
        c = explicit_constraint(t)
        assert c is not None and c.relation.value != "after", c
        lo, hi = max(lo, c.span.start or date.min), min(hi, c.span.end or date.max)
    return lo, hi


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        (
            "From the day after 3 April 2015 to the end of 2015, which actors said they intended to cooperate with "
            "citizens of Tanzania?",
            date(2015, 4, 4),
            date(2015, 12, 31),
        ),
        (
            "From the day after November 5, 2015 to the end of 2015, which actors pledged diplomatic cooperation "
            "with France?",
            date(2015, 11, 6),
            date(2015, 12, 31),
        ),
        (
            "Between the day after 31 December 2014 and 10 January 2015, who visited China?",
            date(2015, 1, 1),
            date(2015, 1, 10),
        ),
        ("From the day before 3 April 2015 to 10 April 2015, who visited China?", date(2015, 4, 2), date(2015, 4, 10)),
        (
            "Was it in 2014 or in 2015 that Barack Obama visited China? Give the year(s).",
            date(2014, 1, 1),
            date(2015, 12, 31),
        ),
        (
            "Which month saw the United Arab Emirates negotiate with Barack Obama (2014 or 2015)?",
            date(2014, 1, 1),
            date(2015, 12, 31),
        ),
        ("Whom did Barack Obama visit in 2014 or 2015?", date(2014, 1, 1), date(2015, 12, 31)),
    ],
)
def test_the_window_is_read(question: str, first: date, last: date) -> None:
    assert _window(question) == (first, last)


@pytest.mark.parametrize(
    "question",
    [
        # guards: years not in a row, and a day after a month, are left as written
        "Was it in 2012 or in 2015 that Barack Obama visited China?",
        "From the day after March 2015 to the end of 2015, who visited China?",
        "Who visited China on the day after 3 April 2015?",
    ],
)
def test_window_edges_left_as_written(question: str) -> None:
    assert window_edges(question) == question


# --- relation words ---------------------------------------------------------------------------------------------


def _paraphrases(question: str) -> list[str]:
    return relation_phrases(clean_relation_phrase(understand(question).relation_phrase))


@pytest.mark.parametrize(
    ("question", "canonical"),
    [
        ("Whom did Boko Haram abduct, hijack or take hostage first in June of 2014?", "abduct, hijack"),
        ("Whom did Boko Haram take hostage in June 2014?", "abduct, hijack"),
        ("Who was taken hostage by Boko Haram in June 2014?", "abduct, hijack"),
        ("Whom did Boko Haram take as hostages in June 2014?", "abduct, hijack"),
        ("Who fought the police in Yemen with small arms and light weapons in 2014?", "fight with small arms"),
        ("Who used small arms against the police in Yemen in 2014?", "fight with small arms"),
        ("Who protested violently against Afghanistan's election commission in 2014?", "protest violently"),
        ("Who staged violent protests against the government of Afghanistan in 2014?", "protest violently"),
        # guards: hosting and a peaceful demonstration keep their relations
        ("Who hosted Barack Obama in 2014?", "host a visit"),
        ("Who demonstrated against the government of Afghanistan in 2014?", "demonstrate or rally"),
        ("Who fought the police in Yemen in 2014?", "use conventional military force"),
    ],
)
def test_relation_words(question: str, canonical: str) -> None:
    assert _paraphrases(question)[1].startswith(canonical), _paraphrases(question)


# --- "Which month was the last one before A in which B?" ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which month was the last one before Sudan seized or abducted children in South Sudan in which China said "
            "they intended to cooperate with South Korea?",
            "Before Sudan seized or abducted children in South Sudan, which was the last month in which China said "
            "they intended to cooperate with South Korea?",
        ),
        (
            "What year was the first one after Barack Obama visited Japan in which China criticized Japan?",
            "After Barack Obama visited Japan, which was the first year in which China criticized Japan?",
        ),
        (
            "Which month was the most recent one prior to the visit of Barack Obama to Japan, in which China "
            "criticized Japan?",
            "Prior to the visit of Barack Obama to Japan, which was the most recent month in which China criticized "
            "Japan?",
        ),
    ],
)
def test_period_before_is_said_with_its_anchor_first(question: str, said: str) -> None:
    assert period_before(question) == said


def test_period_before_reads_one_anchor() -> None:
    tq = understand(
        "Which month was the last one before Barack Obama appealed to Ashraf Ghani Ahmadzai for diplomatic "
        "cooperation in which Nuri al-Maliki rebuffed Iraq?"
    )
    assert len(tq.anchors) == 1
    assert "Nuri" not in tq.anchors[0].text and "Obama" in tq.anchors[0].text
    assert tq.answer_type.granularity is Granularity.MONTH


def test_period_before_guard() -> None:
    # no "in which" clause after the anchor: left as written
    question = "Which month was the last one before Barack Obama visited Japan?"
    assert period_before(question) == question


# --- "In 2015, when exactly did ...?"; "on Bastille Day (14 July) 2015" ------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "In 2015, when exactly did Gurbanguly Berdymukhammedov receive a visit from Elmar Mammadyarov?",
            "In 2015, when did Gurbanguly Berdymukhammedov receive a visit from Elmar Mammadyarov?",
        ),
        ("In 2015, precisely when did X receive a visit from Y?", "In 2015, when did X receive a visit from Y?"),
        ("During 2015, when exactly was X visited by Y?", "During 2015, when was X visited by Y?"),
        # guard: the opening form was read before
        ("When exactly did X meet Y?", "When did X meet Y?"),
    ],
)
def test_a_sharpening_adverb_after_an_opening_phrase(question: str, said: str) -> None:
    assert without_hedge(question) == said


def test_when_exactly_after_an_opening_time_is_no_anchor() -> None:
    tq = understand(
        "In 2014, when exactly did Andrew Robb express an intention to cooperate diplomatically with Japan?"
    )
    assert tq.anchors == ()
    assert tq.answer_type.kind is AnswerKind.TIME


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Whom did Colombia confer with on Bastille Day (14 July) 2015?",
            "Whom did Colombia confer with on 14 July 2015?",
        ),
        ("Whom did X meet on Bastille Day (14 July) 2015 in Paris?", "Whom did X meet on 14 July 2015 in Paris?"),
        # two years are left as written (before, the bracket was read and the second year left over); a bracket
        # that is no day is a guard
        (
            "Whom did X meet on Christmas Day (25 December 2014) 2015?",
            "Whom did X meet on Christmas Day (25 December 2014) 2015?",
        ),
        ("Whom did X meet on Labour Day (May) 2015?", "Whom did X meet on Labour Day (May) 2015?"),
    ],
)
def test_a_named_day_with_the_year_after_its_bracket(question: str, said: str) -> None:
    assert named_days(question) == said


# --- "Angola's visit hosted by China" ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which month of 2014 saw Angola's visit hosted by China?",
            "Which month of 2014 saw the visit of Angola hosted by China?",
        ),
        ("When was Angola's visit hosted by China in 2014?", "When was the visit of Angola hosted by China in 2014?"),
        (
            "Which month saw the United States' visit being welcomed by China?",
            "Which month saw the visit of the United States being welcomed by China?",
        ),
        # guard: the host said as the subject keeps the possessive
        ("Who hosted Angola's visit in 2014?", "Who hosted Angola's visit in 2014?"),
    ],
)
def test_a_possessive_visit_hosted_by(question: str, said: str) -> None:
    assert hosted_visit(question) == said


def test_a_possessive_visit_hosted_by_gives_the_host_the_subject() -> None:
    tq = understand("Which month of 2014 saw Angola's visit hosted by China?")
    assert "Angola's visit" not in tq.text and "visit of Angola" in tq.text  # Angola the visitor, not the actor
