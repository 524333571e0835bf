"""A country named alone is never linked to one of its sectors (``graph_linker.sector_of_named_country``)."""

from __future__ import annotations

import pytest

from tkgrag.question.graph_linker import sector_of_named_country
from tkgrag.question.model import Mention, MentionKind


def _name(text: str, kind: MentionKind = MentionKind.NAME) -> Mention:
    return Mention(text, 0, len(text), kind)


@pytest.mark.parametrize(
    ("text", "candidate", "expected"),
    [
        ("Philippines", "Military (Philippines)", True),
        ("the Philippines", "Military_(Philippines)", True),
        ("Denmark", "Citizen (Denmark)", True),
        ("Philippines", "Philippines", False),  # the country itself
        ("Denmark", "Denmark Vesey", False),  # another name, not a sector of the country
        ("Rodrigo Duterte", "Head of State (Philippines)", False),  # the mention is no country
    ],
)
def test_a_sector_of_the_named_country(text: str, candidate: str, expected: bool) -> None:
    assert sector_of_named_country(_name(text), candidate) is expected


def test_only_names_are_judged() -> None:
    # a role mention ("the Danish army") is meant to reach the sector
    assert sector_of_named_country(_name("Denmark", MentionKind.ROLE), "Military (Denmark)") is False
