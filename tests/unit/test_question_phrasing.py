"""Issue 17, the symbolic reader on real phrasing: the pure parts, one test per category of the issue.

1. descriptive mentions of ICEWS sector actors -> ROLE mentions whose variants hold "Sector (Country)";
2. relation paraphrases -> the CAMEO paraphrase the matcher is also given;
3. date forms and the asked granularity in its wrappers;
4. ordinal forms;
5. entity-named anchors whose actor is a descriptive mention.
Expected values are written by hand from the ICEWS names ("Police (Kenya)") and CAMEO's event names.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tkgrag.model import AnswerRole, Evidence, Order, TemporalConstraint
from tkgrag.question import AnswerKind, MentionKind, understand
from tkgrag.question.graph_linker import variants
from tkgrag.question.grounding import GroundedAnchor, GroundedEntity, GroundedQuestion, _second_in_role
from tkgrag.question.relation_phrases import clean_relation_phrase, relation_phrases, stated_intent
from tkgrag.question.relations import RelationMatch
from tkgrag.question.sectors import country_of, sector_names, sector_phrase_length, singular
from tkgrag.temporal import Granularity, TimeSpan


def role_forms(question: str) -> list[str]:
    """Every "Sector (Country)" form the linker would try for the question's mentions (a ROLE mention, or a name
    opening with a demonym such as "Danish Ministry of Defence")."""
    tq = understand(question)
    return [v for m in tq.mentions for v in variants(m) if v.endswith(")")]


# -- 1. descriptive mentions ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "actor"),
    [
        ("Whom did the Kenyan police arrest in May 2014?", "Police (Kenya)"),
        ("Who visited the Kenyan police?", "Police (Kenya)"),
        ("Who praised Japan's finance ministry in May 2014?", "Treasury/Finance Ministry (Japan)"),
        ("Who criticized the police in Kenya in 2014?", "Police (Kenya)"),
        ("Who praised the police from Kenya?", "Police (Kenya)"),
        ("Who praised the people of Norway?", "Citizen (Norway)"),
        ("Who visited the South Korean prime minister?", "Head of Government (South Korea)"),
        ("Who visited the premier of Chile?", "Head of Government (Chile)"),
        ("Who praised the head of Turkmenistan?", "Head of Government (Turkmenistan)"),
        (
            "Who criticized the United States' cabinet in April 2014?",
            "Cabinet / Council of Ministers / Advisors (United States)",
        ),
        ("Whom did British citizens make an appeal or request to in September 2014?", "Citizen (United Kingdom)"),
        ("Who criticized the Danish Ministry of Defence?", "Defense / Security Ministry (Denmark)"),
        ("Who rejected the Kenyan provincial governor in August 2014?", "Governor (Kenya)"),
        ("Who accused the Indian armed forces?", "Military (India)"),
        ("Who praised India's industry?", "Industry (India)"),
        ("Who met the children of the Philippines?", "Children (Philippines)"),
        ("Who praised the members of parliament of India?", "Member of Parliament (India)"),
    ],
)
def test_descriptive_mentions_reach_the_icews_sector_actor(question: str, actor: str) -> None:
    assert actor in role_forms(question)


def test_sector_lexicon_and_demonyms() -> None:
    assert country_of("Kenyan") == "Kenya"
    assert country_of("Danes") == "Denmark"
    assert country_of("South Korean") == "South Korea"
    assert country_of("Kenya") is None
    assert singular("ministries") == "ministry" and singular("judges") == "judge" and singular("police") == "police"
    assert sector_names("premier")[0] == "Head of Government"
    assert sector_names("protesters")[:2] == ("Protester", "Protesters")  # lexicon, then the phrase as written
    assert sector_phrase_length(["finance", "ministry", "arrest"]) == 2
    assert sector_phrase_length(["police", "arrest"]) == 1
    assert sector_phrase_length(["visited"]) == 0


def test_a_verb_after_a_demonym_is_not_a_sector() -> None:
    tq = understand("Which country did the Japanese visit in 2014?")
    assert not [m for m in tq.mentions if m.kind is MentionKind.ROLE]


# -- 2. relation paraphrases ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phrase", "paraphrase"),
    [
        ("commended", "praise or endorse"),
        ("lauded", "praise or endorse"),
        ("spoke highly of", "praise or endorse"),
        ("spurned", "reject"),
        ("called", "discuss by telephone"),
        ("rang", "discuss by telephone"),
        ("met", "consult"),
        ("had discussions", "consult"),
        ("concluded an accord", "sign formal agreement"),
        ("bargained", "engage in negotiation"),
        ("was upbeat about", "make optimistic comment"),
        ("made optimistic remarks about", "make optimistic comment"),
        ("gave a condemnation to", "criticize or denounce"),
        ("spoke out against", "criticize or denounce"),
        ("took into custody", "arrest, detain, or charge with legal action"),
        ("launched an inquiry into", "investigate"),
        ("pointed the finger at", "accuse"),
        ("signalled readiness to talk", "express intent to meet or negotiate"),
        ("would wish to visit", "express intent to meet or negotiate"),
        ("pledged to work", "express intent to cooperate"),
        ("promised cooperation", "express intent to cooperate"),
    ],
)
def test_relation_paraphrases(phrase: str, paraphrase: str) -> None:
    assert paraphrase in relation_phrases(phrase)


def test_met_at_a_third_location_keeps_its_own_relation() -> None:
    # the phrase as said, then the relation's own name (h30r: "third location" is a CAMEO word), never "consult"
    assert relation_phrases("met at a third location") == ["met at a third location", "meet at a third location"]
    assert not stated_intent("offered condolences")
    assert stated_intent("said it would cooperate")


# -- 3. date forms and asked granularity ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "label"),
    [
        ("Who visited Japan on 27 February 2007?", "2007-02-27"),
        ("Before December 9, 2008, who did Timor-Leste request for?", "2008-12-09"),
        ("Who would wish to visit Ireland in July, the year of 2007?", "2007-07"),
        ("After 2009-12-3, who visited Bolivia?", "2009-12-03"),
        ("After May, 2015, who gave a condemnation to France?", "2015-05"),
        ("Who praised Iran in Aug. 2014?", "2014-08"),
        ("Who praised Iran on the 3rd of March 2014?", "2014-03-03"),
        ("Who praised Iran during the month of March 2014?", "2014-03"),
    ],
)
def test_date_forms(question: str, label: str) -> None:
    assert understand(question).time == TimeSpan.parse(label)


@pytest.mark.parametrize(
    ("question", "granularity"),
    [
        ("What was the exact date when Rajiv Shah visited Guinea?", Granularity.DAY),
        ("Can you tell me the exact date on which Rajiv Shah visited Guinea?", Granularity.DAY),
        ("What day was it when Rajiv Shah visited Guinea?", Granularity.DAY),
        ("I would like to know on what date Rajiv Shah visited Guinea.", Granularity.DAY),
        ("Please tell me the month in which Rajiv Shah visited Guinea.", Granularity.MONTH),
        ("Could you tell me in which month Rajiv Shah visited Guinea?", Granularity.MONTH),
        ("Tell me the year when Rajiv Shah visited Guinea.", Granularity.YEAR),
    ],
)
def test_asked_granularity_in_wrappers_and_the_relation_phrase_without_them(
    question: str, granularity: Granularity
) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is granularity
    assert not tq.anchors  # "when Rajiv Shah visited Guinea" is the asked event, not an anchor
    assert clean_relation_phrase(tq.relation_phrase) == "visited"


# -- 4. ordinal forms -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "position"),
    [
        ("Who visited Oman for the first time?", 1),
        ("Who was the earliest to visit Oman?", 1),
        ("Who initially visited Oman?", 1),
        ("Which country did Bolivia visit last?", -1),
        ("Who most recently visited Oman?", -1),
        ("Who was the latest to visit Oman?", -1),
        ("When was the last time Iran visited Oman?", -1),
        ("Who engaged in negotiation with Royal Administration (Saudi Arabia) first?", 1),
    ],
)
def test_ordinal_forms(question: str, position: int) -> None:
    tq = understand(question)
    assert [o.position for o in tq.ordinals] == [position]
    assert not tq.anchors  # "in negotiation with ... Administration" is not an event-noun anchor


# -- 5. entity-named anchors with a descriptive actor ---------------------------------------------------------
def test_entity_named_anchor_with_a_descriptive_actor() -> None:
    q = "After the children of the Philippines, which country was the first to receive optimistic remarks from Japan?"
    tq = understand(q)
    assert len(tq.anchors) == 1 and tq.anchors[0].text == "the children of the Philippines"
    forms = [v for m in tq.anchors[0].mentions if m.kind is MentionKind.ROLE for v in variants(m)]
    assert "Children (Philippines)" in forms
    tq = understand("Who was the first to visit Oman after the Kenyan police?")
    assert tq.anchors and "Police (Kenya)" in [v for m in tq.anchors[0].mentions for v in variants(m)]


# -- ask --explain and the "graph cannot answer" message ------------------------------------------------------
def _grounded(question: str, relation: str | None, *, unlinked: bool = False) -> GroundedQuestion:
    tq = understand(question)
    togo = next(m for m in tq.mentions if m.text == "Togo")
    entities = () if unlinked else (GroundedEntity(togo, "Togo", "Togo", 3.0, AnswerRole.OBJECT),)
    candidates = (
        RelationMatch("Consult", 0.912, 0.874, 1.0),
        RelationMatch("Make_a_visit", 0.70, 0.6, 0.5),
        RelationMatch("Host_a_visit", 0.61, 0.55, 0.3),
    )
    return GroundedQuestion(
        question=tq,
        entities=entities,
        relation=relation,
        relation_candidates=candidates if relation else (),
        answer_role=AnswerRole.SUBJECT,
        constraint=TemporalConstraint.in_period("2005"),
        order=Order.FIRST,
        unlinked=(togo,) if unlinked else (),
    )


def test_explain_lists_mentions_relation_with_runners_up_constraint_and_order() -> None:
    lines = _grounded("Who was the first to consult Togo in 2005?", "Consult").explain()
    assert lines[0] == 'mention "Togo" [29:33] -> Togo (key Togo, score 3.00, object)'
    assert lines[1] == 'relation: Consult 0.912 (semantic 0.874, lexical 1.000) from "consult"'
    assert lines[2] == "  runners-up: Make_a_visit 0.700; Host_a_visit 0.610"
    assert "answer: subject" in lines
    assert "constraint: during 2005" in lines
    assert lines[-1] == "order: first"


def test_no_events_says_what_the_graph_lacks() -> None:
    g = _grounded("Who was the first to consult Togo in 2005?", "Consult")
    assert g.no_events() == "no events of Togo (object) with relation Consult during 2005 in this graph"
    g = _grounded("Who was the first to consult Togo in 2005?", "Consult", unlinked=True)
    assert g.no_events() == 'no entity of this graph matches "Togo"'


# -- parse completeness vs grounding (round 2) ---------------------------------------------------------------
def _with_anchor(question: str, events: tuple[Evidence, ...] = ()) -> GroundedQuestion:
    """ "after India's industry" read as Industry (India) Express_intent_to_cooperate Japan, with or without its
    event in the graph."""
    tq = understand(question)
    japan = next(m for m in tq.mentions if m.text == "Japan")
    industry = next(m for m in tq.mentions if m.text == "India's industry")
    main = GroundedEntity(japan, "Japan", "Japan", 3.0, AnswerRole.OBJECT)
    actor = GroundedEntity(industry, "Industry_(India)", "Industry (India)", 2.0, AnswerRole.SUBJECT)
    rel = "Express_intent_to_cooperate"
    ga = GroundedAnchor(
        tq.anchors[0], "entity in the answer's role", rel, "Industry_(India)", "Japan", (actor,), events
    )
    return GroundedQuestion(
        question=tq,
        entities=(main,),
        relation=rel,
        relation_candidates=(RelationMatch(rel, 0.9, 0.9, 1.0),),
        answer_role=AnswerRole.SUBJECT,
        anchors=(ga,),
        order=Order.FIRST,
    )


def test_an_anchor_understood_without_its_event_is_parsed_complete_not_grounded() -> None:
    g = _with_anchor("Which country would want to cooperate with Japan first, after India's industry?")
    assert g.understood and not g.complete
    assert g.no_events() == (
        "no event of Industry (India) Express_intent_to_cooperate Japan in this graph "
        '(the anchor "after India\'s industry")'
    )
    lines = g.explain()
    assert (
        "anchor \"after India's industry\" (after): entity in the answer's role; "
        "Industry (India) Express_intent_to_cooperate Japan; -> no such event in this graph"
    ) in lines
    assert (
        '  anchor mention "India\'s industry" [62:78] -> Industry (India) (key Industry_(India), score 2.00, subject)'
    ) in lines


def test_an_anchor_with_its_event_is_grounded() -> None:
    ev = Evidence.event(
        "e1",
        "Industry (India) Express intent to cooperate Japan",
        "Industry_(India)",
        "Express_intent_to_cooperate",
        "Japan",
        TimeSpan.parse("2008-05-02"),
        1.0,
    )
    g = _with_anchor("Which country would want to cooperate with Japan first, after India's industry?", (ev,))
    assert g.understood and g.complete


def test_an_anchor_without_actor_is_not_understood() -> None:
    g = _with_anchor("Which country would want to cooperate with Japan first, after India's industry?")
    bare = replace(g.anchors[0], entities=(), subject=None, relation=None)
    assert not replace(g, anchors=(bare,)).understood


def test_a_time_not_on_the_calendar_is_not_understood() -> None:
    g = _grounded("Who was the first to consult Togo in July?", "Consult")
    assert g.question.times and g.question.times[0].span is None
    assert not g.understood
    assert 'time "in July" [34:41] -> not placed on the calendar' in g.explain()
    g = _grounded("Who was the first to consult Togo in 2005?", "Consult")
    assert g.understood and 'time "in 2005" [34:41] -> 2005 (OVERLAP)' in g.explain()


def test_the_second_entity_in_one_role_is_the_bare_anchors_actor() -> None:
    tq = understand("Who hosted the visit of Abdelkader Messahel to Mauritania in the same year?")
    assert [(a.text, a.relation.value) for a in tq.anchors] == [("", "same-year")]
    by_text = {m.text: m for m in tq.mentions}
    messahel = GroundedEntity(by_text["Abdelkader Messahel"], "Abdelkader_Messahel", "A M", 3.0, AnswerRole.OBJECT)
    mauritania = GroundedEntity(by_text["Mauritania"], "Mauritania", "Mauritania", 3.0, AnswerRole.OBJECT)
    assert _second_in_role([mauritania, messahel]) == mauritania
    assert _second_in_role([messahel, replace(mauritania, role=AnswerRole.SUBJECT)]) is None
    assert _second_in_role([messahel, replace(mauritania, key="Abdelkader_Messahel")]) is None  # one entity twice


@pytest.mark.parametrize(
    ("question", "chunks"),
    [
        (
            "When did Iran last express its intention to meet with international governmental organisations?",
            ["international governmental organisations"],
        ),
        ("Did Iran engage in negotiation with rebel forces in 2014?", ["rebel forces"]),
        ("Who wanted to meet or negotiate with Iran?", []),  # "or": not a noun phrase
        ("Who in Iran made optimistic remarks about the police?", []),  # one word: too vague to link
        ("Which country did Bolivia ask about before September 2009?", []),
    ],
)
def test_lower_case_object_phrases_become_chunk_mentions(question: str, chunks: list[str]) -> None:
    tq = understand(question)
    assert [m.text for m in tq.mentions if m.kind is MentionKind.CHUNK] == chunks


@pytest.mark.parametrize(
    ("question", "granularity"),
    [
        ("Would you please let me know the exact date on which Iran criticized Japan?", Granularity.DAY),
        ("Please inform me of the year in which Iran criticized Japan.", Granularity.YEAR),
        ("Tell me about the month Iran criticized Japan.", Granularity.MONTH),
    ],
)
def test_request_wrappers_state_the_asked_granularity(question: str, granularity: Granularity) -> None:
    tq = understand(question)
    assert (tq.answer_type.kind, tq.answer_type.granularity, tq.relation_phrase) == (
        AnswerKind.TIME,
        granularity,
        "criticized",
    )


def test_previously_to_opens_a_before_anchor() -> None:
    tq = understand("Who visited Japan previously to Iran?")
    assert [(a.trigger, a.text, a.relation.value) for a in tq.anchors] == [("previously to", "Iran", "before")]


@pytest.mark.parametrize(
    ("phrase", "cameo"),
    [
        ("kidnapped", "abduct, hijack, or take hostage"),
        ("expelled", "expel or deport individuals"),
        ("imposed an embargo on", "impose embargo, boycott, or sanctions"),
        ("carried out air strikes against", "employ aerial weapons"),
        ("thanked", "praise or endorse"),
        ("made a statement about", "make statement"),
        ("cut diplomatic ties with", "reduce or break diplomatic relations"),
        ("denied any involvement in", "deny responsibility"),
        ("gave humanitarian aid to", "provide humanitarian aid"),
        ("seized", "confiscate property"),
    ],
)
def test_more_cameo_event_types_have_paraphrases(phrase: str, cameo: str) -> None:
    assert relation_phrases(phrase)[1:] == [cameo]


def test_administrative_sanctions_keep_their_own_relation() -> None:
    # ICEWS has Impose_administrative_sanctions apart from Impose_embargo,_boycott,_or_sanctions (tkgqa dev00329)
    assert relation_phrases("imposed administrative sanctions") == ["imposed administrative sanctions"]
