"""Issue 29 (h35r): relation, entity and clause families of blind sets 44-48 in other wordings. "The first party
that X hosted" and "X's final move to R Y" are positions in time (an ordinal), "the next time X did R Y" has X as
its subject, "a probe into citizens of X" is an act and its target, "urged X to provide policy support" is the
appeal, "X's release of people to Y" names its roles, "10 Downing Street" and "The Hague" are whole names."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole
from tkgrag.question.event_agent import agent_first
from tkgrag.question.graph_linker import named_after_country, variants
from tkgrag.question.grounded import GroundedEntity
from tkgrag.question.grounding import _nominal_roles
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import AnswerKind, Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.sectors import sector_names


@pytest.mark.parametrize(
    ("question", "position"),
    [
        ("In March 2015, who was the first party that Japan hosted?", 1),
        ("Name the first party that travelled on a visit to South Sudan in March 2014.", 1),
        ("Who was the first party the Central Intelligence Agency chose to arrest, detain or charge in 2015?", 1),
        ("Which party was the first party to visit Kenya in 2014?", 1),
        ("Which month saw Greek citizens's final move to appeal to Alexis Tsipras in 2015?", -1),
        ("Which month saw Barack Obama's final move to issue a demand to Benjamin Netanyahu during 2014?", -1),
        ("In which month did the protesters' final move to criticize Kenya come in 2014?", -1),
        ("Which month saw their final move to criticize Kenya in 2014?", -1),
    ],
)
def test_an_order_word_before_party_or_move_is_an_ordinal(question: str, position: int) -> None:
    assert [o.position for o in understand(question).ordinals] == [position]


@pytest.mark.parametrize(
    "question",
    [
        "Which parties met Japan at a third-party venue in 2015?",
        "Who met Japan with a third party present in 2015?",
    ],
)
def test_a_third_party_and_a_bare_final_stay_no_ordinal(question: str) -> None:
    assert not understand(question).ordinals


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        (
            "After Peter O'Neill visited Japan, when was the next time Togo said they wanted to meet or negotiate "
            "with the African Union?",
            "said they wanted to meet or negotiate",
        ),
        (
            "After Vell Orla made a statement about Tomas Hask, when was the next time citizens of Australia "
            "appealed to lawyers in Australia?",
            "appealed",
        ),
        ("When was the next time Japan hosted Barack Obama after Barack Obama visited China?", "hosted"),
        ("Following Japan's visit to China, when was the following occasion Kenya criticized Iran?", "criticized"),
    ],
)
def test_the_next_time_says_no_event_word(question: str, phrase: str) -> None:
    # "time" was the relation phrase's first word, and the actor after it was read as an object
    assert understand(question).relation_phrase == phrase


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("During September 2015, who launched a probe into citizens of Australia?", "citizens of Australia"),
        ("Who opened an inquiry into the police in Kenya in 2014?", "the police in Kenya"),
        ("Who started a probe of citizens of Malaysia in 2014?", "citizens of Malaysia"),
    ],
)
def test_a_probe_into_a_sector_is_the_act_and_its_target(question: str, target: str) -> None:
    texts = [m.text for m in find_mentions(question)]
    assert target in texts
    assert not any(t.startswith(("a probe", "an inquiry")) for t in texts)
    assert "investigate" in relation_phrases(understand(question).relation_phrase)


@pytest.mark.parametrize(
    ("phrase", "canonical"),
    [
        ("urged to provide policy support", "appeal for diplomatic cooperation"),
        ("called on to lend diplomatic backing", "appeal for diplomatic cooperation"),
        ("urged to cooperate diplomatically", "appeal for diplomatic cooperation"),
        ("urged to provide humanitarian aid", "appeal for humanitarian aid"),
        ("asked for economic assistance", "appeal for economic aid"),
        ("appealed to for military aid", "appeal for military aid"),
        ("appealed for assistance", "appeal for aid"),
        ("called for help from", "appeal for aid"),
        ("sought economic aid from", "appeal for economic aid"),
        ("requested aid from", "appeal for aid"),
        ("called for talks with", "appeal to others to meet or negotiate"),
        ("urged to negotiate with", "appeal to others to meet or negotiate"),
        ("appealed for a meeting with", "appeal to others to meet or negotiate"),
        ("asked for intelligence from", "appeal for intelligence"),
        ("asked for information", "appeal for intelligence"),
        ("asked to cooperate economically with", "appeal for economic cooperation"),
        ("appealed for judicial cooperation", "appeal for judicial cooperation"),
        ("called for a ceasefire", "appeal for de-escalation of military engagement"),
        ("asked to mediate", "appeal to engage in or accept mediation"),
        ("urged to settle their dispute", "appeal to others to settle dispute"),
    ],
)
def test_an_appeal_for_a_kind_of_help_is_that_appeal(phrase: str, canonical: str) -> None:
    out = relation_phrases(phrase)
    assert out[1] == canonical
    assert "make an appeal or request" not in out[:2]


@pytest.mark.parametrize(
    "phrase",
    [
        "provided humanitarian aid to",
        "engaged in diplomatic cooperation with",
        "gave policy support to",
        "sent economic assistance to",
        "helped",
        "held talks with",
        "negotiated with",
        "demanded talks with",
        "wanted to meet",
    ],
)
def test_the_help_itself_is_no_appeal(phrase: str) -> None:
    assert not any(c.startswith("appeal for") for c in relation_phrases(phrase))


def _entity(text: str, name: str, role: AnswerRole) -> GroundedEntity:
    start = text.index(name)
    return GroundedEntity(Mention(name, start, start + len(name), MentionKind.NAME), name, name, 2.0, role, "syntax")


@pytest.mark.parametrize(
    ("anchor", "a", "b"),
    [
        (
            "Emmanuel Eweta Uduaghan's release of people to Nigerian citizens",
            "Emmanuel Eweta Uduaghan",
            "Nigerian citizens",
        ),
        (
            "the police in the United States' release of people to citizens of Australia",
            "the police in the United States",
            "citizens of Australia",
        ),
        ("Tomas Hask's release of prisoners to Vell Orla", "Tomas Hask", "Vell Orla"),
        ("Tomas Hask's threats against Vell Orla", "Tomas Hask", "Vell Orla"),
        ("Tomas Hask's statement about Vell Orla", "Tomas Hask", "Vell Orla"),
    ],
)
def test_a_possessive_event_noun_names_its_doer_and_target(anchor: str, a: str, b: str) -> None:
    ents = [_entity(anchor, a, AnswerRole.OBJECT), _entity(anchor, b, AnswerRole.OBJECT)]
    found = _nominal_roles(anchor, ents)
    assert found is not None
    assert (found[0].key, found[1].key, found[2]) == (a, b, False)


def test_a_possessive_noun_with_words_after_the_target_says_no_roles() -> None:
    anchor = "Tomas Hask's statement about Vell Orla and others"
    ents = [_entity(anchor, "Tomas Hask", AnswerRole.OBJECT), _entity(anchor, "Vell Orla", AnswerRole.OBJECT)]
    assert _nominal_roles(anchor, ents) is None


def test_a_house_number_is_part_of_a_streets_name() -> None:
    q = "In which month had protesters in 10 Downing Street last demonstrated against Benjamin Netanyahu?"
    texts = [m.text for m in find_mentions(q)]
    assert "protesters in 10 Downing Street" in texts and "10 Downing Street" in texts
    # a number before any other name stays out of it
    assert "Japan" in [m.text for m in find_mentions("Which of the 3 Japan ministries did Kenya visit?")]


def test_a_capital_the_may_be_the_holders_own_name() -> None:
    hague = next(m for m in find_mentions("Whom did protesters in The Hague visit in 2014?") if m.role)
    forms = variants(hague)
    assert forms.index("Protester (The Hague)") < forms.index("Protester (Hague)")
    police = next(m for m in find_mentions("Whom did the police in the United States arrest?") if m.role)
    assert "Police (United States)" in variants(police)
    assert not any("(the United States)" in v for v in variants(police))


@pytest.mark.parametrize(
    "question",
    [
        "List every day on which Japan hosted Vietnam.",
        "List all the days on which Japan hosted Vietnam.",
        "Give every date when Japan hosted Vietnam.",
        "Name each month in which Japan hosted Vietnam.",
        "Tell me every year in which Japan hosted Vietnam.",
    ],
)
def test_every_day_on_which_asks_for_times(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME
    assert tq.relation_phrase == "hosted"


@pytest.mark.parametrize(
    ("mention", "name", "other"),
    [
        ("Russia", "United Russia", True),
        ("Ukraine", "Our Ukraine", True),
        ("Ireland", "Northern Ireland", True),
        ("Sudan", "South Sudan", True),
        ("Congo", "Democratic Republic of Congo", False),
        ("Russia", "Russia", False),
        ("the United States", "United States", False),
    ],
)
def test_a_country_is_no_party_or_region_named_after_it(mention: str, name: str, other: bool) -> None:
    assert named_after_country(Mention(mention, 0, len(mention), MentionKind.NAME), name) is other


@pytest.mark.parametrize(
    ("question", "role", "sector"),
    [
        (
            "When did Trinidad and Tobago release people to medical personnel in India?",
            "medical personnel in India",
            "Medical Personnel",
        ),
        ("Who visited refugees in Syria in 2014?", "refugees in Syria", "Refugee"),
        ("Who arrested thieves in India in 2014?", "thieves in India", "Thief"),
        ("Who criticized clerics in Iran in 2015?", "clerics in Iran", "Cleric"),
        ("Who praised peacekeepers in Mali in 2015?", "peacekeepers in Mali", "Peacekeeping Troop"),
    ],
)
def test_an_icews_sector_before_in_country_is_a_role(question: str, role: str, sector: str) -> None:
    # before, only the country was a mention: an event of the country itself stood for the sector's
    found = next(m for m in find_mentions(question) if m.text == role)
    assert found.kind is MentionKind.ROLE
    assert sector_names(found.role or "")[0] == sector


@pytest.mark.parametrize("order", ["subsequent", "following", "next"])
def test_an_order_words_time_is_no_part_of_a_sector(order: str) -> None:
    q = f"After Vell Orla condemned Tomas Hask, when was the {order} time citizens of India accused Raja Bhaiya?"
    texts = [m.text for m in find_mentions(q)]
    assert "citizens of India" in texts
    assert not any(t.endswith(f"{order} time citizens of India") for t in texts)
    assert understand(q).relation_phrase == "accused"


@pytest.mark.parametrize(
    "anchor",
    [
        "the release of people to Vell Orla by Tomas Hask",
        "the visit to Vell Orla by Tomas Hask",
        "the release of people to Vell Orla by an Tomas Hask",
        "the criticism of Vell Orla by Tomas Hask",
    ],
)
def test_an_event_noun_with_its_doer_after_by(anchor: str) -> None:
    ents = [_entity(anchor, "Vell Orla", AnswerRole.OBJECT), _entity(anchor, "Tomas Hask", AnswerRole.OBJECT)]
    found = _nominal_roles(anchor, ents)
    assert found is not None
    assert (found[0].key, found[1].key, found[2]) == ("Tomas Hask", "Vell Orla", False)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which month saw the final move by Greek citizens to appeal to Alexis Tsipras in 2015?",
            "Which month saw Greek citizens's final move to appeal to Alexis Tsipras in 2015?",
        ),
        (
            "When was the first attempt by Tomas Hask to negotiate with Vell Orla?",
            "When was Tomas Hask's first attempt to negotiate with Vell Orla?",
        ),
        (
            "Which month saw the most recent step by the police in Kenya to arrest Vell Orla?",
            "Which month saw the police in Kenya's most recent step to arrest Vell Orla?",
        ),
    ],
)
def test_a_move_by_its_actor_is_the_actors_move(question: str, said: str) -> None:
    assert agent_first(question) == said


def test_a_move_by_a_time_stays() -> None:
    q = "Who made the first move by May 2014 to appeal to Vell Orla?"
    assert agent_first(q) == q
