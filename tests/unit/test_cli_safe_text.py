"""Text from the graph reaches the terminal as data: escape sequences in names are shown, not executed, and Rich
markup in names is printed literally (issue: hardening, item 9)."""

from __future__ import annotations

import io

from rich.console import Console

from tkgrag.cli.evidence_table import evidence_table
from tkgrag.cli.safe_text import escape_controls
from tkgrag.model import Evidence, ItemKind

HOSTILE = "Evil\x1b]0;pwned\x07 [red]Corp[/] \x1b[31mred\x9b2J"


def render(obj: object) -> str:
    out = io.StringIO()
    Console(file=out, width=400, force_terminal=False, color_system=None).print(obj)
    return out.getvalue()


def test_escape_controls_keeps_text_and_shows_every_control() -> None:
    assert escape_controls("a\tb\nc") == "a\tb\nc"
    assert escape_controls("\x1b[31m\x00\x7f\x9b") == "\\x1b[31m\\x00\\x7f\\x9b"


def test_evidence_table_prints_hostile_names_as_data() -> None:
    item = Evidence(ItemKind.PASSAGE, "p1", HOSTILE, 0.5, fields={"title": HOSTILE})
    shown = render(evidence_table(f"title {HOSTILE}", [item]))
    assert "\x1b" not in shown and "\x07" not in shown and "\x9b" not in shown
    assert "\\x1b]0;pwned\\x07" in shown and "[red]Corp[/]" in shown
