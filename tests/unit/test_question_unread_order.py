"""An "earlier/later ... than" the parse did not read is a gap (``unread_order``); one it read is not."""

from __future__ import annotations

import pytest

from tkgrag.question.parse import understand
from tkgrag.question.unread_order import unread_comparison


def _compared(question: str) -> str | None:
    q = understand(question)
    return unread_comparison(q.relation_phrase, len(q.anchors))


@pytest.mark.parametrize(
    "question",
    [
        # the anchor dated in another year, or on a day of its own: left as written (h33t reads the rest)
        "Earlier in 2014 than Ireland's hosting of Iran in 2015, Ireland was praised by whom?",
        "Earlier in 2014 than the consultation between Japan and Vietnam in 2013, Japan was rebuffed by whom?",
        "Later in 2015 than the visit of Kenya to Peru on 5 May 2015, Peru was praised by whom?",
    ],
)
def test_a_comparison_left_in_the_relation_words_is_named(question: str) -> None:
    said = _compared(question)
    assert said is not None and said.lower().endswith("than")


@pytest.mark.parametrize(
    "question",
    [
        "Later in April 2014 than the 15th, who visited Japan?",
        "Earlier in 2014 than the day Kenya visited Uganda, who criticised Uganda?",
        # read since h33t: an event noun and a passive main clause
        "Earlier in 2014 than Ethiopia's hosting of the foreign ministry of Israel, the foreign ministry of Israel was "
        "hosted by whom?",
        "Earlier in 2014 than the consultation between Japan and Vietnam, Japan was rebuffed by whom?",
        "Later in 2015 than Kenya's praise for Uganda, Uganda was criticised by whom?",
        "Who visited Japan later than 5 May 2014?",
        "Who visited Japan in 2014?",
    ],
)
def test_a_comparison_read_or_none_is_no_gap(question: str) -> None:
    assert _compared(question) is None


def test_an_anchor_read_by_grounding_leaves_it() -> None:
    assert unread_comparison("Earlier than the consultation between", 1) is None
    assert unread_comparison("Earlier than the consultation between", 0) == "Earlier than"
    assert unread_comparison(None, 0) is None
