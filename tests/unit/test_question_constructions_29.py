"""Issue 29, h32r: the relation, entity and clause families of blind sets 29-33 (tuning data now), each with wordings
of my own. Each case failed before its fix unless marked as a guard."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole
from tkgrag.question.clause_shapes import rest_of_year, than_the_day, time_after_which
from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.grounded import GroundedEntity
from tkgrag.question.grounding import _nominal_main_roles, _nominal_roles
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.time_glosses import time_glosses

# -- "Name whoever last said they wanted to meet X": the free relative is the answer, the intent is the event --------


@pytest.mark.parametrize(
    ("question", "phrase", "intent"),
    [
        ("Name whoever last said they wanted to meet Malaysia in 2015.", "said they wanted to meet", True),
        ("Name whoever last pledged to cooperate with Vietnam in 2014.", "pledged to cooperate", True),
        ("List whoever first signalled a willingness to negotiate with Iran in 2014.", None, True),
        ("Identify whoever expressed a wish to meet or negotiate with China in May 2015.", None, True),
        ("Tell me whoever most recently offered to hold talks with Japan in 2014.", None, True),
        ("Name whomever Japan last criticized in 2014.", None, False),
    ],
)
def test_whoever_is_no_event_word(question: str, phrase: str | None, intent: bool) -> None:
    said = understand(question).relation_phrase
    assert not said.lower().startswith(("whoever", "whomever"))
    if phrase is not None:
        assert said == phrase
    assert any(p.startswith("express intent to") for p in relation_phrases(said)) == intent


# -- "asked X for policy support": ICEWS's Appeal_for_diplomatic_cooperation_(such_as_policy_support) -----------------


@pytest.mark.parametrize(
    ("phrase", "canonical"),
    [
        ("asked for policy support", "appeal for diplomatic cooperation"),
        ("asked the for policy support", "appeal for diplomatic cooperation"),
        ("requested policy support", "appeal for diplomatic cooperation"),
        ("called for policy support", "appeal for diplomatic cooperation"),
        ("sought policy support", "appeal for diplomatic cooperation"),
        ("appealed to for political policy support", "appeal for diplomatic cooperation"),
        ("gave policy support", "engage in diplomatic cooperation"),
        # ("offered policy support to": the intent since h33r, like "offered diplomatic support to"; see
        # test_question_constructions_34)
    ],
)
def test_policy_support(phrase: str, canonical: str) -> None:
    assert relation_phrases(phrase)[1] == canonical


# -- "the phone call between A and B", "the meeting of A and B": a joint act, the first named its subject ------------


def _m(text: str, name: str) -> Mention:
    start = text.index(name)
    return Mention(name, start, start + len(name), MentionKind.NAME)


@pytest.mark.parametrize(
    ("text", "a", "b"),
    [
        (
            "In 2015, on which day did the phone call between Ukraine's head of government and Germany's head of "
            "government take place?",
            "Ukraine's head of government",
            "Germany's head of government",
        ),
        (
            "In 2014, on which day did the meeting of Saud bin Faisal and Middle East at a third location take place?",
            "Saud bin Faisal",
            "Middle East",
        ),
        ("When was the signing of a formal agreement between Iran and France?", "Iran", "France"),
        ("On what date did the talks between China and the Philippines happen?", "China", "Philippines"),
        ("Which day saw the telephone conversation between Kenya and Uganda?", "Kenya", "Uganda"),
        ("In 2014, what was the date of the signing of a formal agreement between France and Iran?", "France", "Iran"),
    ],
)
def test_joint_event_nouns_name_a_subject(text: str, a: str, b: str) -> None:
    assert _nominal_main_roles(text, _m(text, a), _m(text, b)) == [AnswerRole.SUBJECT, AnswerRole.OBJECT]
    assert _nominal_main_roles(text, _m(text, b), _m(text, a)) == [AnswerRole.OBJECT, AnswerRole.SUBJECT]


@pytest.mark.parametrize(
    ("text", "a", "b"),
    [
        ("When did the visit of Kenya and Uganda to China take place?", "Kenya", "Uganda"),  # guard: a visit, not joint
        ("Who criticized Kenya and Uganda in 2014?", "Kenya", "Uganda"),  # guard: no event noun
    ],
)
def test_joint_event_noun_guards(text: str, a: str, b: str) -> None:
    assert _nominal_main_roles(text, _m(text, a), _m(text, b)) is None


# -- nominal anchors: "earlier in 2014 than X's consultations with Y", "than the day the consultations of X with Y" ---


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        (
            "Who arrested, detained or charged citizens of Australia earlier in 2014 than Simon Gass's consultations "
            "with Majid Takht Ravanchi?",
            "Before the day Simon Gass's consultations with Majid Takht Ravanchi in 2014,",
        ),
        (
            "Who hosted Djibouti on a visit earlier in 2014 than Uhuru Kenyatta's investigation of Al Jazeera?",
            "Before the day Uhuru Kenyatta's investigation of Al Jazeera in 2014,",
        ),
        (
            "Which actors criticized Iran later in 2015 than the visit of citizens of Saudi Arabia to Iraq?",
            "After the day the visit of citizens of Saudi Arabia to Iraq in 2015,",
        ),
        (
            "Later in 2014 than Japan's talks with China, who visited China?",
            "After the day Japan's talks with China in 2014,",
        ),
    ],
)
def test_than_a_bare_event_noun(question: str, anchor: str) -> None:
    # the fronted form is time_glosses._front_than's (the one rule for it since h34t)
    assert time_glosses(than_the_day(question)).startswith(anchor)


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China later in 2015 than May 5?",  # guard: a date
        "Who visited China earlier in 2014 than Japan did?",  # guard: no event noun
        "Who visited China earlier in 2014 than in 2013?",  # guard
    ],
)
def test_than_without_an_event_noun_is_unchanged(question: str) -> None:
    assert than_the_day(question) == question


def _ge(text: str, name: str, key: str) -> GroundedEntity:
    return GroundedEntity(_m(text, name), key, name, 2.0, AnswerRole.OBJECT)


@pytest.mark.parametrize(
    ("text", "a", "b"),
    [
        ("the day the consultations of Joseph Kabila with François Hollande", "Joseph Kabila", "François Hollande"),
        ("the day Simon Gass's consultations with Majid Takht Ravanchi", "Simon Gass", "Majid Takht Ravanchi"),
        ("the time of the visit Kenya paid to Uganda", "Kenya", "Uganda"),
    ],
)
def test_a_time_word_before_an_event_noun_says_no_role(text: str, a: str, b: str) -> None:
    roles = _nominal_roles(text, [_ge(text, b, "B"), _ge(text, a, "A")])
    assert roles is not None and (roles[0].key, roles[1].key) == ("A", "B")


# -- "X did R to Y on D; who was next to R Y?": the first sentence is the anchor, "next" orders after it -------------


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Olusegun Obasanjo commented publicly on Bukola Saraki on June 22, 2015; who was next to comment publicly "
            "on Bukola Saraki?",
            "After Olusegun Obasanjo commented publicly on Bukola Saraki on June 22, 2015, who was next to comment "
            "publicly on Bukola Saraki?",
        ),
        (
            "Japan hosted Kenya on 3 May 2014. Who was the next to receive a visit from Kenya?",
            "After Japan hosted Kenya on 3 May 2014, who was the next to receive a visit from Kenya?",
        ),
        (
            "On June 22, 2015, Olusegun Obasanjo commented on Bukola Saraki; who next commented on Bukola Saraki?",
            "After Olusegun Obasanjo commented on Bukola Saraki on June 22, 2015, who next commented on Bukola Saraki?",
        ),
        (
            "On 3 May 2014, Japan hosted Kenya. Who did so next?",
            "After Japan hosted Kenya on 3 May 2014, who did so next?",
        ),
        (
            "Mali praised France on 25 April 2014. Who expressed sympathy for France next?",
            "After Mali praised France on 25 April 2014, who expressed sympathy for France next?",
        ),
        (
            "Philip Hammond held consultations with Staffan de Mistura. Who had been the last to do that before them?",
            "Before Philip Hammond held consultations with Staffan de Mistura, who had been the last to do that?",
        ),
        (
            "Philip Hammond consulted Staffan de Mistura. Who was the last to do so before him?",
            "Before Philip Hammond consulted Staffan de Mistura, who was the last to do so?",
        ),
        (
            "Lawyers in Uganda appealed to the citizens of Uganda; who was the first to do the same after that (in "
            "2015)?",
            "After Lawyers in Uganda appealed to the citizens of Uganda, who was the first to do the same (in 2015)?",
        ),
    ],
)
def test_declarative_then_next_or_a_pro_form(question: str, expected: str) -> None:
    assert anchor_sentence(question) == expected


def test_declarative_then_own_verb_without_order_is_unchanged() -> None:
    # guard: the question says its own verb and no order against the statement
    q = "Japan hosted Kenya on 3 May 2014; who visited China in 2014?"
    assert anchor_sentence(q) == q


# -- entity phrases: an event noun is no role word; ICEWS's "Defense / Security Ministry", "Pakistan administered
# Kashmir" ---------------------------------------------------------------------------------------------------------


def _mentions(question: str) -> list[tuple[str, str]]:
    return [(m.text, m.kind.value) for m in understand(question).mentions]


@pytest.mark.parametrize(
    ("question", "mention"),
    [
        (
            "In the same month as the visit of citizens of Saudi Arabia to Iraq, who praised Iraq?",
            "citizens of Saudi Arabia",
        ),
        ("Before the consultations of the police of Kenya with Uganda, who visited Kenya?", "police of Kenya"),
        (
            "In 2014, which actor imposed sanctions, an embargo or a boycott on citizens of Nigeria?",
            "citizens of Nigeria",
        ),
        ("Who imposed a boycott on businesses in Israel in 2014?", "businesses in Israel"),  # guard
        ("Who imposed an embargo on the government of Iran in 2014?", "the government of Iran"),  # guard
        (
            "Who held consultations with Slovakia's defence and security ministry in 2014?",
            "Slovakia's defence and security ministry",
        ),
        (
            "Who criticized the defense and security ministry of Slovakia?",
            "the defense and security ministry of Slovakia",  # guard
        ),
        ("Who commented publicly on Pakistan administered Kashmir in 2014?", "Pakistan administered Kashmir"),
        ("Who visited Indian administered Kashmir in 2014?", "Indian administered Kashmir"),
    ],
)
def test_entity_phrases(question: str, mention: str) -> None:
    assert mention in [text for text, _ in _mentions(question)]


@pytest.mark.parametrize(
    ("question", "mention"),
    [
        ("Who visited the head of government of Germany?", "the head of government of Germany"),  # guard
        ("Did Pakistan administered aid to Kashmir in 2014?", "Pakistan"),  # guard: no region's name
    ],
)
def test_entity_phrase_guards(question: str, mention: str) -> None:
    assert mention in [text for text, _ in _mentions(question)]


def test_sanction_words_are_not_a_role() -> None:
    texts = [text for text, _ in _mentions("Who imposed a boycott on citizens of Nigeria in 2014?")]
    assert not any("boycott" in t for t in texts)


# -- "What was the first date after X did Y on which Z did W?": the relative clause is the main event -----------------


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "What was the first date after Julie Bishop sounded upbeat about Japan on which Julie Bishop signalled "
            "readiness to meet Iran?",
            "After Julie Bishop sounded upbeat about Japan, what was the first date on which Julie Bishop signalled "
            "readiness to meet Iran?",
        ),
        (
            "What was the first date after Abdullah Abdullah's public statement on NATO on which Abdullah Abdullah "
            "made threats against Afghanistan?",
            "After Abdullah Abdullah's public statement on NATO, what was the first date on which Abdullah Abdullah "
            "made threats against Afghanistan?",
        ),
        (
            "What was the last day before China visited Japan when Japan criticized China?",
            "Before China visited Japan, what was the last day when Japan criticized China?",
        ),
        (
            "Which was the earliest month following Kenya's talks with Uganda in which Uganda praised Kenya?",
            "Following Kenya's talks with Uganda, which was the earliest month in which Uganda praised Kenya?",
        ),
    ],
)
def test_time_after_an_anchor_on_which(question: str, expected: str) -> None:
    assert time_after_which(question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "What was the first date after 5 May 2014 on which China visited Japan?",  # guard: a time, not an event
        "What was the first date on which China visited Japan after Japan visited China?",  # guard: another order
    ],
)
def test_time_after_which_guards(question: str) -> None:
    assert time_after_which(question) == question


# -- "After X did Y, on which dates in the rest of 2014 did Z ...?": the year; the anchor says the rest -------------


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "After Ma Ying Jeou hosted Japan, on which dates in the rest of 2014 did North Korea criticize Japan?",
            "After Ma Ying Jeou hosted Japan, on which dates in 2014 did North Korea criticize Japan?",
        ),
        (
            "Following China's visit to Kenya, who praised Kenya during the remainder of 2015?",
            "Following China's visit to Kenya, who praised Kenya during 2015?",
        ),
        (
            "Before Japan hosted Iran, on which days over the rest of the year 2014 did Iran praise Japan?",
            "Before Japan hosted Iran, on which days over 2014 did Iran praise Japan?",
        ),
    ],
)
def test_rest_of_a_year_after_an_anchor(question: str, expected: str) -> None:
    assert rest_of_year(question) == expected


def test_rest_of_a_year_without_an_anchor_is_unchanged() -> None:
    q = "Who praised Kenya in the rest of 2015?"  # guard: no anchor says from when
    assert rest_of_year(q) == q


def test_rest_of_a_year_keeps_the_subject() -> None:
    t = understand(
        "After Ma Ying Jeou hosted Japan, on which dates in the rest of 2014 did North Korea criticize Japan?"
    )
    assert "rest" not in t.relation_phrase
