"""``understand`` on real phrasings copied from the dev files; every expectation was checked by hand.

Sources: MultiTQ (multitq/dev_questions_sample.json), tkgqa (tkgqa/icews14_dev.jsonl), TimeQuestions
(timequestions/questions/dev.json), TIQ (tiq/dev.json), SituatedQA (situatedqa/temp.dev.jsonl). Where the dataset
has EXAQT-style annotations the expectation agrees with them unless a comment says why not.
"""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question import AnswerKind, Boundary, Category, QuestionError, Signal, understand
from tkgrag.temporal import Granularity, TimeSpan

S = Signal
C = Category
ENT = (AnswerKind.ENTITY, None)
VAL = (AnswerKind.VALUE, None)
DAY, MONTH, YEAR = (
    (AnswerKind.TIME, Granularity.DAY),
    (AnswerKind.TIME, Granularity.MONTH),
    (
        AnswerKind.TIME,
        Granularity.YEAR,
    ),
)

CASES = [
    # -- MultiTQ
    ("Who was the first to request a meeting with Togo in 2005?", {S.ORDINAL, S.OVERLAP}, {C.EXPLICIT, C.ORDINAL}, ENT),
    (
        "In which month did the head of Turkmenistan last praise Iran?",
        {S.ORDINAL},
        {C.ORDINAL, C.TEMPORAL_ANSWER},
        MONTH,
    ),
    ("Who denounced Bolivia after 2 May 2015?", {S.AFTER}, {C.EXPLICIT}, ENT),
    (
        "Before the Middle East, with whom did Mauritania express an interest in cooperation?",
        {S.BEFORE},
        {C.IMPLICIT},
        ENT,
    ),
    ("Who would wish to visit Ireland in July, the year of 2007?", {S.OVERLAP}, {C.EXPLICIT}, ENT),
    (
        "In which year did Viktor Orban visit Iran for the first time?",
        {S.ORDINAL},
        {C.ORDINAL, C.TEMPORAL_ANSWER},
        YEAR,
    ),
    (
        "When did Iran last express its intention to meet with international governmental organisations?",
        {S.ORDINAL},
        {C.ORDINAL, C.TEMPORAL_ANSWER},
        DAY,
    ),
    ("After May, 2015, who gave a condemnation to France?", {S.AFTER}, {C.EXPLICIT}, ENT),
    ("Which country did the envoy of Sudan want to meet on the same day of Qatar?", {S.OVERLAP}, {C.IMPLICIT}, ENT),
    (
        "Who last would wish to visit Japan before Herman Van Rompuy did?",
        {S.BEFORE, S.ORDINAL},
        {C.IMPLICIT, C.ORDINAL},
        ENT,
    ),
    ("Who hosted the visit of Abdelkader Messahel to Mauritania in the same year?", {S.OVERLAP}, {C.IMPLICIT}, ENT),
    ("Before December 9, 2008, who did Timor-Leste request for?", {S.BEFORE}, {C.EXPLICIT}, ENT),
    # -- tkgqa (ICEWS14 templates)
    ("Who accused Associated Press on 2014-08-17?", {S.OVERLAP}, {C.EXPLICIT}, ENT),
    ("Before 2014-06-15, who hosted a visit by Tourist (Iran)?", {S.BEFORE}, {C.EXPLICIT}, ENT),
    ("Who was the last to investigate Citizen (Nigeria)?", {S.ORDINAL}, {C.ORDINAL}, ENT),
    ("When did Uhuru Muigai Kenyatta first visit The Hague?", {S.ORDINAL}, {C.ORDINAL, C.TEMPORAL_ANSWER}, DAY),
    (
        "In the same month that Angela Merkel expressed intent to cooperate with Vitali Klitschko, who else expressed "
        "intent to cooperate with Vitali Klitschko?",
        {S.OVERLAP},
        {C.IMPLICIT},
        ENT,
    ),
    (
        "After Sankei accused China, who was the first to accuse China?",
        {S.AFTER, S.ORDINAL},
        {C.IMPLICIT, C.ORDINAL},
        ENT,
    ),
    # -- TimeQuestions (lower-cased, Wikidata)
    ("what was disneys first color movie", {S.ORDINAL}, {C.ORDINAL}, ENT),
    ("at what rate was inflation in venezuela in the year 1996", {S.OVERLAP}, {C.EXPLICIT}, VAL),
    ("what is position held of cyril ramaphosa that is start time is 2018-2-15", {S.START}, {C.EXPLICIT}, ENT),
    ("what is position held of rajiv gandhi that is end time is 1989-12-2", {S.FINISH}, {C.EXPLICIT}, ENT),
    ("who are the authors of corpus juris civilis, written after justin ii", {S.AFTER}, {C.IMPLICIT}, ENT),
    ("during the vietnam war who was the leader of north vietnam", {S.OVERLAP}, {C.IMPLICIT}, ENT),
    ("when did pakistan get its independence", {S.NO_SIGNAL}, {C.TEMPORAL_ANSWER}, DAY),
    ("what jobs did john adams have before he was president", {S.BEFORE}, {C.IMPLICIT}, ENT),
    ("as of march 1, 2014, what was the unemployment rate in germany", {S.OVERLAP}, {C.EXPLICIT}, VAL),
    ("woman chief minister in india 1980 to 1981", {S.OVERLAP}, {C.EXPLICIT}, ENT),
    ("when's the last time the mets won the world series", {S.ORDINAL}, {C.ORDINAL, C.TEMPORAL_ANSWER}, DAY),
    # "current" is an explicit (relative) time without a signal word: TimeQuestions says Explicit / No signal
    (
        "who is the current leader of the place where the newspaper granma is circulated",
        {S.NO_SIGNAL},
        {C.EXPLICIT},
        ENT,
    ),
    ("what year did elvis release his first album", {S.ORDINAL}, {C.ORDINAL, C.TEMPORAL_ANSWER}, YEAR),
    ("on what date did surat become part of bombay state", {S.NO_SIGNAL}, {C.TEMPORAL_ANSWER}, DAY),
    ("who did rod steiger marry in 1959", {S.START}, {C.EXPLICIT}, ENT),
    # -- TIQ (implicit constraints; "When ..., which ...?" is an anchor clause, not a time question)
    (
        "In what language was French Algeria referred to as Algérie française during its formation?",
        {S.OVERLAP},
        {C.IMPLICIT},
        ENT,
    ),
    (
        "Which football club did Alf Ramsey manage before his stint as manager for England?",
        {S.BEFORE},
        {C.IMPLICIT},
        ENT,
    ),
    ("Prior to becoming part of the Volhynian Governorate, what country was Lutsk in?", {S.BEFORE}, {C.IMPLICIT}, ENT),
    (
        "After the commissioning of the German submarine U-678, what U-boat flotilla did it join?",
        {S.AFTER},
        {C.IMPLICIT},
        ENT,
    ),
    ("What FIDE title did János Flesch hold at the time of his death?", {S.OVERLAP}, {C.IMPLICIT}, ENT),
    (
        "When Morocco annexed the former Mauritanian province of Tiris al-Gharbiyya in Western Sahara, which "
        "organization was it a member of?",
        {S.OVERLAP},
        {C.IMPLICIT},
        ENT,
    ),
    ("When Kiel joined Mayors for Peace?", {S.NO_SIGNAL}, {C.TEMPORAL_ANSWER}, DAY),
    ("What was Tomaž Gantar's country of citizenship at the time?", {S.OVERLAP}, {C.IMPLICIT}, ENT),
    # -- SituatedQA ("as of" is OVERLAP)
    (
        "when did england last get to the semi final of a world cup as of 2021",
        {S.ORDINAL, S.OVERLAP},
        {C.EXPLICIT, C.ORDINAL, C.TEMPORAL_ANSWER},
        DAY,
    ),
    ("who is the secretary of the department of education as of March 30, 2021", {S.OVERLAP}, {C.EXPLICIT}, ENT),
    ("how many episodes of beneath the surface are there as of February 20, 2019", {S.OVERLAP}, {C.EXPLICIT}, VAL),
]


@pytest.mark.parametrize(("question", "signals", "categories", "answer"), CASES, ids=[c[0][:50] for c in CASES])
def test_signals_categories_answer_type(
    question: str, signals: set[Signal], categories: set[Category], answer: tuple[AnswerKind, Granularity | None]
) -> None:
    tq = understand(question)
    assert set(tq.signals) == signals
    assert set(tq.categories) == categories
    assert (tq.answer_type.kind, tq.answer_type.granularity) == answer


def test_signals_come_in_exaqt_order_and_no_signal_stands_alone() -> None:
    assert understand("Who was the first to visit Japan after the foreign minister of Nepal?").signals == (
        Signal.AFTER,
        Signal.ORDINAL,
    )
    assert understand("Who is Angela Merkel?").signals == (Signal.NO_SIGNAL,)
    assert understand("Who is Angela Merkel?").categories == ()


@pytest.mark.parametrize(
    ("question", "granularity", "stated"),
    [
        ("When did Iran last negotiate with Federica Mogherini?", Granularity.DAY, False),
        ("What date did Russia annex Crimea?", Granularity.DAY, True),
        ("In which month did Xi Jinping praise the Bahamas?", Granularity.MONTH, True),
        (
            "In what year did the Prime Minister of India first express an intention to negotiate with Japan?",
            Granularity.YEAR,
            True,
        ),
        ("which decade did the beatles break up in", Granularity.YEAR, True),
        ("victor hugo was a member of the academie francaise when", Granularity.DAY, False),
        (
            "what is the start time for bob hope has award received as library of congress living legend",
            Granularity.DAY,
            False,
        ),
    ],
)
def test_time_answer_granularity(question: str, granularity: Granularity, stated: bool) -> None:
    answer = understand(question).answer_type
    assert answer.kind is AnswerKind.TIME
    assert (answer.granularity, answer.stated) == (granularity, stated)


@pytest.mark.parametrize(
    ("question", "boundary"),
    [
        ("When Płock became part of the Kingdom of Prussia start date?", Boundary.START),
        ("When Johan Cruyff joined FC Barcelona end date?", Boundary.END),
        ("when did lawrence summers stop being the united states secretary of the treasury", Boundary.END),
        ("when did podgorica start as principality of montenegro", Boundary.START),
        ("when was christopher columbus married", None),
    ],
)
def test_time_answer_boundary(question: str, boundary: Boundary | None) -> None:
    assert understand(question).answer_type.boundary is boundary


def test_explicit_time_at_its_granularity() -> None:
    tq = understand("Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?")
    assert tq.time == TimeSpan(date(2014, 12, 1), date(2014, 12, 31), Granularity.MONTH)
    tq = understand("Who would wish to visit Qatar in April 10th, 2007?")
    assert tq.time == TimeSpan.day(date(2007, 4, 10))


def test_main_content_and_temporal_constraint() -> None:
    # MRAG: the main content is the question without its temporal constraint.
    tq = understand("Who denounced Bolivia after 2 May 2015?")
    assert tq.main_content == "Who denounced Bolivia?"
    assert tq.temporal_constraint == "after 2 May 2015"
    tq = understand("On 19 October 2012, which country made a request to Japan?")
    assert tq.main_content == "Which country made a request to Japan?"
    tq = understand("Which country last praised Iran in 2009?")
    assert tq.main_content == "Which country praised Iran?"
    assert tq.temporal_constraint == "last in 2009"
    tq = understand("Before Tony Blair, with whom did France seek diplomatic cooperation?")
    assert tq.main_content == "With whom did France seek diplomatic cooperation?"
    assert tq.temporal_constraint == "Before Tony Blair"
    tq = understand("When did Dwight Howard play for Los Angeles Lakers between 2000 and 2017?")
    assert tq.main_content == "When did Dwight Howard play for Los Angeles Lakers?"
    # a succession verb is the question's own relation: only its object is the constraint
    tq = understand("What has replaced Sastamala since January 2009?")
    assert tq.main_content == "What has replaced?"
    assert tq.temporal_constraint == "Sastamala since January 2009"


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        (
            "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?",
            "expressed intent to meet or negotiate",
        ),
        ("Which country did Bolivia ask about before September 2009?", "ask"),
        ("Which country praised Togo on 12 November 2009?", "praised"),
        (
            "In which month did Doctors Without Borders engage in diplomatic cooperation with Health Ministry "
            "(Guinea)?",
            "engage in diplomatic cooperation",
        ),
        ("Who was the first to request a meeting with Togo in 2005?", "request a meeting"),
        ("Which day saw South Africa negotiate with China for the first time in 2014?", "negotiate"),
        ("Which country saw Iran negotiate with China?", "saw negotiate"),  # only a time is "saw"'s subject
        ("What date marked the first occasion in 2015 on which Iran commended Staffan de Mistura?", "commended"),
        ("During which year was the most recent time that Christine Lagarde commended China?", "commended"),
    ],
)
def test_relation_phrase(question: str, phrase: str) -> None:
    assert understand(question).relation_phrase == phrase


def test_rejects_non_text_and_empty_questions() -> None:
    with pytest.raises(QuestionError, match="empty"):
        understand("   ")
    with pytest.raises(QuestionError, match="must be text"):
        understand(None)  # type: ignore[arg-type]


def test_reference_date_places_relative_times() -> None:
    tq = understand("who is the current leader of china", reference_date=date(2014, 5, 3))
    assert tq.time == TimeSpan.day(date(2014, 5, 3))
    assert tq.reference_date == date(2014, 5, 3)
    assert understand("who is the current leader of china").time is None


def test_a_numeric_ordinal_before_a_capitalised_word_is_part_of_a_name() -> None:
    tq = understand("Which country did 6th Combined Arms Army belong to from Dec 1991 to 1998?")
    assert tq.ordinals == () and "6th Combined Arms Army" in tq.main_content
    assert [o.position for o in understand("Who was the 2nd to visit Iran in 2014?").ordinals] == [2]
