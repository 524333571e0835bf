"""Implicit anchors, ordinals and candidate mentions on real phrasings (checked by hand)."""

from __future__ import annotations

import pytest

from tkgrag.question import AnchorKind, AnchorRelation, MentionKind, understand
from tkgrag.temporal import Granularity

R = AnchorRelation
CLAUSE, NP = AnchorKind.CLAUSE, AnchorKind.NOUN_PHRASE


@pytest.mark.parametrize(
    ("question", "trigger", "text", "relation", "kind", "elliptical"),
    [
        # MultiTQ: an entity stands for the same event with that entity in the answer's role
        (
            "After Mahmoud Abbas, with whom did France want to engage in diplomatic cooperation?",
            "After",
            "Mahmoud Abbas",
            R.AFTER,
            NP,
            False,
        ),
        ("Who made optimistic remarks about Yasuo Fukuda after Japan?", "after", "Japan", R.AFTER, NP, False),
        (
            "Who was the first to accuse Iran after the head of government of Germany did?",
            "after",
            "the head of government of Germany did",
            R.AFTER,
            CLAUSE,
            True,
        ),
        (
            "Who last would wish to visit Japan before Herman Van Rompuy did?",
            "before",
            "Herman Van Rompuy did",
            R.BEFORE,
            CLAUSE,
            True,
        ),
        (
            "Which country was the last to express optimism about the leader of Ukraine, before Iran?",
            "before",
            "Iran",
            R.BEFORE,
            NP,
            False,
        ),
        (
            "Who wanted to establish diplomatic cooperation with Iran in the same month as Catherine Ashton?",
            "in the same month as",
            "Catherine Ashton",
            R.SAME_MONTH,
            NP,
            False,
        ),
        (
            "Which country did the envoy of Sudan want to meet on the same day of Qatar?",
            "on the same day of",
            "Qatar",
            R.SAME_DAY,
            NP,
            False,
        ),
        (
            "Who hosted the visit of Abdelkader Messahel to Mauritania in the same year?",
            "in the same year",
            "",
            R.SAME_YEAR,
            NP,
            False,
        ),
        # tkgqa: the anchor clause keeps its list of acts ("arrested, detained or charged") up to the main clause;
        # since h29v the list's commas are said as "or" before parsing (question.act_lists)
        (
            "Before Military (Thailand) arrested, detained or charged National United Front for Democracy Against "
            "Dictatorship, who was the last to arrest, detain or charge National United Front for Democracy Against "
            "Dictatorship?",
            "Before",
            "Military (Thailand) arrested or detained or charged National United Front for Democracy Against "
            "Dictatorship",
            R.BEFORE,
            CLAUSE,
            False,
        ),
        (
            "In the same month that Ministry (Turkey) visited Kuwait, who else visited Kuwait?",
            "In the same month that",
            "Ministry (Turkey) visited Kuwait",
            R.SAME_MONTH,
            CLAUSE,
            False,
        ),
        # TimeQuestions / TIQ
        (
            "what jobs did john adams have before he was president",
            "before",
            "he was president",
            R.BEFORE,
            CLAUSE,
            False,
        ),
        ("who became president when jfk was killed", "when", "jfk was killed", R.DURING, CLAUSE, False),
        (
            "during the vietnam war who was the leader of north vietnam",
            "during",
            "the vietnam war",
            R.DURING,
            NP,
            False,
        ),
        ("what is the name of the book hitler wrote while in prison", "while", "in prison", R.DURING, NP, False),
        (
            "When Barry Unsworth won the Booker Prize, which learned society recognized him?",
            "When",
            "Barry Unsworth won the Booker Prize",
            R.DURING,
            CLAUSE,
            False,
        ),
        (
            "Prior to becoming part of the Volhynian Governorate, what country was Lutsk in?",
            "Prior to",
            "becoming part of the Volhynian Governorate",
            R.BEFORE,
            CLAUSE,
            False,
        ),
        (
            "At the time of the Zambia national football team plane crash, what standards organisation was Senegal a "
            "member of?",
            "At the time of",
            "the Zambia national football team plane crash",
            R.DURING,
            NP,
            False,
        ),
        (
            "who was the chairperson of the communist party of china immediately before hu yaobang",
            "immediately before",
            "hu yaobang",
            R.BEFORE,
            NP,
            False,
        ),
        ("who was replaced by clovis i as king of france", "replaced by", "clovis i", R.BEFORE, NP, False),
        (
            "What country succeeded the Austrian Empire in Baia Mare?",
            "succeeded",
            "the Austrian Empire",
            R.AFTER,
            NP,
            False,
        ),
        ("who was prime minister of italy in world war 2", "in", "world war 2", R.DURING, NP, False),
        ("Since he became president, who has Obama met?", "Since", "he became president", R.START, CLAUSE, False),
    ],
)
def test_anchor(
    question: str, trigger: str, text: str, relation: AnchorRelation, kind: AnchorKind, elliptical: bool
) -> None:
    (anchor,) = understand(question).anchors
    assert (anchor.trigger, anchor.text, anchor.relation, anchor.kind, anchor.elliptical) == (
        trigger,
        text,
        relation,
        kind,
        elliptical,
    )
    # offsets index the question as read: a list of acts is said with "or" first (question.act_lists)
    assert understand(question).text[anchor.start : anchor.end] == text


def test_the_month_with_a_bare_relative_clause_is_an_anchor() -> None:
    # "in the month X visited Y" (no "when"): the month of X's visit
    q = "Who else paid a visit to Iran in the month Mexico paid a visit to Iran?"
    (anchor,) = understand(q).anchors
    assert (anchor.trigger, anchor.text, anchor.granularity) == (
        "in the month",
        "Mexico paid a visit to Iran",
        Granularity.MONTH,
    )
    # not "the month of", "the month after", "the year 2014"
    assert understand("Who visited Iran in the year 2014?").anchors == ()
    # "in the month after X" is the calendar month after X's (issue 29), not any time after X
    assert [
        (a.trigger, a.relation) for a in understand("Who visited Iran in the month after the election?").anchors
    ] == [("in the month after", AnchorRelation.MONTH_AFTER)]


def test_same_month_anchor_exposes_its_granularity() -> None:
    anchor = understand("Who received Juan Carlos I's visit from Juan Carlos I on the same month of Qatar?").anchor
    assert anchor is not None and anchor.granularity is Granularity.MONTH
    assert understand("Who denounced Bolivia after Evo Morales?").anchor.granularity is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "question",
    [
        "Who denounced Bolivia after 2 May 2015?",  # a date after the signal: explicit, not an anchor
        "what is named after vladikavkaz",  # "named after" is not temporal
        "when did pakistan get its independence",  # the question word
        "since when was jinju twinned with omsk",
        "what was the year when the knicks won the championship",  # "when" after a time noun defines the answer
        "who is the most followed page on instagram",  # "followed" as an adjective, not succession
        "when do we meet hook in once upon a time",
        "who recently took over as coach of indian hockey team",  # succession without an object
        "Who is Angela Merkel?",
        # the explicit time's own head noun after "during" is not an event to anchor on
        "During the month of September 2014, who criticized Citizen (Belgium)?",
        "During the whole year of 2014, who visited Japan?",
    ],
)
def test_no_anchor(question: str) -> None:
    assert understand(question).anchors == ()


def test_anchor_mentions_are_those_inside_it() -> None:
    tq = understand(
        "After Citizen (India) criticized Jitan Ram Manjhi, who was the first to criticize Jitan Ram Manjhi?"
    )
    (anchor,) = tq.anchors
    assert [m.text for m in anchor.mentions if m.kind is MentionKind.NAME] == ["Citizen (India)", "Jitan Ram Manjhi"]
    assert [m.text for m in tq.main_mentions() if m.kind is MentionKind.NAME] == ["Jitan Ram Manjhi"]


@pytest.mark.parametrize(
    ("question", "ordinals"),
    [
        ("In which year did Viktor Orban visit Iran for the first time?", [("for the first time", 1)]),
        ("When did Iran last negotiate with Federica Mogherini?", [("last", -1)]),
        ("Which nation was the earliest to condemn Iran?", [("earliest", 1)]),
        ("Who visited Japan most recently?", [("most recently", -1)]),
        ("who was the 32nd president of the us", [("32nd", 32)]),
        ("who was zeus' eldest sister", [("eldest", 1)]),
        ("when's the last time the mets won the world series", [("the last time", -1)]),
        ("Who was the second to last to visit Iran?", [("second to last", -2)]),
        # not temporal ordinals: inside dates, relative times, fixed compounds
        ("who visited France on the 3rd of May 2014", []),
        ("who won the title last year", []),
        ("what is the first name of the president", []),
        ("what is the first and last name of Security Service of Ukraine", []),
        ("Who met Nicos Anastasiades at a third location in November 2014?", []),
        ("who won the 2000 fa cup final", []),
        ("how long did the war last", []),
    ],
)
def test_ordinals(question: str, ordinals: list[tuple[str, int]]) -> None:
    assert [(o.text, o.position) for o in understand(question).ordinals] == ordinals


def test_ordinal_inside_an_anchor_belongs_to_the_anchor() -> None:
    # TIQ annotates this OVERLAP / Implicit only: "first" ranks the anchor event, not the answer.
    tq = understand(
        "When Desperate Housewives was released for the first time, which company was it produced in association with?"
    )
    assert tq.ordinals == ()
    assert "first" in tq.anchors[0].text


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("Who was the first to consult Head of Government (Latvia) in November 2014?", ["Head of Government (Latvia)"]),
        (
            "In which month did Defense / Security Ministry (Nigeria) make an appeal or request to Citizen (Nigeria)?",
            ["Defense / Security Ministry (Nigeria)", "Citizen (Nigeria)"],
        ),
        ("After 2014-01-09, who hosted a visit by Jacob J. Lew?", ["Jacob J. Lew"]),
        ("When did Uhuru Muigai Kenyatta first visit The Hague?", ["Uhuru Muigai Kenyatta", "The Hague"]),
        ("Who arrested, detained or charged Muammar al-Qaddafi in May 2014?", ["Muammar al-Qaddafi"]),
        (
            "When did Sheikh Hamad bin Isa al Khalifah last consult Military Personnel (Bahrain)?",
            ["Sheikh Hamad bin Isa al Khalifah", "Military Personnel (Bahrain)"],
        ),
        # signal words and months at a sentence start are not names; a signal word ends a name
        ("Before 10 August 2005, which country was rejected by Iran?", ["Iran"]),
        (
            "Who made optimistic remarks about Iran after the Organisation for Economic Cooperation and Development?",
            [
                "Iran",
                "Organisation for Economic Cooperation and Development",
                "Organisation for Economic Cooperation",
                "Development",
            ],
        ),
    ],
)
def test_name_mentions(question: str, names: list[str]) -> None:
    assert [m.text for m in understand(question).mentions if m.kind is MentionKind.NAME] == names


@pytest.mark.parametrize(
    ("question", "role", "holder"),
    [
        ("In which month did the head of Turkmenistan last praise Iran?", "head", "Turkmenistan"),
        (
            "Who was the first to accuse Iran after the head of government of Germany did?",
            "head of government",
            "Germany",
        ),
        ("Who did Zimbabwe's Foreign Minister praise last before Kuwait?", "Foreign Minister", "Zimbabwe"),
        ("Which country would want to cooperate with Japan first, after India's industry?", "industry", "India"),
        (
            "In what year did the Prime Minister of India first express an intention to negotiate with Japan?",
            "Prime Minister",
            "India",
        ),
    ],
)
def test_role_mentions(question: str, role: str, holder: str) -> None:
    roles = [(m.role, m.holder) for m in understand(question).mentions if m.kind is MentionKind.ROLE]
    assert (role, holder) in roles


def test_quoted_and_lower_case_mentions() -> None:
    tq = understand(
        'which leader of the first communist party of china once quoted "all reactionaries are paper tigers."'
    )
    assert [m.text for m in tq.mentions if m.kind is MentionKind.QUOTED] == ["all reactionaries are paper tigers."]
    chunks = [m.text for m in understand("who was the australiain prime minister in 1967").mentions]
    assert chunks == ["australiain prime minister"]


def test_during_the_month_of_a_date_is_that_explicit_month() -> None:
    q = understand("During the month of September 2014, who criticized Citizen (Belgium)?")
    assert [t.text for t in q.times] == ["September 2014"]
    assert q.times[0].granularity is Granularity.MONTH
