"""Time, scope, order and clause-side readings of blind sets 64-68 (h40t): a nominalised event read with its roles
wherever it stands ("the hosting of X by Y", "the diplomatic cooperation of X with Y", "the sympathy expressed for X by
Y"), a fronted asked time whose anchor ends at the main clause's auxiliary ("In which month after <event> did Y ...?"),
a statement then a question about "that" ("X did R. On what month after that did ...?"), and a window or answer form
said apart from the clause ("Who R X? Only after September 2014.", "Counting only events in 2014, ...", "(Ties: name
them all.)"). Expected values are read off the questions by hand; the guards are neighbouring forms that keep their
reading."""

from __future__ import annotations

import pytest

from tests.unit.question_readings import linked, name_mention
from tkgrag.model import AnswerRole
from tkgrag.question.clause_shapes import nominal_happened
from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.event_agent import agent_first
from tkgrag.question.grounding import _nominal_phrase_roles
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import AnchorRelation, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.scope_said import said_apart, without_form_tail


# -- a statement, then a question about "that" -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Chuck Hagel met the North Atlantic Treaty Organization at a third-party venue. On what month after that "
            "did Chuck Hagel first meet France at a third-party venue?",
            "After Chuck Hagel met the North Atlantic Treaty Organization at a third-party venue, on what month did "
            "Chuck Hagel first meet France at a third-party venue?",
        ),
        (
            "Catherine Ashton expressed intent to cooperate with citizens of Nigeria. When did Catherine Ashton first "
            "meet Iran at a third location after that?",
            "After Catherine Ashton expressed intent to cooperate with citizens of Nigeria, when did Catherine Ashton "
            "first meet Iran at a third location?",
        ),
        (
            "Victor Ponta signaled willingness to meet or negotiate with France. When did Morocco last cut or break "
            "off diplomatic relations with France before that?",
            "Before Victor Ponta signaled willingness to meet or negotiate with France, when did Morocco last cut or "
            "break off diplomatic relations with France?",
        ),
        # guards: a time question that says no order against the statement is left to the other readers
        ("Japan visited China. When did Japan visit Korea?", "Japan visited China. When did Japan visit Korea?"),
        ("Japan visited China. When did that happen?", "Japan visited China. When did that happen?"),
        (
            "Smriti Irani issued a statement about India at least once in 2015; in which month did that happen for the "
            "first time that year?",
            "Smriti Irani issued a statement about India at least once in 2015; in which month did that happen for the "
            "first time that year?",
        ),
        # the forms read before keep their reading
        (
            "Kazakhstan played host to Xi Jinping. Who did so next?",
            "After Kazakhstan played host to Xi Jinping, who did so next?",
        ),
    ],
)
def test_statement_then_question(question: str, expected: str) -> None:
    assert anchor_sentence(question) == expected


def test_statement_then_opener_question() -> None:
    # the opener goes first (``hedges.without_opener``), the statement is then the question's anchor
    tq = understand(
        "Staffan de Mistura negotiated with Nasser Judeh. Anyone know who played host to Staffan de Mistura that "
        "same year?"
    )
    assert [(a.text, a.relation) for a in tq.anchors] == [
        ("Staffan de Mistura negotiated with Nasser Judeh", AnchorRelation.SAME_YEAR)
    ]
    assert tq.relation_phrase == "played host to"


def test_statement_order_is_the_anchor() -> None:
    tq = understand(
        "Malaysia expelled or deported Sikh Militant. On what month after that did Malaysia first criticise or "
        "denounce China?"
    )
    assert [(a.text, a.relation) for a in tq.anchors] == [
        ("Malaysia expelled or deported Sikh Militant", AnchorRelation.AFTER)
    ]
    assert tq.relation_phrase == "criticise or denounce"


# -- a fronted asked time, its nominal anchor, then the main clause ----------------------------------------------
@pytest.mark.parametrize(
    ("question", "anchor", "phrase"),
    [
        (
            "In which months after the hosting of Hun Sen by Laos did Laos cooperate economically with Cambodia?",
            "the hosting of Hun Sen by Laos",
            "cooperate economically",
        ),
        (
            "In which month after the consultation of Joint Chiefs of Staff (Malaysia) by Iran did Iran next mobilise "
            "armed forces against Iraq?",
            "Iran's consultation of Joint Chiefs of Staff (Malaysia)",
            "mobilise armed forces against",
        ),
        (
            "In which month after the diplomatic cooperation of Barack Obama with Raúl Castro did Barack Obama next "
            "express sympathy for Ashraf Ghani Ahmadzai?",
            "the diplomatic cooperation of Barack Obama with Raúl Castro",
            "express sympathy",
        ),
        # guard: a clause-initial anchor still ends at the comma
        (
            "After Laos hosted Hun Sen, in which month did Laos cooperate economically with Cambodia?",
            "Laos hosted Hun Sen",
            "cooperate economically",
        ),
    ],
)
def test_fronted_time_anchor_ends_at_the_auxiliary(question: str, anchor: str, phrase: str) -> None:
    tq = understand(question)
    assert [(a.text, a.relation) for a in tq.anchors] == [(anchor, AnchorRelation.AFTER)]
    assert tq.relation_phrase == phrase


def test_agent_ends_at_the_main_auxiliary() -> None:
    assert agent_first("In which month after the consultation of X Land by Iran did Iran next visit Iraq?") == (
        "In which month after Iran's consultation of X Land did Iran next visit Iraq?"
    )
    # guard: the agent at the end of the question, as before
    assert agent_first("When did the visit to Kuwait by Philip Hammond take place?") == (
        "When did Philip Hammond's visit to Kuwait take place?"
    )


# -- the asked event as a noun phrase ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "first", "second", "expected"),
    [
        (
            "What was the date of the earliest instance in 2014 of the hosting of Barack Obama by Malaysia?",
            "Barack Obama",
            "Malaysia",
            [AnswerRole.OBJECT, AnswerRole.SUBJECT],
        ),
        (
            "What was the date of the earliest instance in 2015 of the diplomatic cooperation of South Sudan with "
            "Sudan?",
            "South Sudan",
            "Sudan",
            [AnswerRole.SUBJECT, AnswerRole.OBJECT],
        ),
        (
            "What was the date of the latest instance in 2014 of the small-arms fighting against citizens of Germany "
            "by the police in the United States?",
            "citizens of Germany",
            "the police in the United States",
            [AnswerRole.OBJECT, AnswerRole.SUBJECT],
        ),
        (
            "On what date in 2014 did the declared willingness of John Kerry to cooperate with Mohammad Javad Zarif "
            "take place?",
            "John Kerry",
            "Mohammad Javad Zarif",
            [AnswerRole.SUBJECT, AnswerRole.OBJECT],
        ),
        # a joint act says no direction: left to the caller (both objects)
        (
            "When was the meeting of Japan and China?",
            "Japan",
            "China",
            None,
        ),
    ],
)
def test_nominal_phrase_roles(text: str, first: str, second: str, expected: list[AnswerRole] | None) -> None:
    a, b = linked(text, first), linked(text, second, last=True)
    assert _nominal_phrase_roles(text, a, b) == expected


def test_verbal_noun_of_against() -> None:
    from tkgrag.question.grounded import GroundedEntity
    from tkgrag.question.grounding import _nominal_roles

    text = "the small-arms fighting of Yemen against Saudi Arabian Defence Forces"
    ents = [
        GroundedEntity(name_mention(text, n), n, n, 3.0, AnswerRole.OBJECT)
        for n in ("Yemen", "Saudi Arabian Defence Forces")
    ]
    read = _nominal_roles(text, ents)
    assert read is not None and (read[0].key, read[1].key, read[2]) == ("Yemen", "Saudi Arabian Defence Forces", False)


def test_event_noun_of_is_no_role() -> None:
    text = "What was the date of the earliest instance in 2014 of the hosting of Barack Obama by Malaysia?"
    assert [(m.text, m.kind) for m in find_mentions(text)] == [
        ("Barack Obama", MentionKind.NAME),
        ("Malaysia", MentionKind.NAME),
    ]
    assert understand(text).relation_phrase == "hosting"
    assert (
        understand("In the same month as the stated wish of China to meet Japan, who visited Iran?")
        .anchors[0]
        .mentions[0]
        .kind
        is MentionKind.NAME
    )
    # guards: the nouns of a body stay roles
    assert next(m.kind for m in find_mentions("Who did the delegation of Japan visit?")) is MentionKind.ROLE
    assert next(m.kind for m in find_mentions("Who did the administration of Barack Obama criticise?")) is (
        MentionKind.ROLE
    )


def test_nominal_by_happened() -> None:
    assert nominal_happened(
        "On what date in 2015 did the sympathy expressed for citizens of Nigeria by the head of government of "
        "Nigeria take place?"
    ) == ("On what date in 2015 did the head of government of Nigeria express sympathy for citizens of Nigeria?")
    # guard: the doer before the light verb, as before
    assert nominal_happened("In 2015, during which month did the praise Raúl Castro gave Japan take place?") == (
        "In 2015, during which month did Raúl Castro give praise to Japan?"
    )


# -- a window or form said apart --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Who accused Poland of human rights abuses? Just 2014-10-24, please.",
            "Who accused Poland of human rights abuses on 2014-10-24?",
        ),
        (
            "Who used unconventional violence against armed rebels in Syria? Only after September 2014.",
            "Who used unconventional violence against armed rebels in Syria after September 2014?",
        ),
        (
            "Who did children in Zimbabwe threaten? I'm asking about November 2015.",
            "Who did children in Zimbabwe threaten in November 2015?",
        ),
        (
            "Who staged a demonstration against France? Only in 2015 before 22 February.",
            "Who staged a demonstration against France in 2015 before 22 February?",
        ),
        (
            "Name everyone who consulted Angela Merkel, counting only that single day, 2014-10-30.",
            "Name everyone who consulted Angela Merkel on 2014-10-30.",
        ),
        (
            "Counting only events in 2014, whom did Arsen Avakov give an ultimatum last?",
            "In 2014, whom did Arsen Avakov give an ultimatum last?",
        ),
        (
            "Looking only in 2015, when did Sudan last engage in diplomatic cooperation with Ethiopia?",
            "In 2015, when did Sudan last engage in diplomatic cooperation with Ethiopia?",
        ),
        (
            "Over the course of the month of June 2014, which actors rioted against the police in Hong Kong?",
            "In June 2014, which actors rioted against the police in Hong Kong?",
        ),
        (
            "2014: in what month did India's head of government visit China? (all if several)",
            "In 2014, in what month did India's head of government visit China?",
        ),
        (
            "2015, before Japan consulted Mexico: who signed a formal agreement with Laos?",
            "In 2015, before Japan consulted Mexico, who signed a formal agreement with Laos?",
        ),
        (
            "Of all the actors that consulted X in 2015, which did so earliest? (Ties: name them all.)",
            "Of all the actors that consulted X in 2015, which did so earliest?",
        ),
        (
            "Over the whole of 2014, who expelled Shrien Dewani? I need the complete list.",
            "Over the whole of 2014, who expelled Shrien Dewani?",
        ),
        (
            "when did Malaysia first host Barack Obama during 2014? exact date",
            "when did Malaysia first host Barack Obama during 2014?",
        ),
        (
            "Once Cambodia praised Sheikh Hasina Wajed, who then hosted Sheikh Hasina Wajed? (any time after)",
            "Once Cambodia praised Sheikh Hasina Wajed, who then hosted Sheikh Hasina Wajed?",
        ),
        (
            "In 2014, up to the day before Ireland provided economic aid to the IMF, whom did the IMF make a demand "
            "of?",
            "In 2014, before Ireland provided economic aid to the IMF, whom did the IMF make a demand of?",
        ),
        (
            "After Benjamin Netanyahu expressed agreement with John Kerry (on June 5, 2014), whom did Benjamin "
            "Netanyahu go on to impose sanctions on?",
            "After Benjamin Netanyahu expressed agreement with John Kerry on June 5, 2014, whom did Benjamin Netanyahu "
            "go on to impose sanctions on?",
        ),
        # guards: what is no time read whole is left as written
        ("Who accused Poland? Just the police, please.", "Who accused Poland? Just the police, please."),
        (
            "Counting only events with Japan, who visited China?",
            "Counting only events with Japan, who visited China?",
        ),
        ("Who visited China in 2014?", "Who visited China in 2014?"),
    ],
)
def test_said_apart(question: str, expected: str) -> None:
    assert said_apart(without_form_tail(question)) == expected  # the parser drops a form tail first
