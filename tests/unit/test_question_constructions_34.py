"""Issue 29, h33r: the relation, entity and clause families of blind sets 34-38 (tuning data now), each with wordings
of my own. Each case failed before its fix unless marked as a guard."""

from __future__ import annotations

import pytest

from tkgrag.question.clause_shapes import abbreviated_countries, came_next, inverted_names, targets_when
from tkgrag.question.graph_linker import named_after_country, variants
from tkgrag.question.grounding import _either
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import either_acts, relation_phrases
from tkgrag.question.relations import RelationMatch

ARREST = "Arrest,_detain,_or_charge_with_legal_action"
LAWSUIT = "Bring_lawsuit_against"
INTENT_DIPLOMATIC = "express intent to engage in diplomatic cooperation"

# -- "took legal action against X": an arrest or a lawsuit, the words do not say which ------------------------------


@pytest.mark.parametrize(
    "phrase",
    [
        "took legal action against",
        "take legal action against",
        "launched legal proceedings against",
        "took legal steps",
    ],
)
def test_bare_legal_action_names_an_arrest_and_a_lawsuit(phrase: str) -> None:
    assert either_acts(phrase) == ("arrest, detain, or charge with legal action", "bring lawsuit against")
    said = relation_phrases(phrase)
    assert "arrest, detain, or charge with legal action" in said and "bring lawsuit against" in said


@pytest.mark.parametrize(
    "phrase",
    [
        "took legal action (arrest, detention or charges) against",  # guard: the gloss says which
        "took legal action by arrest against",  # guard
        "filed a lawsuit as legal action against",  # guard
        "sued",  # guard
        "arrested",  # guard
        "criticized",  # guard
    ],
)
def test_a_legal_action_that_says_which_is_one_act(phrase: str) -> None:
    assert either_acts(phrase) == ()


@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("took to court", "bring lawsuit against"),
        ("filed a case against", "bring lawsuit against"),
        ("litigated against", "bring lawsuit against"),
        ("prosecuted", "arrest, detain, or charge with legal action"),
        ("filed charges against", "arrest, detain, or charge with legal action"),  # guard: as before
    ],
)
def test_other_words_for_a_lawsuit_or_a_charge(phrase: str, act: str) -> None:
    assert relation_phrases(phrase)[1:] == [act]


def _m(relation: str, score: float) -> RelationMatch:
    return RelationMatch(relation, score, score, score)


def test_either_holds_both_candidates_when_the_chosen_one_is_among_them() -> None:
    candidates = [_m(ARREST, 1.0), _m(LAWSUIT, 1.0), _m("Appeal_for_rights", 0.4)]
    assert _either("took legal action against", LAWSUIT, candidates) == (LAWSUIT, ARREST)
    assert _either("took legal action against", ARREST, candidates) == (ARREST, LAWSUIT)
    # guards: a relation an anchor fixed, a phrase that names one act, a graph without lawsuits
    assert _either("took legal action against", "Consult", candidates) == ()
    assert _either("arrested", ARREST, candidates) == ()
    assert _either("took legal action against", ARREST, [_m(ARREST, 1.0)]) == ()


# -- "promised policy support to X", "pledging support to X", "signalled it would back X diplomatically": the intent --


@pytest.mark.parametrize(
    "phrase",
    [
        "promised policy support to",
        "pledged policy support to",
        "pledging support to",
        "vowed support for",
        "signalled it would back diplomatically",
        "signaled that it would support diplomatically",
        "promised support to",
        # an offer is the intent, as "offered diplomatic support to X" was (the writers' gold: Djibouti's
        # Express_intent_to_engage_in_diplomatic_cooperation to Japan, 2014-04-14)
        "offered policy support to",
        "pledged its support to",
        "committed to supporting",
    ],
)
def test_a_promised_support_is_the_intent_to_cooperate_diplomatically(phrase: str) -> None:
    assert INTENT_DIPLOMATIC in relation_phrases(phrase)


@pytest.mark.parametrize(
    ("phrase", "act"),
    [
        ("supported", "praise or endorse"),  # guard: the act, no intent
        ("gave policy support to", "engage in diplomatic cooperation"),  # guard
        ("backed diplomatically", "engage in diplomatic cooperation"),  # guard
    ],
)
def test_support_given_is_no_intent(phrase: str, act: str) -> None:
    said = relation_phrases(phrase)
    assert act in said
    assert INTENT_DIPLOMATIC not in said


# -- "What are the names of those whom X visited?": X is the subject, the answer the object -------------------------


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("What are the names of those whom Barack Obama investigated in 2015?", "investigated"),
        ("Give the names of those Catherine Ashton visited in January 2014.", "visited"),
        ("Provide the names of the parties that Japan criticized in 2014.", "criticized"),
        ("What are the names of the countries China accused in 2015?", "accused"),
        ("Tell me the names of everyone whom Kenya hosted in 2014.", "hosted"),
    ],
)
def test_the_names_of_those_whom_is_the_answer_head(question: str, phrase: str) -> None:
    tq = understand(question)
    assert tq.relation_phrase == phrase


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        (
            "In June 2015, the head of government of Egypt was consulted by which countries or organisations?",
            "consulted",
        ),
        ("In 2014, Japan was visited by which country or group?", "visited"),
        ("Iran was criticized by which actors and organisations in 2015?", "criticized"),
        ("Japan was visited by which country in 2014?", "visited"),  # guard: one word, as before
    ],
)
def test_a_trailing_wh_phrase_with_two_nouns_is_no_event_word(question: str, phrase: str) -> None:
    assert understand(question).relation_phrase == phrase


# -- "who were the targets when X did R to someone": X did R to whom -------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "In the spring of 2015, who were the targets when Alexis Tsipras made demands of someone?",
            "In the spring of 2015, Alexis Tsipras made demands of whom?",
        ),
        (
            "In 2014, who were the targets when the police in Bulgaria arrested, detained or charged someone?",
            "In 2014, the police in Bulgaria arrested, detained or charged whom?",
        ),
        (
            "In the first half of 2014, who were the targets when Ibrahim Boubacar Keïta spoke in praise of someone?",
            "In the first half of 2014, Ibrahim Boubacar Keïta spoke in praise of whom?",
        ),
        ("Who was the target when Japan met someone in May 2014?", "Japan met whom in May 2014?"),
        (
            "Which actors were the targets when Iran made threats against somebody in 2014?",
            "Iran made threats against whom in 2014?",
        ),
        (
            "In 2015, who were the targets when China criticized someone?",
            "In 2015, China criticized whom?",
        ),
        (
            "Who was on the receiving end when Alexis Tsipras made demands of someone in the spring of 2015?",
            "Alexis Tsipras made demands of whom in the spring of 2015?",
        ),
        (
            "In 2014, who was at the receiving end, when Japan made an appeal to someone?",
            "In 2014, Japan made an appeal to whom?",
        ),
        (
            # guard: a verb's own object is ``receiving_end``'s passive
            "Who was on the receiving end when China arrested, detained or charged someone on 10 October 2015?",
            "Who was on the receiving end when China arrested, detained or charged someone on 10 October 2015?",
        ),
        ("In 2014, who were the victims when Boko Haram attacked someone?", "In 2014, Boko Haram attacked whom?"),
        ("In 2014, who was targeted when China criticized someone?", "In 2014, China criticized whom?"),
        (
            "In 2014, who were the targets when Iran was criticized by someone?",  # guard: "by" asks the agent
            "In 2014, who were the targets when Iran was criticized by someone?",
        ),
        (
            "Who were the targets when Iran made threats against somebody in Syria?",  # guard: a place after it
            "Who were the targets when Iran made threats against somebody in Syria?",
        ),
    ],
)
def test_the_targets_when_someone_is_the_clauses_object(question: str, rewritten: str) -> None:
    assert targets_when(question) == rewritten


def test_the_targets_when_question_reads_the_subject_and_relation() -> None:
    tq = understand(
        "In the spring of 2015 (meaning March, April and May), who were the targets when Alexis Tsipras made demands "
        "of someone?"
    )
    assert not tq.anchors
    assert tq.relation_phrase == "made demands"
    assert [m.text for m in tq.mentions] == ["Alexis Tsipras"]


# -- "Who came next after X in praising Y?": the first after X's own event -------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "Who came next after United Arab Emirates in praising Iraq?",
            "Who was the next after United Arab Emirates to praising Iraq?",
        ),
        (
            "Which country came next, after Angela Merkel, in offering talks to Ashraf Ghani Ahmadzai?",
            "Which country was the next after Angela Merkel to offering talks to Ashraf Ghani Ahmadzai?",
        ),
        (
            "Which party followed South Africa in pledging support to Iran?",
            "Which party was the next after South Africa to pledging support to Iran?",
        ),
        (
            "In 2014, who was next after citizens of Thailand in sounding optimistic about protesters in Thailand?",
            "In 2014, who was the next after citizens of Thailand to sounding optimistic about protesters in Thailand?",
        ),
        (
            "Who came next, after John Kerry, to hold negotiations with African Union?",  # guard: already read
            "Who came next, after John Kerry, to hold negotiations with African Union?",
        ),
        ("Who came after Japan in criticizing China?", "Who was the next after Japan to criticizing China?"),
        (
            "Who came just before United Arab Emirates in praising Iraq?",
            "Who was the last before United Arab Emirates to praising Iraq?",
        ),
        ("Who followed Japan in 2014?", "Who followed Japan in 2014?"),  # guard: no act
    ],
)
def test_came_next_after_x_in_doing(question: str, rewritten: str) -> None:
    assert came_next(question) == rewritten


def test_came_next_reads_the_anchor_and_the_act() -> None:
    tq = understand("Who came next after Mulatu Teshome in sympathizing with Xi Jinping?")
    assert [(a.text, a.trigger) for a in tq.anchors] == [("Mulatu Teshome", "after")]
    assert tq.relation_phrase == "sympathizing"


# -- "Palestinian Territory, Occupied": ICEWS's inverted name holds a comma ------------------------------------------


def test_an_inverted_name_is_said_in_order() -> None:
    q = (
        "Who made a statement to a court judge in the United Kingdom in the same month as when the head of government "
        "of Palestinian Territory, Occupied made a demand of the media in Palestinian Territory, Occupied?"
    )
    said = inverted_names(q)
    assert "Occupied Palestinian Territory made a demand of the media in Occupied Palestinian Territory?" in said
    tq = understand(q)
    assert len(tq.anchors) == 1
    assert tq.anchors[0].text.endswith("made a demand of the media in Occupied Palestinian Territory")
    assert "Occupied" not in [m.text for m in tq.mentions]
    assert inverted_names("Who visited Iran, Iraq and Syria?") == "Who visited Iran, Iraq and Syria?"  # guard


# -- older entity items: "the US cabinet", "NATO", plain "Kenya" where the store has only "Kenya Army" ----------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Who praised the US cabinet in 2014?", "Who praised the American cabinet in 2014?"),
        (
            "Iraq once held consultations with the U.S. cabinet. Who else did the same on that day?",
            "Iraq once held consultations with the American cabinet. Who else did the same on that day?",
        ),
        ("Who visited the US in 2014?", "Who visited the United States in 2014?"),
        ("Whom did the UK government criticize?", "Whom did the British government criticize?"),
        ("Did the UAE and Japan meet in 2014?", "Did the United Arab Emirates and Japan meet in 2014?"),
        ("Tell us who visited Iran.", "Tell us who visited Iran."),  # guard: the pronoun
        (
            "In what month did UAE Armed Forces use force against ordinary people in United Arab Emirates?",
            "In what month did UAE Armed Forces use force against ordinary people in United Arab Emirates?",
        ),  # guard: a name that starts with the abbreviation
    ],
)
def test_abbreviated_countries(question: str, said: str) -> None:
    assert abbreviated_countries(question) == said


def test_the_us_cabinet_is_a_sector_of_the_united_states() -> None:
    tq = understand("Who praised the US cabinet in 2014?")
    assert [(m.text, m.role, m.holder) for m in tq.mentions if m.role] == [
        ("American cabinet", "cabinet", "United States")
    ]


def test_an_acronym_is_tried_in_full() -> None:
    forms = variants(Mention("NATO", 0, 4, MentionKind.NAME))
    assert forms[0] == "NATO" and "North Atlantic Treaty Organization" in forms
    assert variants(Mention("Nato", 0, 4, MentionKind.NAME)) == ["Nato"]  # guard: capitals only


@pytest.mark.parametrize(
    ("mention", "name", "other"),
    [
        ("Kenya", "Kenya Army", True),
        ("Kenya", "Kenya Airways", True),
        ("the United States", "United States Senate", True),
        ("Kenya", "Kenya Television Network", True),
        ("Kenya", "Kenya", False),  # guard
        ("Denmark", "Denmark Vesey", False),  # guard: a person
        ("Abdullah Abdullah", "Abdullah Gül", False),  # guard: no country
    ],
)
def test_an_organisation_named_after_a_country_is_not_the_country(mention: str, name: str, other: bool) -> None:
    assert named_after_country(Mention(mention, 0, len(mention), MentionKind.NAME), name) is other


@pytest.mark.parametrize(
    ("question", "sector"),
    [
        (
            "Which month, before British citizens signalled willingness to hold talks with China, last saw ordinary "
            "people in the United Kingdom attack employees in Mozambique physically?",
            "employees in Mozambique",
        ),
        ("When did the United Kingdom attack workers in Mozambique?", "workers in Mozambique"),
    ],
)
def test_a_sector_after_a_name_and_its_verb(question: str, sector: str) -> None:
    # "the United Kingdom attack employees in Mozambique": a clause's subject and verb, then the verb's sector object
    assert sector in [m.text for m in understand(question).mentions if m.kind is MentionKind.ROLE]


def test_a_name_and_its_verb_is_no_role() -> None:
    # guard: "the African Union spoke approvingly of Djibouti" has no sector
    tq = understand("Did the African Union speak approvingly of Djibouti in 2014?")
    assert [m.kind for m in tq.mentions] == [MentionKind.NAME, MentionKind.NAME]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("Which actors expressed intent to back Laos diplomatically?", "expressed intent to back diplomatically"),
        ("Who backed Laos economically?", "backed economically"),
        ("Who criticized the Kenyan police?", "criticized"),  # guard: a sector after a demonym
    ],
)
def test_an_adverb_after_a_name_is_no_role(question: str, phrase: str) -> None:
    # "Laos diplomatically" was a role mention: the manner left the relation phrase (the intent to cooperate, not the
    # intent to cooperate diplomatically)
    tq = understand(question)
    assert tq.relation_phrase == phrase
    assert not any(m.text.endswith("ly") for m in tq.mentions)
