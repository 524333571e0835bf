"""Issue 29 item 3 (h40r): forms of the held-out sets 64-68 the reader misread or left unread. An opener wrapping a
wh-question ("Any idea who ..."), the agent of "X faced Y from Z", a pledge of aid (an intent, not the aid), a
declared ceasefire, a "formal agreement" said as a noun, a question that is only "Date of ...?", a comma after
"Which actor", "a change of leadership" (no sector), "the target of a complaint by citizens of X", "Against whom",
"armed gangs". Expected readings are read off the questions by hand; each case was misread on
main before this change, and the guards beside them keep their neighbours' readings."""

from __future__ import annotations

import pytest

from tests.unit.question_readings import roles
from tkgrag.model import AnswerRole
from tkgrag.question import AnswerKind, understand
from tkgrag.question.hedges import without_opener
from tkgrag.question.relation_phrases import relation_phrases, stated_intent
from tkgrag.temporal import Granularity

# --- an opener that wraps the wh-question --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Any idea who Vasundhara Raje investigated during May 2014?",
            "Who Vasundhara Raje investigated during May 2014?",
        ),
        ("Anyone know who visited Japan in 2014?", "Who visited Japan in 2014?"),
        ("Does anyone know when Iran hosted Qatar?", "When Iran hosted Qatar?"),
        ("Do you happen to know which country Japan praised?", "Which country Japan praised?"),
        ("I wonder who China accused in 2015.", "Who China accused in 2015."),
        ("I was wondering, who did China accuse in 2015?", "Who did China accuse in 2015?"),
        ("Can you tell me whom Kenya threatened in 2014?", "Whom Kenya threatened in 2014?"),
        ("Got any idea with whom France negotiated?", "With whom France negotiated?"),
        ("Any clue against whom Russia used force?", "Against whom Russia used force?"),
        (
            "Aleksandre Chikaidze consulted with Gideon Sa'ar. Anyone know who expressed intent to cooperate with "
            "Gideon Sa'ar that same year?",
            "Aleksandre Chikaidze consulted with Gideon Sa'ar. Who expressed intent to cooperate with Gideon Sa'ar "
            "that same year?",
        ),
    ],
)
def test_an_opener_is_taken_off_its_question(question: str, said: str) -> None:
    assert without_opener(question) == said


@pytest.mark.parametrize(
    "question",
    [
        "I wonder whether Japan visited China in 2014.",  # a yes/no question: no wh-word follows
        "Who had any idea who visited Japan?",  # the opener words inside a clause
        "Does anyone know if Iran hosted Qatar?",
        "Who did Japan first praise in 2014?",
    ],
)
def test_no_opener_is_left_as_written(question: str) -> None:
    assert without_opener(question) == question


@pytest.mark.parametrize(
    ("question", "entities", "answer", "phrase"),
    [
        (
            "Any idea who Vasundhara Raje investigated during May 2014?",
            {"Vasundhara Raje": AnswerRole.SUBJECT},
            AnswerRole.OBJECT,
            "investigated",
        ),
        (
            "Any idea who France carried out air strikes on in September 2015?",
            {"France": AnswerRole.SUBJECT},
            AnswerRole.OBJECT,
            "carried out air strikes",
        ),
        (
            "Does anyone know who criticized Iran in May 2014?",
            {"Iran": AnswerRole.OBJECT},
            AnswerRole.SUBJECT,
            "criticized",
        ),
    ],
)
def test_the_wrapped_question_keeps_its_roles(
    question: str, entities: dict[str, AnswerRole], answer: AnswerRole, phrase: str
) -> None:
    assert roles(question) == (entities, answer)
    assert understand(question).relation_phrase == phrase


# --- "X faced Y from Z": Z did it ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "entities"),
    [
        (
            "Who faced accusations from China during the month in which China hosted citizens of the United Kingdom?",
            {"China": AnswerRole.SUBJECT},
        ),
        (
            "Who faced demands from citizens of Botswana during the month in which citizens of Botswana made "
            "pessimistic remarks about members of parliament in Botswana?",
            {"citizens of Botswana": AnswerRole.SUBJECT},
        ),
        ("Who suffered attacks by Boko Haram in 2014?", {"Boko Haram": AnswerRole.SUBJECT}),
        ("Who endured strong criticism from Japan in 2015?", {"Japan": AnswerRole.SUBJECT}),
    ],
)
def test_the_agent_of_a_faced_act(question: str, entities: dict[str, AnswerRole]) -> None:
    got, answer = roles(question)
    assert {k: got[k] for k in entities} == entities
    assert answer is AnswerRole.OBJECT


@pytest.mark.parametrize(
    ("question", "entities", "answer"),
    [
        # the act is the faced actor's own: no agent after it
        ("Who did Japan face in 2014?", {"Japan": AnswerRole.SUBJECT}, AnswerRole.OBJECT),
        # a "from" past a time belongs to another clause
        (
            "Who faced accusations in 2014 from which Japan recovered?",
            {"Japan": AnswerRole.OBJECT},
            AnswerRole.SUBJECT,
        ),
        # the received act, read before this change
        ("Who received threats from Iran in 2015?", {"Iran": AnswerRole.SUBJECT}, AnswerRole.OBJECT),
    ],
)
def test_faced_without_an_agent_keeps_its_reading(
    question: str, entities: dict[str, AnswerRole], answer: AnswerRole
) -> None:
    assert roles(question) == (entities, answer)


# --- a pledge or promise of aid is the intent to give it ------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "intent"),
    [
        ("pledged military aid", "express intent to provide military aid"),
        ("promised military aid to", "express intent to provide military aid"),
        ("pledge humanitarian aid to", "express intent to provide humanitarian aid"),
        ("vowed economic assistance to", "express intent to provide economic aid"),
        ("offered military help", "express intent to provide military aid"),
    ],
)
def test_a_pledge_of_aid_is_an_intent(phrase: str, intent: str) -> None:
    assert stated_intent(phrase)
    assert intent in relation_phrases(phrase)
    assert relation_phrases(phrase)[-1].startswith("express intent to")


@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("provided military aid", ["provided military aid", "provide military aid"]),
        ("gave military aid to", ["gave military aid to", "provide military aid"]),
        (
            "pledged support to",
            [
                "pledged support to",
                "express intent to support to",
                "express intent to engage in diplomatic cooperation",
            ],
        ),
    ],
)
def test_given_aid_and_pledged_support_keep_their_readings(phrase: str, act: list[str]) -> None:
    assert relation_phrases(phrase) == act


# --- a declared ceasefire, a formal agreement said as a noun ---------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("declared a ceasefire with", "declare truce, ceasefire"),
        ("announced a unilateral truce with", "declare truce, ceasefire"),
        ("called for a ceasefire", "appeal for de-escalation of military engagement"),  # the call: an appeal
        ("declared", "make statement"),
        ("formal agreement", "sign formal agreement"),
        ("formal agreement with came", "sign formal agreement"),
        ("expressed agreement with", "express accord"),
        ("agreed with", "express accord"),
    ],
)
def test_declared_ceasefire_and_formal_agreement(phrase: str, act: str) -> None:
    assert relation_phrases(phrase)[1] == act


# --- "Date of X's first Y?": the asked time alone -----------------------------------------------------------------


def test_a_question_that_is_only_the_asked_time() -> None:
    tq = understand("Date of Iran's first formal agreement with Kuwait in 2014?")
    assert (tq.answer_type.kind, tq.answer_type.granularity) == (AnswerKind.TIME, Granularity.DAY)
    assert tq.relation_phrase == "formal agreement"
    assert [o.position for o in tq.ordinals] == [1]
    month = understand("Month when Iran signed a formal agreement with Kuwait?")
    assert (month.answer_type.kind, month.answer_type.granularity) == (AnswerKind.TIME, Granularity.MONTH)


@pytest.mark.parametrize(
    "question",
    [
        "Date of the visit: who visited Japan on 2014-05-01?",  # a question word asks for an actor
        "Day of the Dead in Mexico",  # no question mark: no question
    ],
)
def test_the_time_noun_before_a_question_word_asks_no_time(question: str) -> None:
    assert understand(question).answer_type.kind is AnswerKind.ENTITY


# --- "Which actor, in 2014, was ...": the asking clause says no event ------------------------------------------------


def test_which_actor_before_a_comma_is_no_event() -> None:
    tq = understand("Which actor, in 2014, was the last to yield to Klaus Johannis?")
    assert tq.relation_phrase == "yield"
    assert roles("Which actor, in 2014, was the last to yield to Klaus Johannis?") == (
        {"Klaus Johannis": AnswerRole.OBJECT},
        AnswerRole.SUBJECT,
    )
    assert understand("Which country, in 2014, visited Japan first?").relation_phrase == "visited"


# --- mentions ----------------------------------------------------------------------------------------------------


def _mentions(question: str) -> list[tuple[str, str | None]]:
    return [(m.text, m.role) for m in understand(question).mentions]


def test_a_change_of_leadership_is_no_sector() -> None:
    q = "On August 27, 2014, which actors demanded a change of leadership in Pakistan's head of government?"
    assert _mentions(q) == [
        ("Pakistan's head of government", "head of government"),
        ("Pakistan's head", "head"),
        ("Pakistan", None),
    ]
    assert understand(q).relation_phrase == "demanded a change of leadership"
    assert relation_phrases("demanded a change of leadership")[1] == "demand change in leadership"
    # guard: the leadership of a country as the object keeps its sector
    assert ("the leadership in Pakistan", "leadership") in _mentions("Who visited the leadership in Pakistan?")


def test_the_agent_of_a_complaint_is_no_role() -> None:
    q = (
        "Who was the target of an official complaint by citizens of India during the month in which citizens of "
        "India fought Shiv Sena with small arms and light weapons?"
    )
    assert _mentions(q)[:2] == [("citizens of India", "citizens"), ("India", None)]
    assert understand(q).relation_phrase == "target of an official complaint"
    got, answer = roles(q)
    assert (got["citizens of India"], answer) == (AnswerRole.SUBJECT, AnswerRole.OBJECT)


def test_against_whom_names_no_one() -> None:
    q = "Against whom did the UAE Armed Forces last use conventional military force in the year 2015?"
    assert _mentions(q) == [("UAE Armed Forces", None)]
    assert roles(q) == ({"UAE Armed Forces": AnswerRole.SUBJECT}, AnswerRole.OBJECT)


def test_armed_gangs_are_one_sector() -> None:
    q = "Who did Japan first praise after armed gangs in Lebanon used unconventional violence against Iran?"
    assert ("armed gangs in Lebanon", "armed gangs") in _mentions(q)
    assert ("gangs in Lebanon", "gangs") in _mentions("Who did Japan praise after gangs in Lebanon attacked Iran?")
