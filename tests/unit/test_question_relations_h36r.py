"""Relation, entity, clause and operator families of blind sets 49-53 (h36r): "held talks" named by two CAMEO acts,
the passive of "offer to meet", violence words, meeting "somewhere other than either's home", nominal main clauses
("the first instance of X's accusation against Y", "the aid to Y by X"), nominal anchors ("the statement of X about
Y", "the demand X made of Y"), "at the hands of", the anchor's own actor in an equal_multi question, and a sector's
name chosen by its events with the question's other entity."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole, Evidence, ReadPlan
from tkgrag.question import understand
from tkgrag.question.grounded import GroundedEntity
from tkgrag.question.grounding import _nominal_main_roles, _nominal_roles, sector_mentions
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relation_phrases import either_acts, relation_phrases
from tkgrag.question.roles import is_passive, syntactic_role, verb_position
from tkgrag.readers.operators import apply_plan
from tkgrag.temporal import TimeSpan

# -- relation words ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "paraphrase"),
    [
        # the passive of "offer to meet": the offer is ICEWS's intent, its giver the "by" phrase (set 49: 4 questions)
        ("was offered a meeting or negotiations by", "express intent to meet or negotiate"),
        ("offered a meeting to", "express intent to meet or negotiate"),
        ("was offered negotiations by", "express intent to meet or negotiate"),
        ("received an offer of talks from", "express intent to meet or negotiate"),
        ("was given an offer of negotiations by", "express intent to meet or negotiate"),
        ("got a pledge of diplomatic support from", "express intent to engage in diplomatic cooperation"),
        # "carried out violent acts against": Use_unconventional_violence (every writer of sets 14-53)
        ("carried out violent acts against", "use unconventional violence"),
        ("committed violence against", "use unconventional violence"),
        ("carried out acts of violence against", "use unconventional violence"),
        ("used violence against", "use unconventional violence"),
        # a meeting away from either side's home is ICEWS's Meet_at_a_'third'_location, not Consult
        ("meet with somewhere other than either's home", "meet at a third location"),
        ("met somewhere other than their home countries", "meet at a third location"),
        ("met away from both their home countries", "meet at a third location"),
        # the words the possessive actor left before the event noun
        ("instance of the 's offer of diplomatic cooperation", "express intent to engage in diplomatic cooperation"),
    ],
)
def test_relation_words_of_sets_49_53(phrase: str, paraphrase: str) -> None:
    assert paraphrase in relation_phrases(phrase)


@pytest.mark.parametrize(
    ("phrase", "not_meant"),
    [
        ("was offered a meeting or negotiations by", "consult"),
        ("met somewhere other than either's home", "consult"),
        ("protested violently against", "use unconventional violence"),  # guard: a violent protest
        ("sexual violence against", "use unconventional violence"),  # guard: a sexual assault
        ("used military force against", "use unconventional violence"),  # guard: conventional force
    ],
)
def test_relation_words_not_meant(phrase: str, not_meant: str) -> None:
    assert not_meant not in relation_phrases(phrase)[1:2]


@pytest.mark.parametrize(
    "phrase", ["held talks with", "had talks with", "sat down for talks with", "drawn into talks by"]
)
def test_held_talks_names_consult_and_negotiation_equally(phrase: str) -> None:
    # sets 15-52 wrote it for Consult, set 53 (and older sets' gold) for Engage_in_negotiation: the reader answers
    # only where both give the same answer
    assert either_acts(phrase) == ("consult", "engage in negotiation")
    assert relation_phrases(phrase)[1:] == ["consult", "engage in negotiation"]


@pytest.mark.parametrize(
    "phrase", ["held negotiations with", "consulted", "held consultations with", "conferred with", "talked with"]
)
def test_a_phrase_that_says_which_names_one_act(phrase: str) -> None:
    assert either_acts(phrase) == ()


# -- nominal main clauses ---------------------------------------------------------------------------------------


def _m(text: str, name: str) -> Mention:
    start = text.index(name)
    return Mention(name, start, start + len(name), MentionKind.NAME)


def test_main_nominal_roles_read_the_new_forms() -> None:
    for text, doer, target in [
        ("Which month in 2015 saw the first instance of Australian citizens' accusation against Rio Tinto?",
         "Australian citizens", "Rio Tinto"),
        ("Give me the exact day in 2014 when the humanitarian aid to Vietnam by officials in Vietnam took place.",
         "officials in Vietnam", "Vietnam"),
        ("When was the earliest accusation by Australian citizens against Rio Tinto in 2015?", "Australian citizens",
         "Rio Tinto"),
    ]:  # fmt: skip
        assert _nominal_main_roles(text, _m(text, doer), _m(text, target)) == [AnswerRole.SUBJECT, AnswerRole.OBJECT]
        assert _nominal_main_roles(text, _m(text, target), _m(text, doer)) == [AnswerRole.OBJECT, AnswerRole.SUBJECT]


# -- nominal anchors ------------------------------------------------------------------------------------------------


def _ge(text: str, name: str, key: str) -> GroundedEntity:
    return GroundedEntity(_m(text, name), key, name, 2.0, AnswerRole.OBJECT)


@pytest.mark.parametrize(
    ("text", "a", "b", "either"),
    [
        (
            "the statement of journalists in Australia about Andrew Robb",
            "journalists in Australia",
            "Andrew Robb",
            False,
        ),
        ("the remarks of officials in Switzerland on Preneet Kaur", "officials in Switzerland", "Preneet Kaur", False),
        ("the accusations of Iran against Israel", "Iran", "Israel", False),
        ("the demand Boko Haram made of citizens of Nigeria", "Boko Haram", "citizens of Nigeria", False),
        ("the request Iran put to Oman", "Iran", "Oman", False),
        ("the signing of a formal agreement between Comoros and Kuwait (but still", "Comoros", "Kuwait", True),
    ],
)
def test_nominal_anchor_roles_of_sets_49_53(text: str, a: str, b: str, either: bool) -> None:
    roles = _nominal_roles(text, [_ge(text, b, "B"), _ge(text, a, "A")])
    assert roles is not None and (roles[0].key, roles[1].key, roles[2]) == ("A", "B", either)


def test_words_after_a_nominal_anchor_still_leave_roles_unsaid() -> None:
    text = "the statement of Iran about Israel and Oman"
    assert _nominal_roles(text, [_ge(text, "Iran", "A"), _ge(text, "Israel", "B")]) is None


# -- "at the hands of" ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "verb", "agent", "victim"),
    [
        ("Who suffered unconventional violence at the hands of Somali militants during June 2015?", "suffered",
         "Somali militants", None),
        ("When did Iraq face attacks at the hands of Islamic State?", "face", "Islamic State", "Iraq"),
    ],
)  # fmt: skip
def test_at_the_hands_of_names_the_doer(question: str, verb: str, agent: str, victim: str | None) -> None:
    v = verb_position(question, verb)
    assert v is not None and is_passive(question, v)
    assert syntactic_role(question, _m(question, agent), v, passive=True) is AnswerRole.SUBJECT
    if victim is not None:
        assert syntactic_role(question, _m(question, victim), v, passive=True) is AnswerRole.OBJECT


# -- entities -------------------------------------------------------------------------------------------------------


def test_court_judges_is_one_sector() -> None:
    q = (
        "On the same day as court judges in Egypt imposed administrative sanctions on the police in Egypt, who "
        "visited Malaysia?"
    )
    assert "court judges in Egypt" in [m.text for m in understand(q).mentions]


def _link(m: Mention, key: str) -> EntityLink:
    return EntityLink(m, key, key, 3.0)


def test_a_sector_name_is_counted_with_the_other_entity() -> None:
    # "Anders Anundsen's statement on officials in Russia": Government Official (Russia) has statements about it,
    # Anundsen's are about Other Authorities / Officials (Russia); the count asks for the pair's events
    a = Mention("Anders Anundsen", 0, 15, MentionKind.NAME)
    b = Mention("officials in Russia", 30, 49, MentionKind.ROLE, "officials", "Russia")
    links = {
        a: [_link(a, "Anders_Anundsen")],
        b: [_link(b, "Government_Official_(Russia)"), _link(b, "Other_Authorities_(Russia)")],
    }
    linked = [(m, links[m][0]) for m in (a, b)]
    params = sector_mentions(linked, links, [AnswerRole.SUBJECT, AnswerRole.OBJECT], swapped=False)
    assert [(p["i"], p["role"], p["partner"]) for p in params] == [(1, "object", "Anders_Anundsen")]


# -- the anchor's own actor comes after the others ----------------------------------------------------------------


def _ev(key: str, s: str, o: str, t: str) -> Evidence:
    return Evidence.event(key, f"{s} Express {o} {t}", s, "Express", o, TimeSpan.parse(t), 0.5)


def test_later_answers_come_after_every_other() -> None:
    facts = [_ev("e1", "Ashton", "Qatar", "2014-01-16"), _ev("e2", "Ashton", "Qatar", "2014-01-20"),
             _ev("e3", "Cyprus", "Qatar", "2014-01-22")]  # fmt: skip
    plan = ReadPlan(role=AnswerRole.SUBJECT, relation="Express", object="Qatar")
    assert [a.text for a in apply_plan(facts, plan)] == ["Ashton", "Cyprus"]  # more support first
    later = ReadPlan(role=AnswerRole.SUBJECT, relation="Express", object="Qatar", later=frozenset({"Ashton"}))
    assert [a.text for a in apply_plan(facts, later)] == ["Cyprus", "Ashton"]
    # the only answer stays the answer ("Who visited Mayotte in the same month as the visit Comoros paid to Mayotte?")
    assert [a.text for a in apply_plan(facts[:2], later)] == ["Ashton"]


# -- citizens are not their country -------------------------------------------------------------------------------


def test_citizens_of_a_country_the_store_lacks_are_not_the_country() -> None:
    # mtq has no Citizen (Malaysia): "citizens of Malaysia" was read as Malaysia (its events answered)
    from tkgrag.question.link_selection import select_links

    role = Mention("citizens of Malaysia", 12, 32, MentionKind.ROLE, "citizens", "Malaysia")
    name = Mention("Malaysia", 24, 32, MentionKind.NAME)
    got = select_links([role, name], [[_link(role, "Kuala_Lumpur")], [EntityLink(name, "Malaysia", "Malaysia", 3.0)]])
    assert got == [(role, None)]
    # a store with Citizen (Malaysia) links it
    got = select_links(
        [role, name],
        [
            [EntityLink(role, "Citizen_(Malaysia)", "Citizen (Malaysia)", 3.0)],
            [EntityLink(name, "Malaysia", "Malaysia", 3.0)],
        ],
    )
    assert [(m.text, lk.key if lk else None) for m, lk in got] == [("citizens of Malaysia", "Citizen_(Malaysia)")]
    # "Malaysian citizens" linked straight to the country
    demonym = Mention("Malaysian citizens", 12, 30, MentionKind.ROLE, "citizens", "Malaysia")
    assert select_links([demonym], [[EntityLink(demonym, "Malaysia", "Malaysia", 3.0)]]) == [(demonym, None)]


def test_a_country_read_as_its_people_keeps_the_country() -> None:
    # "Laos arrested citizens of Thailand": "Laos" is also read as a citizens mention of its own span (no words)
    from tkgrag.question.link_selection import select_links

    name = Mention("Laos", 20, 24, MentionKind.NAME)
    people = Mention("Laos", 20, 24, MentionKind.ROLE, "citizens", "Laos")
    got = select_links(
        [name, people], [[EntityLink(name, "Laos", "Laos", 3.0)], [EntityLink(people, "Laos", "Laos", 3.0)]]
    )
    assert [(m.kind, lk.key if lk else None) for m, lk in got] == [(MentionKind.NAME, "Laos")]


def test_a_possessive_sector_word_may_be_an_adjective() -> None:
    # "South Korea's public statement on X": "public" is no Citizen sector there; South Korea keeps its link
    from tkgrag.question.link_selection import select_links

    role = Mention("South Korea's public", 0, 20, MentionKind.ROLE, "public", "South Korea")
    name = Mention("South Korea", 0, 11, MentionKind.NAME)
    got = select_links([role, name], [[], [EntityLink(name, "South_Korea", "South Korea", 3.0)]])
    assert [(m.text, lk.key if lk else None) for m, lk in got] == [("South Korea", "South_Korea")]
