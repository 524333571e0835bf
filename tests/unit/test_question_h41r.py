"""Issue 29 item 3 (h41r): topic sentences with pronouns, labels before a colon, a report's hedge ("is said to have")
and a placeholder asked after its statement ("X criticized several parties in 2014. Which ones?")."""

from __future__ import annotations

import pytest

from tests.unit.question_readings import rewritten, roles
from tkgrag.model import AnswerRole
from tkgrag.question import QuestionError, understand
from tkgrag.question.hedges import asked_placeholder, without_report
from tkgrag.question.topic import UnreadableTopic, resolve_topic, without_label

SUBJ, OBJ = AnswerRole.SUBJECT, AnswerRole.OBJECT


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Take Cambodia. Once 28 January 2014 had passed, which actors accused it during the rest of 2014?",
            "Once 28 January 2014 had passed, which actors accused Cambodia during the rest of 2014?",
        ),
        (
            "I'm looking at protesters in Hong Kong. Whom did they make a request to in December 2014?",
            "Whom did protesters in Hong Kong make a request to in December 2014?",
        ),
        (
            "I'm tracking Ethiopia and Tanzania. In what month or months of 2014 did Ethiopia voice an intention to "
            "cooperate with Tanzania?",
            "In what month or months of 2014 did Ethiopia voice an intention to cooperate with Tanzania?",
        ),
        ("Let's stay with France. Who negotiated with it in 2014?", "Who negotiated with France in 2014?"),
        (
            "Let's talk about the police in Kenya. In the same month that X sued Y, whom did they investigate?",
            "In the same month that X sued Y, whom did the police in Kenya investigate?",
        ),
        (
            "Think about South Korea in 2014. Who was the last one it visited that year?",
            "Who was the last one South Korea visited in 2014?",
        ),
        (
            "Think about South Korea and Japan in 2015. Give me every date that year when South Korea lodged an "
            "official complaint against Japan.",
            "Give me every date in 2015 when South Korea lodged an official complaint against Japan.",
        ),
        (
            "Quick one about Al Jazeera: in August 2015, whom did Al Jazeera hold consultations with?",
            "In August 2015, whom did Al Jazeera hold consultations with?",
        ),
        (
            "About the government of Angola: who praised the government of Angola in 2014?",
            "Who praised the government of Angola in 2014?",
        ),
        (
            "Now Syria's foreign ministry. In 2014, who was the last to hold consultations with it?",
            "In 2014, who was the last to hold consultations with Syria's foreign ministry?",
        ),
        (
            "Consider China. In 2014 but before May 15, 2014, who investigated it?",
            "In 2014 but before May 15, 2014, who investigated China?",
        ),
        (
            "I'm following citizens of Kenya. After they made a request to Eugene Wamalwa in 2014, who praised them?",
            "After citizens of Kenya made a request to Eugene Wamalwa in 2014, who praised citizens of Kenya?",
        ),
        (
            "I'm interested in citizens of Bangladesh after 16 May 2014. For the rest of 2014, whom did they accuse?",
            "After 16 May 2014, for the rest of 2014, whom did citizens of Bangladesh accuse?",
        ),
        (
            "Citizens of Belarus again. In 2015, who did they make a request to?",
            "In 2015, who did citizens of Belarus make a request to?",
        ),
        (
            "Take Thailand. After it gave economic aid to Laos, when did Thailand next call for support?",
            "After Thailand gave economic aid to Laos, when did Thailand next call for support?",
        ),
        # the old forms read as before
        ("How about Serbia? Who was the last to pay a visit to it?", "Who was the last to pay a visit to Serbia?"),
        ("And Serbia? Who was the last to visit it?", "Who was the last to visit Serbia?"),
    ],
)
def test_a_topic_sentence_is_the_referent_of_the_pronouns_and_its_words_no_name(question: str, expected: str) -> None:
    assert resolve_topic(question) == expected
    words = {m.text for m in understand(question).mentions}
    assert not words & {"Take Cambodia", "Let's stay", "Let", "Quick", "Think", "Consider China", "Now", "Take"}


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("I'm tracking Ethiopia and Tanzania. In 2014, whom did it visit?", "names two parties"),
        ("Take China. Who told it to visit them in 2014?", "may stand for different parties"),
        ("How about China? Who told it to visit them?", "may stand for different parties"),
        ("Take China. Who visited most recently?", "has no place in the question"),
    ],
)
def test_a_topic_whose_place_cannot_be_told_is_an_abstention_with_its_reason(question: str, why: str) -> None:
    with pytest.raises(UnreadableTopic, match=why):
        resolve_topic(question)
    with pytest.raises(QuestionError, match=why):
        understand(question)


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China in 2014?",
        "And who visited Serbia? Who visited it?",  # a question, not a topic
        "Mexico criticized criminals in Mexico in 2015. Who investigated criminals in Mexico after that?",
        "Take a guess: who visited China in 2014?".replace("Take a guess: ", ""),
    ],
)
def test_no_topic_sentence_no_change(question: str) -> None:
    assert resolve_topic(question) == question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Fact-check: which parties praised Madagascar during the month of January 2014?",
            "Which parties praised Madagascar during the month of January 2014?",
        ),
        (
            "The wire copy is missing a name: on May 30, 2015, who did Anatoly Antonov negotiate with?",
            "On May 30, 2015, who did Anatoly Antonov negotiate with?",
        ),
        (
            "For the year-end review: whom did Alexis Tsipras visit in 2014? List all of them.",
            "Whom did Alexis Tsipras visit in 2014? List all of them.",
        ),
    ],
)
def test_a_label_before_a_colon_that_names_nothing_goes(question: str, expected: str) -> None:
    assert without_label(question) == expected
    assert "Fact-check" not in {m.text for m in understand(question).mentions}


@pytest.mark.parametrize(
    "question",
    [
        "Yu Zhengsheng: who hosted them in September 2015?",  # a topic for dash_topic
        "Barack Obama: who visited Japan in 2014?",  # a name
        "The police in Kenya: who visited Japan in 2014?",  # a sector
        "In 2014: who praised Japan?",  # a time
        "To close the 2014 timeline: whom did Hezbollah praise most recently before year end?",  # a scope
        "Before Obama visited Japan: who visited China?",  # an anchor
        "when: Japan visited China [2014]; granularity month",
    ],
)
def test_a_name_time_or_topic_before_a_colon_stays(question: str) -> None:
    assert without_label(question) == question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "John Baird is said to have criticized several parties over the course of 2014.",
            "John Baird criticized several parties over the course of 2014.",
        ),
        (
            "Romania is reported to have hosted Klaus Johannis on a visit in May 2014.",
            "Romania hosted Klaus Johannis on a visit in May 2014.",
        ),
        ("Japan is said to have given aid to Iraq.", "Japan gave aid to Iraq."),
        ("Japan is said to have been visited by Iraq.", "Japan was visited by Iraq."),
        ("Who is said to have visited Japan?", "Who visited Japan?"),
        ("Japan said it would visit Iraq.", "Japan said it would visit Iraq."),
    ],
)
def test_a_reports_hedge_leaves_the_act_to_its_subject(question: str, expected: str) -> None:
    assert without_report(question) == expected


@pytest.mark.parametrize(
    ("question", "expected", "named"),
    [
        (
            "John Baird is said to have criticized several parties over the course of 2014. Which ones?",
            "John Baird criticized whom over the course of 2014?",
            "John Baird",
        ),
        (
            "It says here that Wang Yi issued threats against someone on 9 March 2014. Who does the record have?",
            "Wang Yi issued threats against whom on 9 March 2014?",
            "Wang Yi",
        ),
        (
            "Bukola Saraki is said to have issued threats against a party on Thursday, 12 February 2015 -- whom, "
            "exactly?",
            "Bukola Saraki issued threats against whom on 12 February 2015?",
            "Bukola Saraki",
        ),
        (
            "Antonis Samaras is said to have appealed to several parties over the course of 2015. Which ones?",
            "Antonis Samaras appealed to whom over the course of 2015?",
            "Antonis Samaras",
        ),
        (
            "It says here that Daniel Barrera Barrera cooperated diplomatically with someone on 20 November 2014. "
            "Who does the record have?",
            "Daniel Barrera Barrera cooperated diplomatically with whom on 20 November 2014?",
            "Daniel Barrera Barrera",
        ),
    ],
)
def test_a_placeholder_asked_after_its_statement_is_the_asked_object(question: str, expected: str, named: str) -> None:
    assert rewritten(question) == expected
    got, answer = roles(question)
    assert got == {named: SUBJ}
    assert answer is OBJ


@pytest.mark.parametrize(
    "question",
    [
        "Liu Zhenmin visited several parties in 2014. Whom did Liu Zhenmin visit first that year?",
        "Japan visited someone in 2014. When?",
        "Japan visited someone in 2014. Who visited Japan?",
    ],
)
def test_a_placeholder_with_another_question_after_it_stays(question: str) -> None:
    assert asked_placeholder(question) == question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "For the year-end review: whom did Alexis Tsipras visit in 2014? List all of them.",
            ({"Alexis Tsipras": SUBJ}, OBJ),
        ),
        (
            "Romania is reported to have hosted Klaus Johannis on a visit in May 2014. What was the exact date?",
            ({"Romania": SUBJ, "Klaus Johannis": OBJ}, AnswerRole.TIME),
        ),
        (
            "Take Cambodia. Once 28 January 2014 had passed, which actors accused it during the rest of 2014?",
            ({"Cambodia": OBJ}, SUBJ),
        ),
        (
            "I'm looking at protesters in Hong Kong. Whom did they make a request to in December 2014?",
            ({"protesters in Hong Kong": SUBJ, "Hong Kong": SUBJ}, OBJ),
        ),
    ],
)
def test_the_roles_read_from_the_resolved_question(
    question: str, expected: tuple[dict[str, AnswerRole], AnswerRole]
) -> None:
    assert roles(question) == expected


def test_a_label_that_names_a_party_stays() -> None:
    assert without_label("Looking at Japan only: who visited China in 2014?").startswith("Looking at Japan only:")
