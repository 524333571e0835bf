"""Consoles for people: Rich's width on a terminal, no wrapping when output is piped or redirected."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console

PIPE_WIDTH = 10_000  # "no wrapping": a line longer than this is not a line a person reads
RULE_WIDTH = 100  # a section rule in piped output: as wide as a reader's window, not PIPE_WIDTH


class _PipeConsole(Console):
    """No wrapping, but a section rule keeps a reader's width (Rich fills the console's whole width with it)."""

    def rule(self, title: Any = "", **kwargs: Any) -> None:
        from rich.rule import Rule

        self.print(Rule(title, **kwargs), width=RULE_WIDTH)


def make_console(*, stderr: bool = False, stream: Any = None) -> Console:
    """On a terminal, Rich's own width; piped or redirected (``| less``, a log file, cron), no wrapping at all: Rich
    would otherwise break every line at 80 columns, splitting paths and messages that scripts grep for."""
    target = stream or (sys.stderr if stderr else sys.stdout)
    file = None if stream is None else stream
    if hasattr(target, "isatty") and target.isatty():
        return Console(stderr=stderr, file=file)
    return _PipeConsole(stderr=stderr, file=file, width=PIPE_WIDTH, soft_wrap=True)
