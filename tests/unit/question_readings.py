"""What the parser makes of a question, for the time-family tests (one copy for every round's test file)."""

from __future__ import annotations

from datetime import date

from tkgrag.question.parse import _REWRITES, understand


def rewritten(question: str) -> str:
    """The question after every rewrite the parser applies before reading it."""
    text = question
    for rewrite in _REWRITES:
        text = rewrite(text)
    return text


def windows(question: str) -> list[tuple[date | None, date | None]]:
    """The windows of the question's times; every time must be read whole (an unread word fails the test)."""
    tq = understand(question)
    assert not [t.unread for t in tq.times if t.unread]
    return [(t.span.start, t.span.end) for t in tq.times if t.span is not None]
