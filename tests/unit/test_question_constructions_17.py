"""Issue 29, h29t: the relation, entity and clause families of blind sets 17 and 18 (tuning data now), each with
wordings of my own. Each case failed before its fix unless marked as a guard."""

from __future__ import annotations

import pytest

from tkgrag.question.clause_shapes import anchor_period_part, dash_topic, plural_marks, targets_when, than_the_day
from tkgrag.question.link_selection import select_links
from tkgrag.question.linking import EntityLink
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases

# -- a sector said with "a"/"an" ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "mention", "role", "holder"),
    [
        ("On what date did a ministry of Russia send aid to China?", "a ministry of Russia", "ministry", "Russia"),
        ("Who criticized a court judge in Mexico in 2014?", "a court judge in Mexico", "court judge", "Mexico"),
        ("When did an official of Kenya visit Japan?", "an official of Kenya", "official", "Kenya"),
        ("Whom did a governor of Kenya meet in May 2014?", "a governor of Kenya", "governor", "Kenya"),
        (
            "When did a labor and employment ministry of Bahrain praise Bahrain?",
            "a labor and employment ministry of Bahrain",
            "labor and employment ministry",
            "Bahrain",
        ),
    ],
)
def test_a_sector_with_an_indefinite_article_is_one_mention(
    question: str, mention: str, role: str, holder: str
) -> None:
    found = [(m.text, m.role, m.holder) for m in find_mentions(question) if m.kind is MentionKind.ROLE]
    assert (mention, role, holder) in found


@pytest.mark.parametrize(
    "question",
    [
        "Who made a visit of state to Japan?",  # guard: an event noun, no sector
        "Who made a statement of Russia's views?",  # guard
        "Who carried out a probe of Citizen (South Korea) in October 2014?",  # guard: "probe" is no sector
    ],
)
def test_an_event_noun_after_a_is_no_sector(question: str) -> None:
    assert not [m for m in find_mentions(question) if m.kind is MentionKind.ROLE and m.text.startswith("a ")]


@pytest.mark.parametrize(
    ("question", "mention"),
    [
        # guards: an "a" phrase that is no sector leaves the sector nearer the holder (found before this change)
        ("Which actors made a statement about businesses in Indonesia in 2014?", "businesses in Indonesia"),
        ("Who made a statement of citizens of Kenya in 2014?", "citizens of Kenya"),
    ],
)
def test_the_sector_nearer_the_holder_stays(question: str, mention: str) -> None:
    assert mention in [m.text for m in find_mentions(question) if m.kind is MentionKind.ROLE]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("In 2014, which day(s) did Human Rights Watch criticize a court judge in Tunisia?", "criticize"),
        ("In 2014, on which date(s) did Amnesty International praise a court judge in Kenya?", "praise"),
        ("Which actor(s) did Human Rights Watch accuse in 2014?", "accuse"),
    ],
)
def test_the_verb_is_the_relation_with_a_plural_mark_and_an_indefinite_sector(question: str, phrase: str) -> None:
    # before, the "s" of "day(s)" was the first word of the relation phrase, so the verb was placed before the
    # subject and both entities were read as objects (a wrong answer: the reversed event's days)
    assert understand(question).relation_phrase == phrase


def test_plural_marks() -> None:
    assert plural_marks("which day(s) and match(es)") == "which days and matches"
    assert plural_marks("Human Rights Watch (HRW)") == "Human Rights Watch (HRW)"  # guard


# -- an unlinked sector never falls to another actor through its holder -------------------------------------------


def _links(m: Mention, *pairs: tuple[str, float]) -> list[EntityLink]:
    return [EntityLink(m, k, k, s) for k, s in pairs]


def test_an_unlinked_sector_is_not_read_as_its_holders_inexact_link() -> None:
    role = Mention("a ministry of Russia", 10, 30, MentionKind.ROLE, "ministry", "Russia")
    name = Mention("Russia", 24, 30, MentionKind.NAME)
    picked = select_links([role, name], [[], _links(name, ("United_Russia", 0.93))])
    assert picked == [(role, None)]


def test_an_exact_holder_still_stands_for_an_unknown_role() -> None:  # guard: behaviour as before
    role = Mention("a member of Hamas", 10, 27, MentionKind.ROLE, "member", "Hamas")
    name = Mention("Hamas", 22, 27, MentionKind.NAME)
    picked = select_links([role, name], [[], _links(name, ("Hamas", 3.0))])
    assert picked == [(name, picked[0][1])] and picked[0][1] is not None and picked[0][1].key == "Hamas"


# -- relation words ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "canonical"),
    [
        ("downgraded ties", "reduce relations"),
        ("scale back relations", "reduce relations"),
        ("scaled back ties", "reduce relations"),
        ("cut back on relations", "reduce relations"),
        ("reduced its ties", "reduce relations"),
        ("downgrades relations", "reduce relations"),
        ("downgraded diplomatic ties", "reduce or break diplomatic relations"),
        ("cut ties", "reduce or break diplomatic relations"),  # guard
        ("broke off diplomatic relations", "reduce or break diplomatic relations"),  # guard
        ("spoke publicly", "make statement"),
        ("speaks publicly", "make statement"),
        ("spoke in public", "make statement"),
        ("commented publicly", "make statement"),  # guard
        ("spoke out", "criticize or denounce"),  # guard
    ],
)
def test_relation_words(phrase: str, canonical: str) -> None:
    assert relation_phrases(phrase)[1] == canonical


# -- a topic before a dash ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        ("Yu Zhengsheng — who hosted them in September of 2015?", "Who hosted Yu Zhengsheng in September of 2015?"),
        (
            "Criminals in Mexico — who arrested or detained them in November 2015?",
            "Who arrested or detained criminals in Mexico in November 2015?",
        ),
        ("Japan – which countries criticized it in 2014?", "Which countries criticized Japan in 2014?"),
        ("Angela Merkel - who praised her in May 2015?", "Who praised Angela Merkel in May 2015?"),
        ("The police in Kenya -- whom did they accuse in 2014?", "Whom did the police in Kenya accuse in 2014?"),
        ("Japan — who visited China in 2014?", "Japan — who visited China in 2014?"),  # guard: no pronoun
        ("Japan — who told them about it in 2014?", "Japan — who told them about it in 2014?"),  # guard: two
    ],
)
def test_dash_topic(question: str, rewritten: str) -> None:
    assert dash_topic(question) == rewritten


# -- "who were the targets when X V'd with someone" ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "In 2014, who were the targets when officials in Nigeria had a telephone conversation with someone?",
            "In 2014, officials in Nigeria had a telephone conversation with whom?",
        ),
        (
            # a time after it (h33r: read since sets 34-38; it was a guard)
            "Who were the targets when Iran made threats against somebody in 2014?",
            "Iran made threats against whom in 2014?",
        ),
        (
            "In May 2015, who was the target when China made an appeal to someone?",
            "In May 2015, China made an appeal to whom?",
        ),
        (
            "Who were the recipients when Japan offered aid to someone?",
            "Japan offered aid to whom?",
        ),
        (
            "In 2014, who were the targets when Iran was criticized by someone?",  # guard: "by" asks the agent
            "In 2014, who were the targets when Iran was criticized by someone?",
        ),
    ],
)
def test_targets_when(question: str, rewritten: str) -> None:
    assert targets_when(question) == rewritten


# -- a part of the anchor's period, the relation stated only in the anchor --------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "Earlier in the month in which the government of Nigeria investigated Murtala Nyako, who else had already"
            " done so?",
            "In the same month that the government of Nigeria investigated Murtala Nyako, who else had done so before"
            " the government of Nigeria did?",
        ),
        (
            "Before Civic Action Group made a statement about Barack Obama, which other actors had done the same"
            " earlier that month?",
            "In the same month that Civic Action Group made a statement about Barack Obama, which other actors had"
            " done the same before Civic Action Group did?",
        ),
        (
            "After citizens of Greece provided humanitarian assistance to Iraq, who else did the same later that"
            " month?",
            "In the same month that citizens of Greece provided humanitarian assistance to Iraq, who else did the same"
            " after citizens of Greece did?",
        ),
        (
            "Later in the year when Japan criticized China, which other countries did likewise?",
            "In the same year that Japan criticized China, which other countries did likewise after Japan did?",
        ),
        (
            "Before Iran praised Iraq, who else had done so earlier in the same week?",
            "In the same week that Iran praised Iraq, who else had done so before Iran did?",
        ),
        (
            "After Iran praised Iraq, who else did so earlier that month?",  # guard: the sides disagree
            "After Iran praised Iraq, who else did so earlier that month?",
        ),
        (
            "Earlier in the month in which Iran praised Iraq, who criticized Japan?",  # guard: its own event
            "Earlier in the month in which Iran praised Iraq, who criticized Japan?",
        ),
    ],
)
def test_anchor_period_part(question: str, rewritten: str) -> None:
    assert anchor_period_part(question) == rewritten


def test_the_part_of_a_period_reads_as_a_same_month_anchor_and_an_ellipsis() -> None:
    tq = understand(
        "Earlier in the month in which Victor Ponta consulted Klaus Johannis, who else had already done so?"
    )
    assert tq.relation_phrase == "" and tq.pro_form
    assert [a.relation.value for a in tq.anchors] == ["same-month", "before"]


@pytest.mark.parametrize(
    "question",
    [
        "After Medha Patkar conferred with the media in India, who was the next other actor to do so?",
        "After Iran praised Iraq, who was the next other party to do the same?",
        "Before Iran praised Iraq, which was the last other country to do so?",  # guard (read before too)
    ],
)
def test_the_next_other_actor_is_no_event(question: str) -> None:
    tq = understand(question)
    assert tq.relation_phrase == "" and tq.pro_form


# -- "earlier in YEAR than the day X did Y" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        (
            "Which actors hosted Suleiman Abba earlier in 2014 than the day Suleiman Abba made upbeat remarks about"
            " citizens of Nigeria?",
            "Before the day Suleiman Abba made upbeat remarks about citizens of Nigeria in 2014, which actors hosted"
            " Suleiman Abba in 2014?",
        ),
        (
            "Who criticized Japan later in 2015 than when China visited Japan?",
            "After the day China visited Japan in 2015, who criticized Japan in 2015?",
        ),
        (
            "Who criticized Japan earlier in 2015 than June 8?",  # guard: a date, read by the time reader
            "Who criticized Japan earlier in 2015 than June 8?",
        ),
    ],
)
def test_than_the_day(question: str, rewritten: str) -> None:
    assert than_the_day(question) == rewritten
