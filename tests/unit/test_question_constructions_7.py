"""Issue 29, h29h: one pro-form pattern for both readers of it, and the sixth round's constructions (the fifth blind
set's remaining families, now tuning data). Each construction case failed before its fix; guards keep readings that
must not change."""

from __future__ import annotations

import pytest

from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.lexicon import PRO_FORM
from tkgrag.question.parse import understand


@pytest.mark.parametrize(
    "clause",
    [
        "who else did so?",
        "who had most recently done so",
        "who did the same",
        "who followed suit?",
        "who had done likewise?",
        "who was the first to follow?",
        "who did it?",
        "who did it too?",
        "who did that next?",  # an order adverb may sit between "did that" and the end
        "who was doing the same?",
    ],
)
def test_one_pro_form_pattern_reads_the_repeated_event(clause: str) -> None:
    assert PRO_FORM.search(clause) is not None


@pytest.mark.parametrize(
    "clause",
    [
        "who did it in 2014?",  # "it" has other words after it: no pro-form in the main clause
        "which country did Iran follow in 2014?",
        "who followed Angola's lead?",
        "who visited Japan?",
    ],
)
def test_no_pro_form_where_the_clause_goes_on(clause: str) -> None:
    assert PRO_FORM.search(clause) is None


def test_the_anchor_path_and_the_declarative_path_share_the_pattern() -> None:
    # the anchor path: the main clause repeats the anchor's event
    assert understand("After France praised Angola, who was the first to follow?").pro_form
    assert understand("After France praised Angola, who did it next?").pro_form
    # the declarative path: the same pro-forms fold the first sentence into an anchor
    assert anchor_sentence("France praised Angola. Who was next to follow?").startswith("After France praised")
    assert anchor_sentence("France praised Angola. Who had most recently done so before?").startswith("Before France")
    # only the declarative path reads "did that" with words after it: the first sentence gives it its event
    assert anchor_sentence("France praised Angola. Who did that next in 2014?").startswith("After France praised")
    assert not understand("After France praised Angola, who did it in 2014?").pro_form
