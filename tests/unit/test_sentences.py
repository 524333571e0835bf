"""Sentence splitting and sentence dates for MRAG, on hand-made text in TimeQA's tokenised style and plain prose."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

from tkgrag.ingest.formats.sentences import passage_sentences, span_years, split_sentences
from tkgrag.temporal import Granularity, TimeSpan


def test_tokenised_initials_and_abbreviations_do_not_end_sentences() -> None:
    text = (
        "In 1915 , Col . William E . Pattison French purchased the house . He rented it to Newton D . Baker in 1916 ."
    )
    assert split_sentences(text) == [
        "In 1915 , Col . William E . Pattison French purchased the house .",
        "He rented it to Newton D . Baker in 1916 .",
    ]


def test_a_lone_period_after_an_abbreviation_ends_the_sentence() -> None:
    text = "It is a historic house in Washington , D.C. . Built in 1794 , it was home of Baker ."
    assert split_sentences(text) == [
        "It is a historic house in Washington , D.C. .",
        "Built in 1794 , it was home of Baker .",
    ]


def test_prose_quotes_abbreviations_and_newlines() -> None:
    assert split_sentences('He said "Go home now." Then he left for good. Mr. Smith stayed on.') == [
        'He said "Go home now."',
        "Then he left for good.",
        "Mr. Smith stayed on.",
    ]
    assert split_sentences("First line of text\nSecond line of text") == ["First line of text", "Second line of text"]


def test_short_fragments_join_a_neighbour_and_empty_text_has_no_sentences() -> None:
    assert split_sentences("History . The house was built in 1794 by Thomas Beall .") == [
        "History . The house was built in 1794 by Thomas Beall ."
    ]
    assert split_sentences("It was sold. In 1976.") == ["It was sold. In 1976."]
    assert split_sentences("   ") == []


def test_sentence_dates_of_every_form() -> None:
    sents = passage_sentences(
        "/wiki/X#3",
        "She was born on 22 July 1965 in Seoul . She served from 1990-93 as mayor . "
        "Records of the 1980s survive . As of May 2014 , she lives in Busan . No date in this one .",
    )
    assert [s.key for s in sents] == [f"/wiki/X#3::{i}" for i in range(5)]
    assert sents[0].dates == (TimeSpan(date(1965, 7, 22), date(1965, 7, 22), Granularity.DAY),)
    assert sents[1].years == [1990, 1991, 1992, 1993]
    assert sents[2].years == list(range(1980, 1990))
    assert sents[3].years == [2014] and sents[3].dates[0].granularity is Granularity.MONTH
    assert sents[4].years == [] and sents[4].row("X")["date_min"] is None


def test_span_years_caps_ranges_and_keeps_open_ends() -> None:
    assert span_years([TimeSpan(date(1000, 1, 1), date(2000, 12, 31), Granularity.YEAR)])[-1] == 1199
    assert span_years([TimeSpan(date(1916, 1, 1), None, Granularity.YEAR)]) == [1916]
    assert span_years([]) == []


@contextmanager
def hang_guard(seconds: int) -> Iterator[None]:
    """Fail instead of hanging: the quadratic splitter took hours on these texts. Not a speed assertion (the linear
    one takes well under a second per case here); only a bound so the suite ends."""

    def fail(signum: int, frame: object) -> None:
        raise AssertionError(f"the split did not end within {seconds} s: not linear in the text's length")

    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_hostile_megabyte_texts_split_correctly_and_in_linear_time() -> None:
    n = 1_000_000
    with hang_guard(120):
        # a run of end punctuation with no sentence start after it: one sentence, the whole run
        assert split_sentences("." * n) == ["." * n]
        # a run of spaces (no newline) between two words: collapsed to one space
        assert split_sentences("Word ." + " " * n + "Next one here") == ["Word . Next one here"]
        # initials only ("A. A. A. ..."): no boundary anywhere, so one sentence of n/3 words
        initials = split_sentences("A. " * (n // 3))
        assert len(initials) == 1 and initials[0].count("A.") == n // 3
        # real sentences: every one found, none merged
        prose = "He was born in 1990 in Paris . Col . William E . Smith went there ."
        assert split_sentences(" ".join([prose] * (n // len(prose)))) == [
            "He was born in 1990 in Paris .",
            "Col . William E . Smith went there .",
        ] * (n // len(prose))
        # one-word fragments join the sentence before them (built once, not by repeated concatenation)
        joined = split_sentences("It was a long day. " + "Yes. " * (n // 5))
        assert joined == ["It was a long day. " + " ".join(["Yes."] * (n // 5))]
