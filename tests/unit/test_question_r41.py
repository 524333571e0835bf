"""Guards for the review of the h40r + h40t merge (r41): each bad input reads right or abstains, and the form each rule
was written for reads as before."""

from __future__ import annotations

import pytest

from tests.unit.question_readings import linked, name_mention, roles
from tkgrag.model import AnswerRole
from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.grounded import GroundedEntity
from tkgrag.question.grounding import _nominal_phrase_roles, _nominal_roles, actor_first
from tkgrag.question.hedges import without_opener
from tkgrag.question.mentions import EVENT_NOUN, _event_word
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.scope_said import said_apart, without_form_tail
from tkgrag.temporal import Granularity


def _reading(question: str) -> tuple[str, list[tuple[str, AnchorRelation]], Granularity | None, list[str]]:
    tq = understand(question)
    return (
        tq.relation_phrase,
        [(a.text, a.relation) for a in tq.anchors],
        tq.answer_type.granularity,
        [t.text for t in tq.times],
    )


# -- 1. a fronted asked time: the main clause's auxiliary, not one inside the anchor ---------------------------------
@pytest.mark.parametrize(
    ("question", "relation", "anchor", "unit"),
    [
        (
            "In which month after Iran pledged to do more for Iraq did Iraq next visit Iran?",
            "visit",
            "Iran pledged to do more for Iraq",
            Granularity.MONTH,
        ),
        (
            "When after Japan said it would do more for China did China next praise Japan?",
            "praise",
            "Japan said it would do more for China",
            Granularity.DAY,
        ),
        (
            "In what year after Japan did business with China did Korea visit China?",
            "visit",
            "Japan did business with China",
            Granularity.YEAR,
        ),
        # the forms the rule was written for
        (
            "In which month after the hosting of Japan by China did China next visit Korea?",
            "visit",
            "the hosting of Japan by China",
            Granularity.MONTH,
        ),
        (
            "In which month after Japan visited China did the EU next visit Korea?",
            "visit",
            "Japan visited China",
            Granularity.MONTH,
        ),
    ],
)
def test_fronted_time_main_auxiliary(question: str, relation: str, anchor: str, unit: Granularity) -> None:
    assert _reading(question) == (relation, [(anchor, AnchorRelation.AFTER)], unit, [])


def test_fronted_time_two_auxiliaries_is_no_reading() -> None:
    # which "did" opens the main clause is not told: no main relation (the reader abstains)
    assert understand("In which month after Japan did China visit Korea did Iran visit Iraq?").relation_phrase == ""


# -- 2. "the -ing of X against Y": only an intransitive act's "of" names its doer --------------------------------------
@pytest.mark.parametrize(
    ("text", "first", "second", "expected"),
    [
        ("When was the hosting of Japan with China?", "Japan", "China", None),
        ("When was the sanctioning of Russia with the EU?", "Russia", "EU", None),
        ("When was the bombing of Syria with France?", "Syria", "France", None),
        ("When was the arming of Kurdistan against Iraq?", "Kurdistan", "Iraq", None),
        # the form the rule was written for
        (
            "When was the small-arms fighting of Yemen against Saudi Arabia?",
            "Yemen",
            "Saudi Arabia",
            [AnswerRole.SUBJECT, AnswerRole.OBJECT],
        ),
    ],
)
def test_verbal_noun_of(text: str, first: str, second: str, expected: list[AnswerRole] | None) -> None:
    assert _nominal_phrase_roles(text, linked(text, first), linked(text, second, last=True)) == expected


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        ("the hosting of Japan with China", ("Japan", "China"), None),
        ("the arming of Kurdistan against Iraq", ("Kurdistan", "Iraq"), None),
        ("the clashing of Sudan against South Sudan", ("Sudan", "South Sudan"), ("Sudan", "South Sudan")),
    ],
)
def test_verbal_noun_of_roles(text: str, names: tuple[str, str], expected: tuple[str, str] | None) -> None:
    ents = [
        GroundedEntity(name_mention(text, n, last=i == 1), n, n, 3.0, AnswerRole.OBJECT) for i, n in enumerate(names)
    ]
    read = _nominal_roles(text, ents)
    assert ((read[0].key, read[1].key) if read is not None else None) == expected


# -- 3. a form-only tail goes before the rewrites that read the question's end -------------------------------------
def test_form_tail_goes_first() -> None:
    tail = "In which month did the sympathy expressed for Japan by China take place? (Ties: name them all.)"
    plain = "In which month did the sympathy expressed for Japan by China take place?"
    assert _reading(tail) == _reading(plain) == ("express sympathy", [], Granularity.MONTH, [])
    assert without_form_tail(tail) == plain
    assert without_form_tail("Who visited Japan in 2014? I need the complete list.") == "Who visited Japan in 2014?"


# -- 4. a ceasefire declared over or violated is no declared ceasefire -------------------------------------------------
@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("declared the ceasefire over", "make statement"),
        ("announced a ceasefire violation", "make statement"),
        ("declared the truce void", "make statement"),
        ("declared a ceasefire with", "declare truce, ceasefire"),
        ("announced a unilateral truce with", "declare truce, ceasefire"),
    ],
)
def test_declared_ceasefire_not_ended(phrase: str, act: str) -> None:
    assert relation_phrases(phrase)[1] == act


# -- 5. "wishes" ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("word", ["wish", "wishes", "desires", "visits", "willingness"])
def test_event_noun_plurals(word: str) -> None:
    assert EVENT_NOUN.fullmatch(word)


# -- 6. "Anyone know who ..." after a statement: the opener goes first, the statement is the anchor ------------------
def test_statement_then_opener() -> None:
    question = "Japan visited China. Anyone know who visited Korea that same year?"
    assert anchor_sentence(question) == question  # the pair reader no longer reads the opener itself
    assert _reading(question) == ("visited", [("Japan visited China", AnchorRelation.SAME_YEAR)], None, [])


# -- 7, 8, 9. a window or form said apart --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "Who visited Korea in 2015? Just 2014-10-24, please.",  # two windows
        "In what year did Japan visit China? Exact date please.",  # two units
        "In which month did Japan visit China? Exact date, please.",
        "Who visited China when Japan visited Korea? Exact date please.",  # no time asked
        "From March 2014 up to the day before Japan visited China, who visited Korea?",  # a span
    ],
)
def test_said_apart_unreadable(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Who accused Poland of human rights abuses? Just 2014-10-24, please.", None),
        ("When did Japan visit China? Exact date please.", "When did Japan visit China?"),
        ("On what date did Japan visit China? Exact date please.", "On what date did Japan visit China?"),
        (
            "In 2014, up to the day before Japan visited China, who visited Korea?",
            "In 2014, before Japan visited China, who visited Korea?",
        ),
    ],
)
def test_said_apart_as_before(question: str, said: str | None) -> None:
    """Read through ``understand`` (the form tail goes in its first rewrite, not again in ``said_apart``)."""
    if said is None:
        assert said_apart(question) == "Who accused Poland of human rights abuses on 2014-10-24?"
    else:
        assert _reading(question) == _reading(said)
        assert understand(question).answer_type == understand(said).answer_type
        assert said_apart(without_form_tail(question)) == said


def test_exact_date_of_a_day_question() -> None:
    tq = understand("When did Japan visit China? Exact date please.")
    assert (tq.answer_type.kind, tq.answer_type.granularity, tq.relation_phrase) == (
        AnswerKind.TIME,
        Granularity.DAY,
        "visit",
    )


# -- 10. "faced ... from/by": not across another phrase -------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "entities"),
    [
        (
            "Who did Japan face alongside troops sent by China?",
            {"Japan": AnswerRole.SUBJECT, "China": AnswerRole.OBJECT},
        ),
        ("Who suffered attacks by Boko Haram in 2014?", {"Boko Haram": AnswerRole.SUBJECT}),
    ],
)
def test_faced_by_not_across_a_phrase(question: str, entities: dict[str, AnswerRole]) -> None:
    got, _ = roles(question)
    assert {k: got[k] for k in entities} == entities


# -- 11. "No idea who ..." is no opener ----------------------------------------------------------------------------
def test_no_idea_is_no_opener() -> None:
    question = "No idea who visited Japan, but did China visit Korea in 2014?"
    assert without_opener(question) == question
    assert without_opener("Any idea who visited Japan in 2014?") == "Who visited Japan in 2014?"


# -- 12. a body's noun is no act ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("word", "act"),
    [
        ("commission", False),
        ("commissions", False),
        ("division", False),
        ("television", False),
        ("generation", False),
        ("mission", False),
        ("delegation", False),
        ("occupation", True),
        ("invasion", True),
        ("provision", True),  # "the provision of aid": an act
    ],
)
def test_act_suffix(word: str, act: bool) -> None:
    assert _event_word(word, act=True) is act


# -- 14. one list of intent nouns ------------------------------------------------------------------------------------
def test_intent_nouns_shared() -> None:
    assert actor_first("the stated intent of Japan to meet China") == "Japan's stated intent to meet China"
    assert actor_first("the stated wish of Japan to meet China") == "Japan's stated wish to meet China"
