"""Issue 29 (h34r): relation words of blind sets 39-43 in other wordings. A stated intent with any saying verb
("declare a willingness to", "state an intention to", "made known its wish to") or the bare noun ("(its) plan to",
"readiness to") is the ``Express_intent_to_*`` relation of the verb after "to", never the act itself."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerCandidate, AnswerRole
from tkgrag.question.clause_shapes import acronym_roles, day_of_event, nominal_happened
from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.grounded import GroundedAnchor, GroundedEntity, GroundedQuestion
from tkgrag.question.grounding import _nominal_roles
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases, stated_intent
from tkgrag.question.sectors import sector_names
from tkgrag.question.stated_week import stated_week
from tkgrag.readers.guards import contradiction


@pytest.mark.parametrize(
    ("phrase", "intent"),
    [
        ("declare a willingness to meet or negotiate with", "express intent to meet or negotiate"),
        (
            "state an intention to engage in diplomatic cooperation with",
            "express intent to engage in diplomatic cooperation",
        ),
        ("intention to engage in diplomatic cooperation", "express intent to engage in diplomatic cooperation"),
        ("move to express an intent to meet or negotiate", "express intent to meet or negotiate"),
        ("voiced an intention to visit", "express intent to meet or negotiate"),
        ("showed a readiness to cooperate economically with", "express intent to cooperate economically"),
        ("made known its wish to visit", "express intent to meet or negotiate"),
        ("announce a plan to visit", "express intent to meet or negotiate"),
        ("reaffirmed its desire to negotiate with", "express intent to meet or negotiate"),
        ("signalled readiness to meet", "express intent to meet or negotiate"),
    ],
)
def test_stated_intent_is_the_intent(phrase: str, intent: str) -> None:
    assert stated_intent(phrase)
    out = relation_phrases(phrase)
    assert intent in out
    assert "consult" not in out and "engage in diplomatic cooperation" not in out


@pytest.mark.parametrize("phrase", ["visited", "had a plan", "met with", "engaged in diplomatic cooperation with"])
def test_the_act_is_no_intent(phrase: str) -> None:
    assert not stated_intent(phrase)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "In 2015, during which month did the praise Abdelkader Taleb Oumar gave the African Union take place?",
            "In 2015, during which month did Abdelkader Taleb Oumar give praise to the African Union?",
        ),
        (
            "In 2014, during which month did the negotiations Iraq held with Mulatu Teshome take place?",
            "In 2014, during which month did Iraq hold negotiations with Mulatu Teshome?",
        ),
        ("When did the visit China paid to Japan happen?", "When did China pay visit to Japan?"),
        (
            "On which day did the appeal the government of Kenya made to the United Nations occur?",
            "On which day did the government of Kenya make appeal to the United Nations?",
        ),
        ("When did the meeting take place?", "When did the meeting take place?"),
        (
            "When did the first visit China paid to Japan take place?",
            "When did the first visit China paid to Japan take place?",
        ),
    ],
)
def test_nominal_event_that_took_place_is_its_clause(question: str, said: str) -> None:
    assert nominal_happened(question) == said


def test_nominal_event_relation_in_the_parse() -> None:
    q = understand("In 2014, during which month did the negotiations Iraq held with Mulatu Teshome take place?")
    assert "take place" not in q.relation_phrase and "held" not in q.relation_phrase


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which actors put a request to X on the very date of the consultations between X and Y?",
            "Which actors put a request to X on the same day as the consultations between X and Y?",
        ),
        ("Who visited Z on the exact day of Z's hosting of W?", "Who visited Z on the same day as Z's hosting of W?"),
        (
            "Who met Y on the day of the talks between A and B?",
            "Who met Y on the same day as the talks between A and B?",
        ),
        ("Who met Y on the day of 5 May 2014?", "Who met Y on the day of 5 May 2014?"),
    ],
)
def test_day_of_an_event_is_the_same_day_anchor(question: str, said: str) -> None:
    assert day_of_event(question) == said


def test_day_of_an_event_is_no_relation() -> None:
    q = understand("Which actors put a request to X on the very date of the consultations between X and Y?")
    assert "consultations" not in q.relation_phrase
    assert q.anchors


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("Who was the last party the Philippines condemned?", "condemned"),
        ("Who was the last party the police in the Philippines endorsed?", "endorsed"),
        ("Who did the Philippines criticize?", "criticize"),
    ],
)
def test_verb_ending_a_relative_clause_is_no_role(question: str, verb: str) -> None:
    assert not any(verb in m.text for m in find_mentions(question))
    assert verb in understand(question).relation_phrase


def test_unlisted_role_after_a_demonym_stays() -> None:
    assert any(m.text == "Kenyan protesters" for m in find_mentions("Who criticized the Kenyan protesters?"))


def _entity(text: str, name: str, role: AnswerRole) -> GroundedEntity:
    start = text.index(name)
    return GroundedEntity(Mention(name, start, start + len(name), MentionKind.NAME), name, name, 2.0, role, "syntax")


def test_an_ordering_anchor_with_another_actor_does_not_rule_out_its_object() -> None:
    # "Just before A made a statement about Iran, whom did B last make a statement about?": Iran may be the answer
    text = "Just before Tomas Vell made a statement about Iran, whom did Orla Hask last make a statement about?"
    (anchor,) = understand(text).anchors
    iran = _entity(text, "Iran", AnswerRole.OBJECT)
    ga = GroundedAnchor(anchor, "clause", "Make_statement", "Tomas Vell", "Iran", (iran,))
    g = GroundedQuestion(
        question=understand(text),
        entities=(_entity(text, "Orla Hask", AnswerRole.SUBJECT),),
        relation="Make_statement",
        relation_candidates=(),
        answer_role=AnswerRole.OBJECT,
        anchors=(ga,),
    )
    assert contradiction(g, "Make_statement", AnswerCandidate("Iran", 1.0, key="Iran")) is None
    # the same actor in the anchor: "Just before A made a statement about Iran, whom did A last ...": not Iran
    same = "Just before Tomas Vell made a statement about Iran, whom did Tomas Vell last make a statement about?"
    (anchor,) = understand(same).anchors
    ga = GroundedAnchor(
        anchor, "clause", "Make_statement", "Tomas Vell", "Iran", (_entity(same, "Iran", AnswerRole.OBJECT),)
    )
    g = GroundedQuestion(
        question=understand(same),
        entities=(_entity(same, "Tomas Vell", AnswerRole.SUBJECT),),
        relation="Make_statement",
        relation_candidates=(),
        answer_role=AnswerRole.OBJECT,
        anchors=(ga,),
    )
    assert contradiction(g, "Make_statement", AnswerCandidate("Iran", 1.0, key="Iran")) is not None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Who held consultations with MPs in India?", "Who held consultations with members of parliament in India?"),
        ("Who criticized Kenyan MPs?", "Who criticized Kenyan members of parliament?"),
        ("Who met MP Jane Doe?", "Who met MP Jane Doe?"),
    ],
)
def test_mps_are_members_of_parliament(question: str, said: str) -> None:
    assert acronym_roles(question) == said


@pytest.mark.parametrize(
    ("phrase", "sector"),
    [
        ("opposition supporters", "Opposition Supporter"),
        ("opposition activists", "Opposition Supporter"),
        ("royal administration", "Royal Administration"),
        ("legislators", "Member of Legislative (Govt)"),
    ],
)
def test_sector_words_of_sets_39_43(phrase: str, sector: str) -> None:
    assert sector in sector_names(phrase)


def test_mps_in_a_country_is_a_role_mention() -> None:
    q = understand("Tell me who held consultations with MPs in India during August 2014.")
    assert any(m.kind is MentionKind.ROLE and m.holder == "India" for m in q.mentions)


@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("formally recognize", "grant diplomatic recognition"),
        ("officially recognised", "grant diplomatic recognition"),
        ("put pen to a formal agreement with", "sign formal agreement"),
        ("put its signature to an agreement with", "sign formal agreement"),
    ],
)
def test_recognition_and_signing_words(phrase: str, act: str) -> None:
    assert relation_phrases(phrase)[1] == act


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        (
            "When exactly in 2014 did Sergey Shoygu hold consultations with Serik Akhmetov? Give the date.",
            "hold consultations",
        ),
        ("Give me the date(s) in 2014 when Jack Straw made a request of the government of Nigeria.", "made a request"),
        ("On which date precisely did Jack Straw visit Nigeria?", "visit"),
    ],
)
def test_asked_time_words_are_no_event_words(question: str, phrase: str) -> None:
    assert understand(question).relation_phrase == phrase


def _roles(anchor: str, a: str, b: str) -> tuple[str, str, bool] | None:
    ents = [_entity(anchor, a, AnswerRole.SUBJECT), _entity(anchor, b, AnswerRole.OBJECT)]
    found = _nominal_roles(anchor, ents)
    return None if found is None else (found[0].key, found[1].key, found[2])


@pytest.mark.parametrize(
    ("anchor", "a", "b", "roles"),
    [
        (
            "the demand Mohammad Reza Naqdi put to Iran",
            "Mohammad Reza Naqdi",
            "Iran",
            ("Mohammad Reza Naqdi", "Iran", False),
        ),
        ("the request Tomas Vell put to Orla Hask", "Tomas Vell", "Orla Hask", ("Tomas Vell", "Orla Hask", False)),
        ("the diplomatic cooperation of Sudan with Kuwait", "Sudan", "Kuwait", ("Sudan", "Kuwait", False)),
        ("the appeal of Kenya to Uganda", "Kenya", "Uganda", ("Kenya", "Uganda", False)),
        (
            "the conventional military attack by South Korea on France",
            "South Korea",
            "France",
            ("South Korea", "France", False),
        ),
        ("the criticism by Kenya of Uganda", "Kenya", "Uganda", ("Kenya", "Uganda", False)),
        (
            "the meeting of Daniel Mitov and Pham Binh Minh at a third location",
            "Daniel Mitov",
            "Pham Binh Minh",
            ("Daniel Mitov", "Pham Binh Minh", True),
        ),
        ("the meeting of Kenya and Uganda in Nairobi", "Kenya", "Uganda", None),
    ],
)
def test_nominal_anchor_roles(anchor: str, a: str, b: str, roles: tuple[str, str, bool] | None) -> None:
    assert _roles(anchor, a, b) == roles


def test_a_country_before_on_is_no_part_of_a_name() -> None:
    found = [m.text for m in find_mentions("Following the attack by South Korea on France, who?")]
    assert "South Korea" in found and "France" in found and "South Korea on France" not in found


def test_denunciation_is_the_criticism() -> None:
    assert "criticize or denounce" in relation_phrases("denunciation")


def test_same_period_with_a_gloss_is_folded() -> None:
    # the gloss is checked against the statement's month and dropped first (``stated_week``, h35t)
    q = "Japan conferred with South Korea on 20 May 2015. Who else did so that month (May 2015)?"
    assert (
        anchor_sentence(stated_week(q))
        == "In the same month that Japan conferred with South Korea on 20 May 2015, who else did so?"
    )
