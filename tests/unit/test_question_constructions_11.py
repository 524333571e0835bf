"""Issue 29, h29l: the ninth to eleventh blind sets' families (now tuning data), each with wordings of my own.
Each case failed before its fix unless marked as a guard."""

from __future__ import annotations

import pytest

from tkgrag.question.declarative import UnreadablePair, anchor_sentence
from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases, stated_intent


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        (
            "Mihaly Varga consulted Jens Stoltenberg at one point; who else did so that same day?",
            "On the same day that Mihaly Varga consulted Jens Stoltenberg, who else did so?",
        ),
        (
            "Tanzania held negotiations with South Korea. Who else did the same that same month?",
            "In the same month that Tanzania held negotiations with South Korea, who else did the same?",
        ),
        (
            "Ethiopia hosted Egypt once - which other actors followed suit that very same week?",
            "In the same week that Ethiopia hosted Egypt, which other actors followed suit?",
        ),
        (
            "Iran visited Oman; who did likewise that very day?",
            "On the same day that Iran visited Oman, who did likewise?",
        ),
        (
            "Hugo Swire accused Kirchner at one point; whom else did Hugo Swire accuse that same day?",
            "On the same day that Hugo Swire accused Kirchner, whom else did Hugo Swire accuse?",
        ),
        (
            "Media (Austria) consulted Werner Faymann. Who else did it consult in that month?",
            "In the same month that Media (Austria) consulted Werner Faymann, who else did it consult?",
        ),
        (
            "Tanzania held negotiations with South Korea; who else did the same that month?",
            "In the same month that Tanzania held negotiations with South Korea, who else did the same?",
        ),
        (
            "Iran visited Oman. Who hosted Qatar within the same week?",
            "In the same week that Iran visited Oman, who hosted Qatar?",
        ),
    ],
)
def test_that_same_period_after_a_statement_is_the_statements_period(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        # h39t: both, as two anchors (the month of X's event and the side of it), the form
        # ``clause_shapes.anchor_period_part`` gives "After X did Y, who did so later that month?"
        (
            "Tanzania held negotiations with South Korea; who did so earlier that same month?",
            "In the same month that Tanzania held negotiations with South Korea, who did so before Tanzania did?",
        ),
        (
            "Tanzania held negotiations with South Korea at one point; who else did so later that month?",
            "In the same month that Tanzania held negotiations with South Korea, who else did so after Tanzania did?",
        ),
    ],
)
def test_a_period_and_a_side_of_the_statement_are_both_read(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


@pytest.mark.parametrize(
    "question",
    [
        "Iran visited Oman. Who did the same next that week?",
        # no subject to say the side against: left unread
        "the head of state held negotiations with South Korea; who did so earlier that same month?",
    ],
)
def test_a_period_and_an_order_against_the_statement_is_not_read(question: str) -> None:
    """Before X and in X's month at once: the same-period fold alone would answer the whole month (wrong answers)."""
    with pytest.raises(UnreadablePair):
        anchor_sentence(question)


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("In the month when India's head of government visited Vietnam, which other actors also did?", "month"),
        ("On the day when Carlos Morales held consultations with Belize, which other actors did too?", "day"),
        ("In the month when Media (Austria) consulted Werner Faymann, who else did?", "month"),
        ("On the day when Japan criticized China, which countries did as well?", "day"),
        ("In the same year that Iran hosted Oman, who else also did too?", "year"),
    ],
)
def test_a_bare_did_with_also_too_else_repeats_the_anchor_event(question: str, relation: str) -> None:
    u = understand(question)
    assert u.pro_form
    (a,) = u.anchors
    assert a.relation is {"day": AnchorRelation.SAME_DAY, "month": AnchorRelation.SAME_MONTH}.get(
        relation, AnchorRelation.SAME_YEAR
    )


@pytest.mark.parametrize(
    "question",
    ["Whom did Iran visit, and who else did?", "Who did Japan criticize in 2014?", "Which country did Iran follow?"],
)
def test_a_bare_did_without_an_anchor_clause_is_no_pro_form(question: str) -> None:
    """Guard (passes before and after): no clause anchor, nothing to repeat."""
    assert not understand(question).pro_form


@pytest.mark.parametrize(
    ("phrase", "intent"),
    [
        ("said they wanted talks", "express intent to meet or negotiate"),
        ("say they wanted to meet", "express intent to meet or negotiate"),
        ("announced that it planned to negotiate", "express intent to meet or negotiate"),
        ("says he hoped to visit", "express intent to meet or negotiate"),
        ("stated they intended to cooperate", "express intent to cooperate"),
        ("says it offered to cooperate", "express intent to cooperate"),
    ],
)
def test_a_reported_intent_is_the_express_intent_relation_not_the_act(phrase: str, intent: str) -> None:
    assert stated_intent(phrase)
    tried = relation_phrases(phrase)
    assert intent in tried
    assert not {"consult", "engage in negotiation", "make a visit", "cooperate"} & set(tried)


def test_a_reported_act_stays_the_act() -> None:
    """Guard (passes before and after): "said they met" reports the meeting itself."""
    assert not stated_intent("said they met")
    assert "consult" in relation_phrases("said they met")


@pytest.mark.parametrize(
    "phrase",
    [
        "received as a guest",
        "receive as a guest",
        "received as an honoured guest",
        "had as their guest",
        "entertained as a state guest",
    ],
)
def test_someone_had_as_a_guest_is_hosting_a_visit(phrase: str) -> None:
    assert "host a visit" in relation_phrases(phrase)


def test_visiting_as_a_guest_is_the_guests_visit() -> None:
    assert relation_phrases("visited as a guest")[1] == "make a visit"


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("When exactly did Court Judge (Kenya) put demands to Lawyer/Attorney (Kenya)?", "put demands"),
        ("When exactly did Governor (Thailand) first confer with Anupong Paochinda in 2014?", "confer"),
        ("On what date precisely did Iran visit Oman?", "visit"),
        ("Exactly when did Japan criticize China?", "criticize"),
        ("In which month specifically did Iran host Oman?", "host"),
    ],
)
def test_an_adverb_that_sharpens_the_question_word_is_no_part_of_the_event(question: str, phrase: str) -> None:
    u = understand(question)
    assert u.relation_phrase == phrase
    assert u.mentions[0].start > 0 and "exactly" not in u.text.lower() and "precisely" not in u.text.lower()


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Vietnam first after City Mayor (Philippines) had done it?",
        "Who praised Campbell Newman first after Liberal National Party had done the same?",
        "Who held talks with Iran next after Oman had done that?",
        "Who criticized Japan first after China did likewise?",
        "Who hosted Iran next after Oman had done so too?",
    ],
)
def test_an_anchor_ending_in_a_pro_form_is_elliptical(question: str) -> None:
    """The anchor's actor did the asked event: "after X had done it" is "after X did"."""
    (a,) = understand(question).anchors
    assert a.elliptical


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        (
            "In 2014, before the time Sudan spoke highly of Ethiopia, who else did Sudan speak highly of?",
            "Sudan spoke highly of Ethiopia",
        ),
        ("Who visited Iran after the moment when Oman criticized Japan?", "Oman criticized Japan"),
        ("Before the time that Kenya hosted Uganda, whom did Kenya host?", "Kenya hosted Uganda"),
        ("Who praised Japan after the time China did so?", "China did so"),
    ],
)
def test_the_time_before_a_clause_is_no_part_of_the_anchor(question: str, anchor: str) -> None:
    (a,) = understand(question).anchors
    assert a.text == anchor
    assert [m.text for m in a.mentions] == [
        w for w in ("Sudan", "Ethiopia", "Oman", "Japan", "Kenya", "Uganda", "China") if w in anchor
    ]


def test_the_time_of_a_noun_phrase_stays_the_anchor() -> None:
    """Guard (passes before and after): "the time of X's visit" is a noun phrase anchor."""
    (a,) = understand("Who visited Iran before the time of Oman's visit to Japan?").anchors
    assert a.text == "the time of Oman's visit to Japan"
