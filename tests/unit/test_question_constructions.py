"""Constructions the parser had not been shown (issue 29): phrasal verbs as units, a sector actor after "the last time
the", and "the day/month/year after/before X". Each case failed before its fix."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import anchor_constraint, shifted
from tkgrag.question.model import AnchorRelation, AnswerKind, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.phrasal import phrasal_meaning, phrasal_tail, phrasal_verbs
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.rewrite import rewrite
from tkgrag.question.roles import is_passive
from tkgrag.temporal import Granularity, TimeSpan


def test_phrasal_units_any_inflection() -> None:
    found = phrasal_verbs(["the", "police", "locked", "up", "two", "men", "and", "looked", "into", "it"])
    assert [(f.start, f.end, f.meaning) for f in found] == [
        (2, 4, "arrest, detain, or charge with legal action"),
        (7, 9, "investigate"),
    ]
    assert phrasal_tail(["lashing", "out", "at"])
    assert phrasal_tail(["was", "turned", "down"])
    assert not phrasal_tail(["visited"])
    assert not phrasal_tail(["up"])  # a particle alone is no unit
    assert phrasal_meaning("hit out at") == "criticize or denounce"  # the longest particle sequence wins
    assert phrasal_meaning("visited") is None


@pytest.mark.parametrize(
    ("question", "phrase", "meaning"),
    [
        (
            "Who was locked up by the police of Kenya in 2014?",
            "locked up",
            "arrest, detain, or charge with legal action",
        ),
        ("Which group did the FBI look into in May 2014?", "look into", "investigate"),
        ("Who lashed out at the citizens of Nigeria on March 10, 2014?", "lashed out at", "criticize or denounce"),
        # "called" alone is read as a phone call; "called on" is an appeal
        ("Who called on Japan on 3 May 2014?", "called on", "make an appeal or request"),
        ("Whom did China hit out at in 2015?", "hit out at", "criticize or denounce"),
    ],
)
def test_relation_phrase_keeps_the_particles(question: str, phrase: str, meaning: str) -> None:
    got = understand(question).relation_phrase
    assert got == phrase
    assert relation_phrases(got)[:2] == [phrase, meaning]


def test_plain_verbs_keep_their_old_phrase() -> None:
    assert understand("Who negotiated with Japan in 2014?").relation_phrase == "negotiated"
    assert understand("Who visited Japan in 2014?").relation_phrase == "visited"


def test_sector_after_the_last_time_the() -> None:
    tq = understand("When was the last time the citizens of Australia threatened the police of Australia?")
    roles = [(m.text, m.role) for m in tq.mentions if m.kind is MentionKind.ROLE]
    assert roles == [("the citizens of Australia", "citizens"), ("the police of Australia", "police")]
    assert tq.relation_phrase == "threatened"
    # a role with "of the" inside stays whole
    tq = understand("Who was the head of the government of Germany?")
    assert [m.role for m in tq.mentions if m.kind is MentionKind.ROLE] == ["head of the government"]


@pytest.mark.parametrize(
    ("question", "text", "relation"),
    [
        (
            "Who went on a trip to Iran the day after the citizens of Saudi Arabia did?",
            "the citizens of Saudi Arabia did",
            AnchorRelation.DAY_AFTER,
        ),
        ("Who visited Japan one day after Obama visited Japan?", "Obama visited Japan", AnchorRelation.DAY_AFTER),
        (
            "In the month before Obama visited Japan, who criticised China?",
            "Obama visited Japan",
            AnchorRelation.MONTH_BEFORE,
        ),
        ("Who praised Japan in the year following Obama's visit?", "Obama's visit", AnchorRelation.YEAR_AFTER),
    ],
)
def test_next_period_anchor(question: str, text: str, relation: AnchorRelation) -> None:
    [a] = understand(question).anchors
    assert (a.text, a.relation) == (text, relation)


def test_shifted_periods() -> None:
    d = TimeSpan.parse("2014-12-31")
    assert shifted(d, Granularity.DAY, 1) == TimeSpan.parse("2015-01-01")
    assert shifted(TimeSpan.parse("2014-01-15"), Granularity.MONTH, -1) == TimeSpan.parse("2013-12")
    assert shifted(TimeSpan.parse("2014-05"), Granularity.YEAR, 1) == TimeSpan.parse("2015")
    assert shifted(TimeSpan(None, date(2014, 5, 1)), Granularity.DAY, -1) is None
    c = anchor_constraint(AnchorRelation.DAY_AFTER, "e1", TimeSpan.parse("2014-05-31"))
    assert (c.relation, c.span, c.anchor_event) == (TemporalRelation.DURING, TimeSpan.parse("2014-06-01"), "e1")
    assert AnchorRelation.SAME_DAY.shift is None
    assert AnchorRelation.MONTH_BEFORE.shift == (Granularity.MONTH, -1)


def test_rewrite_next_period() -> None:
    q = "Who went on a trip to Iran the day after Haider Al-Abadi did?"
    assert rewrite(q, TimeSpan.parse("2014-05-31")) == "Who went on a trip to Iran on 2014-06-01?"


@pytest.mark.parametrize(
    ("question", "granularity"),
    [
        ("Name the date on which Tanzania first received Uhuru Muigai Kenyatta in 2014.", Granularity.DAY),
        ("Give the month in which Xi Jinping last travelled to Kazakhstan.", Granularity.MONTH),
        ("What was the most recent date on which Japan praised China?", Granularity.DAY),
    ],
)
def test_time_asked_by_an_imperative_or_through_an_ordinal(question: str, granularity: Granularity) -> None:
    at = understand(question).answer_type
    assert (at.kind, at.granularity) == (AnswerKind.TIME, granularity)


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("Name the date on which Tanzania first received Uhuru Muigai Kenyatta in 2014.", "received"),
        ("Name the first one that Vietnam hosted in 2014.", "hosted"),
        ("List everyone who criticised Japan in May 2014.", "criticised"),
        ("Which leader did Obama name as envoy?", "envoy"),  # "name" inside the clause is no wrapper
    ],
)
def test_imperative_and_answer_head_wrappers_leave_the_event(question: str, phrase: str) -> None:
    assert understand(question).relation_phrase == phrase


def test_received_a_person_is_hosting() -> None:
    assert relation_phrases("received")[1] == "host a visit"
    assert relation_phrases("received a visit from")[1] == "host a visit"
    assert "host a visit" not in relation_phrases("received humanitarian aid")


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("By whom was Sudan first investigated in 2014?", "investigated"),
        ("When in 2015 did New Democracy first get criticised by Panhellenic Socialist Movement?", "get"),
    ],
)
def test_passives_asked_up_front_or_with_get(question: str, verb: str) -> None:
    pos = question.index(verb)
    assert is_passive(question, pos)
    active = "Who first investigated Sudan in 2014?"
    assert not is_passive(active, active.index("investigated"))


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("Who accused United Arab Emirates earlier than Al-Shabaab?", AnchorRelation.BEFORE),
        ("Who visited Japan later than China did?", AnchorRelation.AFTER),
    ],
)
def test_comparative_anchors(question: str, relation: AnchorRelation) -> None:
    [a] = understand(question).anchors
    assert a.relation is relation


def test_the_last_month_in_which_is_an_ordinal_not_last_month() -> None:
    tq = understand("What was the last month in which Barack Obama hailed Mexico?")
    assert tq.times == ()
    assert [o.position for o in tq.ordinals] == [-1]
    assert (tq.answer_type.kind, tq.answer_type.granularity) == (AnswerKind.TIME, Granularity.MONTH)
    assert [t.text for t in understand("Who visited Iran last month?").times] == ["last month"]


def test_when_after_a_request_is_the_question_word() -> None:
    tq = understand("Do you know when Iran received Martin Lidegaard for the last time?")
    assert tq.anchors == ()
    assert tq.answer_type.kind is AnswerKind.TIME
    assert tq.relation_phrase == "received"


def test_before_anyone_else_is_first() -> None:
    tq = understand("Who, in 2014, pleaded with Iraq before anyone else?")
    assert tq.anchors == ()
    assert [(o.text, o.position) for o in tq.ordinals] == [("before anyone else", 1)]
    assert understand("Who visited Iran after everyone else?").ordinals[0].position == -1


def test_first_person_request() -> None:
    tq = understand("I'd like to know whom Sudan arrested on May 5, 2014.")
    assert [m.text for m in tq.mentions] == ["Sudan"]
    assert tq.relation_phrase == "arrested"


@pytest.mark.parametrize(
    ("phrase", "meaning"),
    [
        ("put behind bars", "arrest, detain, or charge with legal action"),
        ("rolled out the red carpet for", "host a visit"),
        ("said no to", "reject"),
        ("took to task", "criticize or denounce"),
    ],
)
def test_verb_idioms(phrase: str, meaning: str) -> None:
    assert relation_phrases(phrase)[1] == meaning


def test_when_to_the_month() -> None:
    tq = understand("When, to the month, did Uhuru Muigai Kenyatta last hail Ethiopia?")
    assert tq.anchors == ()
    assert (tq.answer_type.kind, tq.answer_type.granularity) == (AnswerKind.TIME, Granularity.MONTH)


@pytest.mark.parametrize(
    ("question", "text", "relation", "elliptical"),
    [
        (
            "Who had visited Wang Yi prior to Teodoro Obiang Nguema Mbasogo doing so?",
            "Teodoro Obiang Nguema Mbasogo doing so",
            AnchorRelation.BEFORE,
            True,
        ),
        (
            "Once UN Security Council had urged Burundi, who urged Burundi?",
            "UN Security Council had urged Burundi",
            AnchorRelation.AFTER,
            False,
        ),
        (
            "Which others praised China in the very month that Adebisi Akande praised China?",
            "Adebisi Akande praised China",
            AnchorRelation.SAME_MONTH,
            False,
        ),
    ],
)
def test_more_anchor_wordings(question: str, text: str, relation: AnchorRelation, elliptical: bool) -> None:
    [a] = understand(question).anchors
    assert (a.text, a.relation, a.elliptical) == (text, relation, elliptical)


def test_once_inside_a_clause_is_no_anchor() -> None:
    assert understand("Who visited Japan once in 2014?").anchors == ()


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("What was the first entity the government of South Africa rebuked in 2015?", "rebuked"),
        ("Identify the party Barack Obama hailed on 28 July 2015.", "hailed"),
        ("On 4 May 2015, Eric Chu was received by which actor?", "received"),
    ],
)
def test_answer_head_without_a_relative_pronoun_and_a_trailing_wh_phrase(question: str, phrase: str) -> None:
    tq = understand(question)
    assert tq.relation_phrase == phrase
    assert "Identify" not in [m.text for m in tq.mentions]


def test_a_nickname_in_quotes_stays_inside_the_name() -> None:
    tq = understand('Which was the last year in which Austin "Jack" Warner brushed off Kamla Persad-Bissessar?')
    assert [(m.text, m.kind) for m in tq.mentions] == [
        ('Austin "Jack" Warner', MentionKind.NAME),
        ("Kamla Persad-Bissessar", MentionKind.NAME),
    ]
    assert [m.kind for m in understand('Who criticised the film "The Interview" in 2014?').mentions] == [
        MentionKind.QUOTED
    ]


def test_a_phrasal_verb_before_more_words_yields_to_the_cameo_name() -> None:
    assert relation_phrases("called for diplomatic cooperation")[1] == "appeal for diplomatic cooperation"
    assert relation_phrases("called for")[1] == "make an appeal or request"


def test_possessive_event_nouns() -> None:
    tq = understand("Which day in 2015 saw Muhammadu Buhari's first visit to France?")
    assert tq.relation_phrase == "visit"
    [a] = understand("Who else travelled to South Korea during the month of Chang Song Taek's visit?").anchors
    assert (a.text, a.relation, a.elliptical) == ("Chang Song Taek's visit", AnchorRelation.SAME_MONTH, True)
    # another event than the question's: not the question's relation repeated
    [a] = understand("Who praised Japan after Obama's visit?").anchors
    assert not a.elliptical
    assert [x.text for x in understand("Who visited Japan in the month of May 2014?").times] == ["May 2014"]


def test_a_plural_demonym_is_the_citizens() -> None:
    roles = [(m.text, m.role, m.holder) for m in understand("Who slammed Nigerians on 19 November 2014?").mentions]
    assert ("Nigerians", "citizens", "Nigeria") in roles
    assert [m.kind for m in understand("Who visited Nigeria in 2014?").mentions] == [MentionKind.NAME]


@pytest.mark.parametrize(
    ("question", "granularity", "phrase"),
    [
        ("The month in which Muhammadu Buhari first visited France in 2015 was?", Granularity.MONTH, "visited"),
        ("What was the first month in 2015 to see Muhammadu Buhari visit France?", Granularity.MONTH, "visit"),
        ("Which month of 2015 featured Muhammadu Buhari's first visit to France?", Granularity.MONTH, "visit"),
    ],
)
def test_the_asked_time_as_subject_or_topic(question: str, granularity: Granularity, phrase: str) -> None:
    tq = understand(question)
    assert (tq.answer_type.kind, tq.answer_type.granularity, tq.relation_phrase) == (
        AnswerKind.TIME,
        granularity,
        phrase,
    )
    assert tq.anchors == ()
    assert understand("Who did Obama see in 2014?").relation_phrase == "see"  # an entity asked: "see" is the verb


def test_the_day_x_did_y_up_front() -> None:
    [a] = understand("The day Obama visited Japan, who else visited Japan?").anchors
    assert (a.text, a.relation) == ("Obama visited Japan", AnchorRelation.SAME_DAY)


@pytest.mark.parametrize(
    "question",
    [
        "When in 2015 was the earliest occasion that Abdel Fattah Al-Sisi entered into negotiations with Japan?",
        "Which was the first occasion on which Obama visited Japan in 2014?",
        "What was the last moment when Obama visited Japan?",
    ],
)
def test_occasion_and_moment_name_the_asked_time(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME
    assert tq.relation_phrase in ("entered into negotiations", "visited")
    assert len(tq.ordinals) == 1


@pytest.mark.parametrize(
    ("question", "main", "excluded"),
    [
        ("Who, other than Désiré Munyaneza, visited North America?", ["North America"], ["Désiré Munyaneza"]),
        ("Who else besides Japan criticised China in May 2014?", ["China"], ["Japan"]),
        (
            "Apart from the police of Kenya, who arrested the citizens of Kenya in 2014?",
            ["the citizens of Kenya", "Kenya"],
            ["the police of Kenya", "Kenya"],
        ),
    ],
)
def test_an_excluded_actor_is_no_entity_of_the_event(question: str, main: list[str], excluded: list[str]) -> None:
    tq = understand(question)
    assert [m.text for m in tq.main_mentions()] == main
    assert [m.text for m in tq.excluded_mentions()] == excluded
    assert tq.relation_phrase in ("visited", "criticised", "arrested")
