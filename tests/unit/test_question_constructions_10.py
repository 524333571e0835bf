"""Issue 29, h29k: the eighth blind set's families (now tuning data), each as a general reading rule with wordings of
my own: a window named by its first or last day and a length, the safety rule for window words left unread, and a
scope clause that sets a period's start ("Counting from 2014"). Each case failed before its fix unless marked a
guard."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.graph_linker import variants
from tkgrag.question.grounding import _SUBJECT_PRONOUN
from tkgrag.question.link_selection import with_parentheticals
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import MentionKind, Signal
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.sectors import sector_names
from tkgrag.question.time_expressions import find_time_expressions


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        # start + length: the named day is the first
        (
            "Barack Obama was commended by whom in the 5 days starting 10 April 2015?",
            date(2015, 4, 10),
            date(2015, 4, 14),
        ),
        (
            "In the 2 days starting Nov. 23 2015, who signed a formal agreement with ASEAN?",
            date(2015, 11, 23),
            date(2015, 11, 24),
        ),
        ("Who visited Iran during the three days beginning on 30 June 2014?", date(2014, 6, 30), date(2014, 7, 2)),
        ("Who visited Iran in the week commencing 2014-03-03?", date(2014, 3, 3), date(2014, 3, 9)),
        ("Who visited Iran over the two weeks from 20 December 2014?", date(2014, 12, 20), date(2015, 1, 2)),
        ("Who visited Iran in a fortnight starting 1 May 2014?", date(2014, 5, 1), date(2014, 5, 14)),
        ("Who visited Iran in the 2 months starting 31 January 2014?", date(2014, 1, 31), date(2014, 3, 30)),
        # end + length: the named day is the last (unless "leading up to" without "and including")
        ("Who consulted Iran in the week leading up to and including 2014-08-13?", date(2014, 8, 7), date(2014, 8, 13)),
        ("Who consulted Iran in the 10 days up to and including May 3, 2014?", date(2014, 4, 24), date(2014, 5, 3)),
        ("Who consulted Iran in the five days up to 3 May 2014?", date(2014, 4, 29), date(2014, 5, 3)),
        ("Who consulted Iran in the week ending on 3 May 2014?", date(2014, 4, 27), date(2014, 5, 3)),
        ("Who consulted Iran during the fortnight leading up to 3 May 2014?", date(2014, 4, 19), date(2014, 5, 2)),
        ("Who consulted Iran in the 3 days through 3 May 2014?", date(2014, 5, 1), date(2014, 5, 3)),
        # before/after with an article: a span of days, the named day excluded
        ("Who visited Iran the two weeks after 3 May 2014?", date(2014, 5, 4), date(2014, 5, 17)),
        ("Who visited Iran in the week after 3 May 2014?", date(2014, 5, 4), date(2014, 5, 10)),
        ("Who visited Iran in the fortnight before 15 May 2014?", date(2014, 5, 1), date(2014, 5, 14)),
        # around: both ways, as for an anchor event ("within a week of X doing Y")
        ("Who visited Iran within a week of 3 May 2014?", date(2014, 4, 26), date(2014, 5, 10)),
        ("Who visited Iran within 2 days either side of 3 May 2014?", date(2014, 5, 1), date(2014, 5, 5)),
        # a length joined to its unit, a noun for the stretch, "that followed"
        ("Who visited Iran in the 5-day period starting 3 May 2014?", date(2014, 5, 3), date(2014, 5, 7)),
        ("Who visited Iran in the 10-day span ending 3 May 2014?", date(2014, 4, 24), date(2014, 5, 3)),
        ("Who visited Iran in the 5 days that followed 3 May 2014?", date(2014, 5, 4), date(2014, 5, 8)),
        ("Who visited Iran in the 4 days that preceded 3 May 2014?", date(2014, 4, 29), date(2014, 5, 2)),
        # the days at an edge of a stated period
        ("Who visited Iran in the last 10 days of May 2014?", date(2014, 5, 22), date(2014, 5, 31)),
        ("Who visited Iran in the first two weeks of June 2014?", date(2014, 6, 1), date(2014, 6, 14)),
        ("Who visited Iran in the final week of 2014?", date(2014, 12, 25), date(2014, 12, 31)),
        ("Who visited Iran in the last day of May 2014?", date(2014, 5, 31), date(2014, 5, 31)),
        ("Who visited Iran in the first month of 2014?", date(2014, 1, 1), date(2014, 1, 31)),
        ("Who visited Iran in the first two months of 2014?", date(2014, 1, 1), date(2014, 2, 28)),
        ("Who visited Iran in the last month of 2014?", date(2014, 12, 1), date(2014, 12, 31)),
        # a day and a tail of days
        ("Who visited Iran from 3 May 2014 for five days?", date(2014, 5, 3), date(2014, 5, 7)),
        ("Who visited Iran on 3 May 2014 and the two days after?", date(2014, 5, 3), date(2014, 5, 5)),
        ("Who visited Iran on 3 May 2014 and the day before?", date(2014, 5, 2), date(2014, 5, 3)),
        # guards: one day, unchanged
        ("Three days before 2014-10-25, who visited Iran?", date(2014, 10, 22), date(2014, 10, 22)),
        ("Who visited Iran on 3 May 2014?", date(2014, 5, 3), date(2014, 5, 3)),
    ],
)
def test_a_window_named_by_one_day_and_a_length(question: str, first: date, last: date) -> None:
    (t,) = find_time_expressions(question)
    assert t.span is not None and (t.span.start, t.span.end) == (first, last)
    assert t.signal is Signal.OVERLAP
    assert not t.unread
    # the window's words are the time phrase's: no entity, no event word
    assert "Iran" in [m.text for m in understand(question).mentions] or "Iran" not in question


@pytest.mark.parametrize(
    ("question", "unread"),
    [
        ("Who visited Iran in the 3 days around 3 May 2014?", "3 days"),
        ("Who visited Iran in the month before 3 May 2014?", "the month"),
        ("Who visited Iran in the two months after 3 May 2014?", "two months"),
        ("Who visited Iran in the 5 days since 3 May 2014?", "5 days"),
        ("Who visited Iran on 3 May 2014 or later?", "or later"),
        ("Who visited Iran in the days leading up to 3 May 2014?", "the days leading"),
        ("Who visited Iran in the week of 3 May 2014?", "the week"),
        ("Who visited Iran in the 5-day period around 3 May 2014?", "5-day"),
        ("Who visited Iran in the third month of 2014?", "third month"),
        ("Who visited Iran in the first days of May 2014?", "first days"),
        ("Who visited Iran within days of 3 May 2014?", "within days"),
        ("Who visited Iran within the week of 3 May 2014?", "within the week"),
        ("Who visited Iran over the weekend of 3 May 2014?", "the weekend"),
        ("Who visited Iran in the days after 3 May 2014?", "the days"),
        ("Who visited Iran during the 48 hours after 3 May 2014?", "48 hours"),
        ("Who visited Iran no more than 3 days after 3 May 2014?", "no more than"),
        ("Who visited Iran in the 3 days after 3 May 2014 inclusive?", "inclusive"),
    ],
)
def test_window_words_left_unread_are_said(question: str, unread: str) -> None:
    (t,) = find_time_expressions(question)
    assert unread in t.unread


@pytest.mark.parametrize(
    "question",
    [
        "In the month of May 2014, who visited Iran?",  # restates the month
        "Who visited Iran in the year 2014?",
        "Who visited Iran in the same month as 3 May 2014?",
        "Which month in 2014 did Iran visit China?",
        "What was the month in 2014 in which Iran visited China?",
        "Which day in May 2014 did Iran visit China?",
        "From 2014 on, who visited Iran first?",
        "Who visited Iran between 3 May 2014 and 10 May 2014?",
        "Who visited Iran until 3 May 2014?",
        "On the day of 3 May 2014, who visited Iran?",
        "Who visited Iran more than once in 2014?",
        "Who visited Iran within 2014?",
        "In which months of 2014 did Japan host Toomas Hendrik Ilves?",  # the unit asked for (blind set 3)
    ],
)
def test_guard_no_unread_window_words(question: str) -> None:
    assert all(not t.unread for t in find_time_expressions(question))


@pytest.mark.parametrize(
    "question",
    [
        "What was the first month of 2015 in which China welcomed Eric Chu on a visit?",
        "What was the first day in 2015 on which Portugal cooperated diplomatically with Iran?",
        "Which was the last month of 2014 when Iran visited China?",
    ],
)
def test_guard_an_ordinal_unit_the_question_asks_for_is_no_window(question: str) -> None:
    (t,) = find_time_expressions(question)
    assert not t.unread
    assert t.span is not None and t.span.granularity.value == "year"


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("Counting from the beginning of 2014, who appealed to Vietnam first?", date(2014, 1, 1)),
        ("Counting from 2014, who appealed to Trade Union Congress first?", date(2014, 1, 1)),
        ("Reckoning from March 2015, who was the first to visit Iran?", date(2015, 3, 1)),
        ("From the start of 2015, who was the first to visit Iran?", date(2015, 1, 1)),
        ("Counting from 12 May 2014 onwards, who visited Iran first?", date(2014, 5, 12)),
        ("Counting only from 2015, who visited Iran first?", date(2015, 1, 1)),
        ("If we count from 2014, who was the first to visit Iran?", date(2014, 1, 1)),
        ("Looking from 2014 onwards, who visited Iran first?", date(2014, 1, 1)),
    ],
)
def test_counting_from_a_period_starts_there(question: str, day: date) -> None:
    (t,) = find_time_expressions(question)
    assert t.signal is Signal.START
    assert t.span is not None and t.span.start == day
    names = [m.text for m in understand(question).mentions]
    assert not any(n.lower().startswith(("counting", "reckoning", "from", "if", "looking")) for n in names)


def test_guard_a_bare_from_is_of_that_time() -> None:
    (t,) = find_time_expressions("Which winners from the 1990s visited Iran?")
    assert t.signal is Signal.OVERLAP


@pytest.mark.parametrize(
    ("question", "role", "holder", "name"),
    [
        (
            "Who was the last to sign a formal agreement with the justice department/ministery of Azerbaijan?",
            "justice department/ministery",
            "Azerbaijan",
            "Justice Department/Ministery (Azerbaijan)",
        ),
        (
            "Which month was the cabinet / council of ministers / advisors of the United States consulted?",
            "cabinet / council of ministers / advisors",
            "United States",
            "Cabinet / Council of Ministers / Advisors (United States)",
        ),
        (
            "When did the other authorities / officials of Egypt first accuse Al Jazeera?",
            "other authorities / officials",
            "Egypt",
            "Other Authorities / Officials (Egypt)",
        ),
        (
            "Who criticized the defense / security ministry of Egypt in 2014?",
            "defense / security ministry",
            "Egypt",
            "Defense / Security Ministry (Egypt)",
        ),
        (
            "Who visited the Treasury/Finance Ministry of Japan first?",
            "Treasury/Finance Ministry",
            "Japan",
            "Treasury/Finance Ministry (Japan)",
        ),
        (
            "The agricultural / rural / farm sector of Kenya was praised by whom?",
            "agricultural / rural / farm sector",
            "Kenya",
            "Agricultural / Rural / Farm Sector (Kenya)",
        ),
    ],
)
def test_a_sector_said_by_its_slashed_label(question: str, role: str, holder: str, name: str) -> None:
    roles = [m for m in understand(question).mentions if m.kind is MentionKind.ROLE]
    (m,) = [m for m in roles if m.holder == holder]
    assert m.role == role
    assert name in variants(m)
    # the label's words are no event words
    assert "/" not in understand(question).relation_phrase


@pytest.mark.parametrize(
    ("question", "extended", "holder"),
    [
        (
            "Which month saw John Kerry consulting the media of Palestinian Territory, Occupied?",
            "Palestinian Territory, Occupied",
            "Palestinian Territory, Occupied",
        ),
        (
            "Who praised the police of Palestinian Territory, Occupied in 2014?",
            "Palestinian Territory, Occupied",
            "Palestinian Territory, Occupied",
        ),
        ("Who visited Palestinian Territory, Occupied?", "Palestinian Territory, Occupied", None),
        ("Korea, North was visited by whom?", "Korea, North", None),
    ],
)
def test_a_name_goes_on_over_a_comma_and_one_capitalised_word(question: str, extended: str, holder: str | None) -> None:
    # the mentions of the question as written (h33r: ``parse`` now says "Palestinian Territory, Occupied" as
    # "Occupied Palestinian Territory" before reading; the extension still serves other comma names)
    longer = with_parentheticals(question, find_mentions(question))
    texts = {(m.text.removeprefix("the "), m.holder) for m in longer}
    assert any(t.endswith(extended) and h == holder for t, h in texts)


def test_guard_a_list_of_names_is_offered_whole_only_beside_its_parts() -> None:
    question = "Who visited Iran, Iraq and Syria in 2014?"
    longer = with_parentheticals(question, understand(question).mentions)
    texts = [m.text for m in longer]
    assert "Iran" in texts and "Iraq" in texts  # the parts stay; the longer reading wins only with an exact link


def test_sector_names_titles_each_part_of_a_slashed_label() -> None:
    assert "Justice Department/Ministery" in sector_names("justice department/ministery")
    assert "Cabinet / Council of Ministers / Advisors" in sector_names("cabinet / council of ministers / advisors")


@pytest.mark.parametrize(
    ("phrase", "meaning"),
    [
        ("launched military action against", "use conventional military force"),
        ("carried out a military operation against", "use conventional military force"),
        ("mounted military strikes on", "use conventional military force"),
        ("took military action against", "use conventional military force"),
        ("waged a military offensive against", "use conventional military force"),
        ("pressed", "demand"),
        ("was pressed", "demand"),
        ("pressing", "demand"),
        ("press demands on", "demand"),
        ("presses for", "demand"),
        ("press for", "demand"),
        ("launched an offensive against", "use conventional military force"),
        ("launched a ground assault on", "use conventional military force"),
        ("struck a deal with", "sign formal agreement"),
        ("clinched a deal with", "sign formal agreement"),
        ("hammered out an agreement with", "sign formal agreement"),
        ("took aim at", "criticize or denounce"),
        ("expressed admiration for", "praise or endorse"),
        ("rung up", "discuss by telephone"),
    ],
)
def test_relation_families_in_any_inflection(phrase: str, meaning: str) -> None:
    assert meaning in relation_phrases(phrase)


@pytest.mark.parametrize(
    "phrase", ["gave a press conference with", "issued a press release about", "provided military aid to"]
)
def test_guard_press_and_military_nouns_of_other_acts(phrase: str) -> None:
    out = relation_phrases(phrase)
    assert "demand" not in out and "use conventional military force" not in out


@pytest.mark.parametrize(
    ("role", "name"),
    [("education sector", "Education"), ("the health sectors", "Health"), ("business sector", "Business")],
)
def test_a_sector_named_with_the_word_sector_also_without_it(role: str, name: str) -> None:
    assert name in sector_names(role.removeprefix("the "))


@pytest.mark.parametrize(
    ("main", "pronoun_subject"),
    [
        ("which was the next one they chose to appeal to?", True),
        ("who was the first one he visited?", True),
        ("which country did she criticise next?", True),
        ("who was the next party that they then consulted?", True),
        ("whom did they go on to praise?", True),
        # guards: a pronoun that is no subject of the asked event, or no pronoun
        ("who was the next one they were consulted by?", False),
        ("who visited them next?", False),
        ("which was the next one to appeal to Iran?", False),
    ],
)
def test_a_relative_clause_with_a_pronoun_subject(main: str, pronoun_subject: bool) -> None:
    assert (_SUBJECT_PRONOUN.search(main) is not None) is pronoun_subject
