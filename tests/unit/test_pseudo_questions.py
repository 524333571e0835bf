"""The question null's pseudo-question rules (``tkgrag.planning.pseudo``, ``planning.probe.pseudo_question``): each
expected string is worked out by hand from the rule in the module doc."""

from __future__ import annotations

from tkgrag.model import ItemKind
from tkgrag.planning.probe import pseudo_question
from tkgrag.planning.pseudo import event_question, fact_question, relation_words, text_question, time_phrase

VOLOGDA = (
    "Time of Troubles . However , in 1571 Ivan the Terrible unexpectedly stopped the construction work in Vologda "
    "and left the city for good . Presumably , this was connected."
)
WRIGHTS = (
    "The Wrights is an American country music duo composed of husband and wife Adam Wright and Shannon Wright. "
    "Adam Wright is also the nephew of Alan Jackson."
)
BAKER = "Newton D. Baker House is a historic house in Washington. It was built on 5 May 1794 by Thomas Beall."


def test_a_time_is_said_at_the_items_granularity() -> None:
    assert time_phrase("2014-01-24", "2014-01-24", "day") == "on 24 January 2014"
    assert time_phrase("2014-07-01", "2014-07-31", "month") == "in July 2014"
    assert time_phrase("2014-07-01", "2014-07-31", "day") == "in July 2014"  # a day span within one month
    assert time_phrase("1979-01-01", "1979-12-31", "year") == "in 1979"
    assert time_phrase("1966-01-01", "1968-12-31", "year") == "from 1966 to 1968"
    assert time_phrase("1979-01-01", None, "year") == "in 1979"  # no end: the start
    assert time_phrase(None, None, "year") == ""
    assert time_phrase("sometime", None, "day") == ""


def test_a_relation_id_reads_as_words() -> None:
    assert relation_words("Make_an_appeal_or_request") == "make an appeal or request"
    assert relation_words("member of sports team") == "member of sports team"
    assert relation_words(None) == ""


def test_an_event_question_masks_its_object_or_its_time() -> None:
    rel = "Use_conventional_military_force"
    when = "on 24 January 2014"
    assert (
        event_question("Japan", rel, "Myanmar", when)
        == "Who did Japan use conventional military force on 24 January 2014?"
    )
    assert (
        event_question("Japan", rel, "Myanmar", when, "time")
        == "When did Japan use conventional military force Myanmar?"
    )
    # no time to mask: the object is masked
    assert event_question("Japan", rel, "Myanmar", "", "time") == "Who did Japan use conventional military force?"


def test_a_fact_question_masks_its_object_or_its_time() -> None:
    assert fact_question("Dorothy Stratten", "occupation", "Playboy Playmate", "in 1979") == (
        "What was the occupation of Dorothy Stratten in 1979?"
    )
    assert fact_question("Dorothy Stratten", "occupation", "Playboy Playmate", "in 1979", "time") == (
        "When was the occupation of Dorothy Stratten Playboy Playmate?"
    )
    assert fact_question("Dorothy Stratten", "occupation", "actor", "", "time") == (
        "What was the occupation of Dorothy Stratten?"
    )


def test_a_text_question_asks_for_the_first_dated_sentences_time_in_at_most_twelve_words() -> None:
    # "Time of Troubles." is a heading (3 words); "Presumably, this was connected." has 4: the dated sentence is asked,
    # "in 1571" removed, its first 12 words kept ("However, ... Vologda and").
    assert text_question("Vologda", VOLOGDA) == (
        "When However, Ivan the Terrible unexpectedly stopped the construction work in Vologda and?"
    )
    # "D." (one letter) ends no sentence; the time with its preposition, day and month goes
    assert text_question("Newton D. Baker House", BAKER) == "When It was built by Thomas Beall?"
    assert text_question(
        "Zé Pedro", "Zé Pedro was influential in Vitória FC's 2003–04 campaign, as the side rose."
    ) == ("When Zé Pedro was influential in Vitória FC's campaign, as the side rose?")


def test_a_text_question_masking_the_entity_keeps_the_time() -> None:
    # the title "Vologda" is removed; "in 1571" is among the 12 words kept
    assert text_question("Vologda", VOLOGDA, "entity") == (
        "What However, in 1571 Ivan the Terrible unexpectedly stopped the construction work in?"
    )
    assert text_question("Newton D. Baker House", BAKER, "entity") == "What It was built on 5 May 1794 by Thomas Beall?"
    # the time lies past the 12 kept words: said at the end
    long = "Smith played for many different clubs across the north of England and Scotland until 1990."
    assert text_question("Smith", long, "entity") == (
        "What played for many different clubs across the north of England and Scotland until 1990?"
    )


def test_an_undated_text_asks_for_its_title_and_a_heading_asks_nothing() -> None:
    assert text_question("The Wrights", WRIGHTS) == (
        "What is an American country music duo composed of husband and wife Adam?"
    )
    assert text_question("The Wrights", WRIGHTS, "entity") == text_question("The Wrights", WRIGHTS)
    assert text_question("Vologda", "Time of Troubles .") is None
    assert text_question("", "") is None


def test_a_kinds_sample_alternates_the_masked_part() -> None:
    event = {
        "subject": "Japan",
        "relation": "Accuse",
        "object": "China",
        "valid_from": "2014-01-24",
        "valid_to": "2014-01-24",
        "granularity": "day",
    }
    assert pseudo_question(ItemKind.EVENT, event, 0) == "Who did Japan accuse on 24 January 2014?"
    assert pseudo_question(ItemKind.EVENT, event, 1) == "When did Japan accuse China?"
    fact = {**event, "relation": "spouse", "valid_from": "1980-01-01", "valid_to": "2018-12-31", "granularity": "year"}
    assert pseudo_question(ItemKind.FACT, fact, 2) == "What was the spouse of Japan from 1980 to 2018?"
    passage = {"title": "Newton D. Baker House", "text": BAKER, "valid_from": None}
    assert pseudo_question(ItemKind.PASSAGE, passage, 0) == "What It was built on 5 May 1794 by Thomas Beall?"
    assert pseudo_question(ItemKind.CHUNK, passage, 1) == "When It was built by Thomas Beall?"
