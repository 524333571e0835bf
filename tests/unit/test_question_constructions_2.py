"""Constructions of another writer's phrasing set (issue 29, h29c): a main clause that only repeats the anchor's event
("who else did so", "who had last done so"), a sector said without "the", a surname that is a month, cooperation
paraphrases, a passive agent asked after a fronted anchor, and event nouns after a possessive. Each case failed before
its fix."""

from __future__ import annotations

import pytest

from tkgrag.question.model import MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases, stated_intent
from tkgrag.question.roles import is_passive


@pytest.mark.parametrize(
    "question",
    [
        "In the same month that Julie Bishop criticised China, who else did so?",
        "On the same day that Tony Tan expressed willingness to hold talks with Thailand, who else did so?",
        "Just before Kuwait concluded an agreement with the Comoros, who had last done so?",
        "Right after Iran hosted Kenya, who did the same?",
        "Before Obama visited China, who followed suit?",
        "On the very day Wendy Sherman lashed out at China, who else did likewise?",
        "Right after Iran pleaded with the government of South Africa, who was the next to do so?",
        "Once Iran had visited Kenya, who was the first to follow suit?",
        "Who did the same thing on the day Iran visited Kenya?",
        "Who else did it in the month when Iran visited Kenya?",
        "In the month Iran visited Kenya, who did that too?",
    ],
)
def test_a_pro_form_main_clause_repeats_the_anchor(question: str) -> None:
    tq = understand(question)
    assert tq.pro_form
    assert set(tq.relation_phrase.split()) <= {"followed", "follow", "suit", "likewise", "next", "thing", "too"}
    assert len(tq.anchors) == 1 and tq.anchors[0].text  # the anchor keeps its own event


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China after Obama did?",  # the anchor is elliptical, the main clause has the verb
        "Who else visited China in the same month as Obama?",
        "Who did so?",  # no anchor to repeat
        "Who visited China next?",
        "Who did Iran visit in the month when Kenya did it?",  # the anchor is the elliptical one
        "In the month when X visited Y, whom did X praise?",
    ],
)
def test_no_pro_form_where_the_main_clause_has_its_own_verb_or_no_anchor(question: str) -> None:
    assert not understand(question).pro_form


@pytest.mark.parametrize(
    ("question", "role_mention", "role"),
    [
        ("In which month did Tanzania last put a request to citizens of Tanzania?", "citizens of Tanzania", "citizens"),
        (
            "What was the earliest month of 2015 in which Al Jazeera issued a statement about armed rebels in Yemen?",
            "armed rebels in Yemen",
            "armed rebels",
        ),
        (
            "Who initially opened an inquiry into citizens of the United Arab Emirates in September 2014?",
            "citizens of the United Arab Emirates",
            "citizens",
        ),
    ],
)
def test_a_sector_without_the_before_its_country(question: str, role_mention: str, role: str) -> None:
    roles = [(m.text, m.role) for m in understand(question).mentions if m.kind is MentionKind.ROLE]
    assert (role_mention, role) in roles


def test_a_verb_before_of_is_not_a_sector() -> None:
    # only the words that are a sector phrase of the lexicon: not "visited officials", not "criticised"
    roles = [m.text for m in understand("Who criticised Kenya after Iran?").mentions if m.kind is MentionKind.ROLE]
    assert roles == []
    roles = [m.text for m in understand("Who visited officials of Iran?").mentions if m.kind is MentionKind.ROLE]
    assert roles == ["officials of Iran"]


def test_a_surname_that_is_a_month_is_no_time() -> None:
    tq = understand("Who initially made demands of Theresa May in December 2014?")
    assert [t.text for t in tq.times] == ["December 2014"]
    assert "Theresa May" in [m.text for m in tq.mentions]
    # a month after a function word is still a month (not on the calendar without a year)
    assert [t.text for t in understand("In May, who visited Iran?").times] == ["May"]


@pytest.mark.parametrize(
    ("phrase", "paraphrase"),
    [
        ("worked with on the diplomatic front", "engage in diplomatic cooperation"),
        ("cooperated diplomatically with", "engage in diplomatic cooperation"),
        ("sought diplomatic support from", "appeal for diplomatic cooperation"),
        ("voiced a wish to work together with", "express intent to cooperate"),
        ("held talks with", "engage in negotiation"),
    ],
)
def test_cooperation_paraphrases(phrase: str, paraphrase: str) -> None:
    assert paraphrase in relation_phrases(phrase)


def test_seeking_a_thing_is_no_intent_but_seeking_to_act_is() -> None:
    assert not stated_intent("sought diplomatic support from")
    assert stated_intent("sought to meet with")
    assert stated_intent("voiced a wish to work together with")


def test_held_talks_keeps_consult_first() -> None:
    assert relation_phrases("held talks with")[1:] == ["consult", "engage in negotiation"]


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        (
            "On the day the head of government of Qatar was endorsed by Qatar, by whom else was the head of "
            "government of Qatar endorsed?",
            "endorsed?",
        ),
        ("In the month Amit Shah was rebuffed by Shiv Sena, by whom else was Amit Shah rebuffed?", "rebuffed?"),
    ],
)
def test_by_whom_after_a_fronted_anchor_is_passive(question: str, verb: str) -> None:
    assert is_passive(question, question.rindex(verb))


def test_by_whom_up_front_stays_passive() -> None:
    q = "By whom, in 2014, was Iran praised?"
    assert is_passive(q, q.index("praised"))


def test_an_event_noun_after_a_possessive_is_no_role() -> None:
    tq = understand("the Shura Council's endorsement of Iran")
    assert [m.text for m in tq.mentions if m.kind is MentionKind.ROLE] == []
    assert tq.relation_phrase == "endorsement"


def test_an_ordinal_before_to_is_no_role() -> None:
    # "the earliest to make demands of X": not a role "earliest to make demands" held by X
    tq = understand("In December 2014, who was the earliest to make demands of Theresa May?")
    assert [m.kind for m in tq.mentions] == [MentionKind.NAME]
    assert tq.relation_phrase == "make demands"


def test_that_month_at_the_end_is_a_bare_same_period_anchor() -> None:
    tq = understand("Who, apart from Shiv Sena, rebuffed Amit Shah during that month?")
    assert [(a.text, a.relation.value) for a in tq.anchors] == [("", "same-month")]
    # with a stated time, "that month" is that time, no anchor
    assert understand("In September 2014, who rebuffed Amit Shah, and who else did that month?").anchors == ()


def test_a_noun_phrase_anchor_with_an_event_is_repeated_by_a_pro_form() -> None:
    q = "Prior to Ryoo Kihl-jae signalling readiness to meet the people of South Korea, who had last done so?"
    assert understand(q).pro_form
    assert understand("After Angola's deal with South Korea, who else did so?").pro_form
    assert not understand("After Angola, who else did so?").pro_form  # a name alone: no event to repeat


def test_intent_verbs_in_the_ing_form_and_a_deal_alone() -> None:
    assert stated_intent("signalling readiness to meet")
    assert stated_intent("voicing a wish to cooperate with")
    assert "sign formal agreement" in relation_phrases("deal")


def test_a_sector_through_a_possessive_pronoun() -> None:
    # "its citizens": the citizens of the name said before (ICEWS's Citizen (Tanzania)); not "its neighbours"
    tq = understand("Which month did Tanzania put a request to its citizens for the last time?")
    assert [(m.text, m.role, m.holder) for m in tq.mentions if m.kind is MentionKind.ROLE] == [
        ("its citizens", "citizens", "Tanzania")
    ]
    tq = understand("When did Iran arrest its own police officers?")
    assert [(m.role, m.holder) for m in tq.mentions if m.kind is MentionKind.ROLE] == [("police officers", "Iran")]
    assert [
        m for m in understand("Which month did Kenya visit its neighbours?").mentions if m.kind is MentionKind.ROLE
    ] == []


def test_the_week_an_actor_did_is_an_anchor_not_a_second_entity() -> None:
    # the anchor event's calendar week, Monday to Sunday (h29s; was its day), never the question without a time
    tq = understand("Who else criticised China in the week Julie Bishop did?")
    assert [(a.text, a.relation.value, a.elliptical) for a in tq.anchors] == [("Julie Bishop did", "same-week", True)]


@pytest.mark.parametrize(
    ("question", "anchors"),
    [
        (
            "Who was first to threaten North Korea once the people of South Korea had done so?",
            [("the people of South Korea had done so", "after")],
        ),
        ("Who did Iran visit once it had signed a deal with Kenya?", [("it had signed a deal with Kenya", "after")]),
        ("Who visited Iran once again in 2014?", []),
        ("Who visited Iran once?", []),
    ],
)
def test_once_before_a_clause_is_an_after_anchor(question: str, anchors: list[tuple[str, str]]) -> None:
    assert [(a.text, a.relation.value) for a in understand(question).anchors] == anchors


def test_a_plural_possessive_opens_a_name() -> None:
    # "People's Redemption Party" is one name (it was "Redemption Party", "People's" left in the relation phrase);
    # "Iran's Foreign Ministry" stays Iran's ministry
    q = "Once People's Redemption Party had condemned the citizens of Nigeria, who was the first to follow suit?"
    tq = understand(q)
    assert "People's Redemption Party" in [m.text for m in tq.mentions]
    assert tq.pro_form
    names = [m.text for m in understand("Whom did Iran's Foreign Ministry criticise?").mentions]
    assert "Iran" in names and "Foreign Ministry" in names
