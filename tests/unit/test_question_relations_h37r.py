"""Relation, entity, clause and operator families of blind sets 54-58 (h37r): "attacked violently", "handed back
people", the offer by X to negotiate (an intent), the order words before an intent, "(Leave out X.)", "members of the
public in X", "came under attack from" and "a victim of ... at the hands of", "the remarks X made on Y" as a main
clause, and "talks held by X with Y" as an anchor."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole
from tkgrag.question import understand
from tkgrag.question.grounded import GroundedEntity
from tkgrag.question.grounding import _nominal_main_roles, _nominal_roles
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relation_phrases import relation_phrases, stated_intent
from tkgrag.question.roles import is_passive, syntactic_role, verb_position

# -- relation words ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "paraphrase"),
    [
        # "attacked violently": ICEWS's Use_unconventional_violence (set 56's gold, both stores)
        ("was attacked violently by", "use unconventional violence"),
        ("violently attacked", "use unconventional violence"),
        ("attacked the police violently", "use unconventional violence"),
        ("came under violent attack from", "use unconventional violence"),
        ("was violently assaulted by", "use unconventional violence"),
        # handing people back is their return (set 57: Return,_release_person(s))
        ("hand back people to", "return, release person(s)"),
        ("handed back prisoners to", "return, release person(s)"),
        ("handed people back to", "return, release person(s)"),
        ("hand back", "return, release person(s)"),
        # the offer by X to negotiate with Y: the intent, never the negotiation (set 58)
        ("was the offer by to negotiate with", "express intent to meet or negotiate"),
        ("saw the offer by to negotiate with", "express intent to meet or negotiate"),
        ("saw the proposal by to hold talks with", "express intent to meet or negotiate"),
        ("the first promise by to cooperate with", "express intent to cooperate"),
        # the order words before an intent (set 54: "went on to be the first to signal a readiness to meet")
        (
            "went on to be the first to signal a readiness to meet or negotiate with",
            "express intent to meet or negotiate",
        ),
        ("went on to indicate a willingness to negotiate with", "express intent to meet or negotiate"),
        ("be the first to signal a readiness to meet with", "express intent to meet or negotiate"),
        ("to signal a readiness to meet or negotiate", "express intent to meet or negotiate"),
    ],
)
def test_relation_words_of_sets_54_58(phrase: str, paraphrase: str) -> None:
    assert paraphrase in relation_phrases(phrase)[1:]


@pytest.mark.parametrize(
    ("phrase", "meant"),
    [
        ("attacked", "use conventional military force"),  # guard: no violence word
        ("attacked militarily and violently", "use conventional military force"),  # guard: a military word
        ("went on to visit", "make a visit"),  # guard: order words without an intent
    ],
)
def test_relation_words_not_stretched(phrase: str, meant: str | None) -> None:
    paraphrases = relation_phrases(phrase)
    assert (paraphrases[1] if len(paraphrases) > 1 else None) == meant


def test_the_offer_by_a_name_is_a_stated_intent() -> None:
    assert stated_intent("was the offer by to negotiate with")
    assert stated_intent("saw the proposal by to hold talks with")


# -- "(Leave out X.)" -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        (
            "Just ahead of the day Jens Stoltenberg visited Qatar, which actor last played host to Qatar? "
            "(Leave out Jens Stoltenberg.)",
            "Jens Stoltenberg",
        ),
        ("Which actor last played host to Qatar before 2014-12-11? (Exclude Jens Stoltenberg.)", "Jens Stoltenberg"),
        ("Who last visited Qatar before 2014-12-11, leaving out Jens Stoltenberg?", "Jens Stoltenberg"),
        ("Who last visited Qatar before 2014-12-11 (omitting Jens Stoltenberg)?", "Jens Stoltenberg"),
    ],
)
def test_leave_out_sets_a_name_apart_from_the_answers(question: str, left_out: str) -> None:
    tq = understand(question)
    assert [m.text for m in tq.excluded_mentions()] == [left_out]
    assert "Leave" not in [m.text for m in tq.mentions]


def test_leave_out_with_no_name_after_it_excludes_nothing() -> None:
    tq = understand("Between 2014-12-01 and 2014-12-11 (not including that day), who visited Qatar?")
    assert tq.excluded_mentions() == ()


# -- sectors --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Whom did members of the public in Nigeria reject during March 2015?",
        "Members of the public in Nigeria criticized the government of Nigeria on the 30th of May 2014. Who else did "
        "the same that week?",
        "Which month of 2014 saw a member of the public in Nigeria make a symbolic gesture toward Liyel Imoke?",
    ],
)
def test_members_of_the_public_are_the_citizens(question: str) -> None:
    roles = [m for m in understand(question).mentions if m.kind is MentionKind.ROLE and m.holder == "Nigeria"]
    assert any("member of the public" in m.text.lower() or "members of the public" in m.text.lower() for m in roles)


# -- the doer said after the victim ---------------------------------------------------------------------------------


def _m(text: str, name: str) -> Mention:
    start = text.index(name)
    return Mention(name, start, start + len(name), MentionKind.NAME)


@pytest.mark.parametrize(
    ("question", "verb", "agent", "victim"),
    [
        ("Nigeria came under violent attack from whom in 2014?", "came", None, "Nigeria"),
        ("When did Sudan come under violent attack from Riek Machar?", "come", "Riek Machar", "Sudan"),
        ("When did the police fall under criticism by Amnesty International?", "fall", "Amnesty International", None),
        (
            "When was Kenya a victim of unconventional violence at the hands of Al-Shabaab?",
            "a",
            "Al-Shabaab",
            None,
        ),
        ("When was Kenya the victim of violence by Al-Shabaab?", "the", "Al-Shabaab", None),
    ],
)
def test_came_under_and_victim_of_name_the_doer(
    question: str, verb: str, agent: str | None, victim: str | None
) -> None:
    v = verb_position(question, verb)
    assert v is not None and is_passive(question, v)
    if agent is not None:
        assert syntactic_role(question, _m(question, agent), v, passive=True) is AnswerRole.SUBJECT
    if victim is not None:
        assert syntactic_role(question, _m(question, victim), v, passive=True) is AnswerRole.OBJECT


# -- nominal main clauses and anchors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "doer", "target"),
    [
        (
            "What month in 2015 was the remarks Viktor Orban made on Hungary's foreign affairs ministry?",
            "Viktor Orban",
            "Hungary's foreign affairs ministry",
        ),
        ("In what month of 2015 were the comments Iran made about Israel?", "Iran", "Israel"),
        ("Which month of 2014 saw the criticism that Iran levelled at Israel?", "Iran", "Israel"),
        ("What month in 2015 was the offer by Abdel Fattah Al-Sisi to negotiate with China?", "Abdel Fattah Al-Sisi",
         "China"),
        ("Which month of 2014 saw the proposal by Juan Carlos I to meet or negotiate with Kuwait?", "Juan Carlos I",
         "Kuwait"),
    ],
)  # fmt: skip
def test_main_nominal_roles_of_sets_54_58(text: str, doer: str, target: str) -> None:
    assert _nominal_main_roles(text, _m(text, doer), _m(text, target)) == [AnswerRole.SUBJECT, AnswerRole.OBJECT]
    assert _nominal_main_roles(text, _m(text, target), _m(text, doer)) == [AnswerRole.OBJECT, AnswerRole.SUBJECT]


def _ge(text: str, name: str, key: str) -> GroundedEntity:
    return GroundedEntity(_m(text, name), key, name, 2.0, AnswerRole.OBJECT)


@pytest.mark.parametrize(
    ("text", "a", "b"),
    [
        ("talks held by Iran with France's foreign affairs ministry", "Iran", "France's foreign affairs ministry"),
        ("consultations held by Iran with Oman", "Iran", "Oman"),
        ("the talks that Iran held with Oman", "Iran", "Oman"),
    ],
)
def test_talks_held_by_x_with_y(text: str, a: str, b: str) -> None:
    roles = _nominal_roles(text, [_ge(text, b, "B"), _ge(text, a, "A")])
    assert roles is not None and (roles[0].key, roles[1].key, roles[2]) == ("A", "B", False)


def test_a_bare_participle_by_x_says_no_roles() -> None:
    # guard: "visited by X with Y" is no event noun held by X
    text = "visited by Iran with Oman"
    assert _nominal_roles(text, [_ge(text, "Iran", "A"), _ge(text, "Oman", "B")]) is None


# -- "once" before a sector said without an article -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        (
            "Who issued a statement to criminals in Bangladesh next, once people in Bangladesh sued criminals in "
            "Bangladesh?",
            "people in Bangladesh sued criminals in Bangladesh",
        ),
        (
            "Who held consultations with Prayuth Chan-ocha next, once people in Thailand pressed demands on Prayuth "
            "Chan-ocha?",
            "people in Thailand pressed demands on Prayuth Chan-ocha",
        ),
        ("Which actor visited Iran once officials of Iraq met Iran?", "officials of Iraq met Iran"),
    ],
)
def test_once_before_a_sector_is_after(question: str, anchor: str) -> None:
    assert [(a.trigger, a.text) for a in understand(question).anchors] == [("after", anchor)]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Iran once a year in 2014?",
        "Who met people in Iran once in 2014?",
        "Who visited Iran once again in March 2014 and criticized Iraq?",
    ],
)
def test_once_as_an_adverb_is_no_anchor(question: str) -> None:
    assert understand(question).anchors == ()


# -- a group named with a lower-case word inside ----------------------------------------------------------------------


def test_hacker_group_anonymous_is_one_candidate_name() -> None:
    q = "Who visited China on the same day that Hacker group Anonymous commented on the police in the United States?"
    assert "Hacker group Anonymous" in [m.text for m in understand(q).mentions]


@pytest.mark.parametrize(
    "question",
    [
        "Right after 2015-04-26, who was the first to sign a deal with South Korea?",
        "Shortly after 7 April 2015, who was the first to confer with China?",
        "Directly after the 29th of January 2015, who was the first to make a request of Malaysia?",
    ],
)
def test_right_after_opens_no_name(question: str) -> None:
    assert all(m.text.split()[0] not in ("Right", "Shortly", "Directly") for m in understand(question).mentions)


# -- "name the month" after a fronted phrase --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("Considering 2014 only, name the month when South Korea first negotiated with Japan.", "month"),
        ("In 2014, name the day on which Iran visited Oman.", "day"),
        ("Looking at 2015 alone, please give the date when Iran last visited Oman.", "day"),
    ],
)
def test_a_time_request_after_a_fronted_phrase(question: str, unit: str) -> None:
    at = understand(question).answer_type
    assert at.kind.value == "time" and at.granularity is not None and at.granularity.value == unit


def test_naming_an_actor_after_a_fronted_phrase_stays_an_entity() -> None:
    assert understand("In 2014, name the country that Iran visited first.").answer_type.kind.value == "entity"


# -- "Within 2015, what was the last day before X did Y on which ..." -------------------------------------------------


def test_a_fronted_scope_before_the_last_day_before_on_which() -> None:
    tq = understand(
        "Within 2015, what was the last day before the head of government of Greece negotiated with Abdel Fattah "
        "Al-Sisi on which the head of government of Greece consulted Abdel Fattah Al-Sisi?"
    )
    assert [(a.trigger.lower(), a.text) for a in tq.anchors] == [
        ("before", "the head of government of Greece negotiated with Abdel Fattah Al-Sisi")
    ]
    assert tq.relation_phrase == "consulted" and tq.answer_type.kind.value == "time"


@pytest.mark.parametrize(
    ("question", "mention"),
    [
        ("In March 2015, members of the Nigerian public rejected whom?", "members of the Nigerian public"),
        ("Whom did members of the Kenyan police arrest in 2014?", "members of the Kenyan police"),
    ],
)
def test_members_of_a_sector_are_the_sector(question: str, mention: str) -> None:
    tq = understand(question)
    assert mention in [m.text for m in tq.mentions if m.kind is MentionKind.ROLE]
    assert "members" not in tq.relation_phrase


def test_which_members_of_a_sector_keeps_the_question_word() -> None:
    tq = understand("Which members of the Nigerian government visited Iran?")
    assert all(not m.text.startswith("members") for m in tq.mentions)


# -- "X's military action against Y" ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "doer"),
    [
        (
            "Which month in 2015 saw the last instance of the Australian police's military action against women in "
            "Australia?",
            "Australian police",
        ),
        ("When did Japan's military action against China happen?", "Japan"),
        ("When did Japan's military attack on China happen?", "Japan"),
    ],
)
def test_a_possessive_military_act_is_the_owners(question: str, doer: str) -> None:
    texts = [m.text for m in understand(question).mentions]
    assert doer in texts and not any(t.endswith("military") for t in texts)


@pytest.mark.parametrize(
    ("question", "sector"),
    [
        ("Who did Japan's military attack in 2014?", "Japan's military"),
        ("Whom did the Nigerian military attack in 2014?", "Nigerian military"),
        ("When did the Nigerian military attack on Boko Haram happen?", "Nigerian military"),
    ],
)
def test_the_military_stays_a_sector_elsewhere(question: str, sector: str) -> None:
    assert sector in [m.text for m in understand(question).mentions if m.kind is MentionKind.ROLE]
