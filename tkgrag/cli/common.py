"""What every command shares: settings, a console, and printing TkgragError as a message, not a traceback."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console

from tkgrag.config import Settings, load_settings
from tkgrag.errors import TkgragError

console = Console()
err_console = Console(stderr=True)

P = ParamSpec("P")
R = TypeVar("R")


def friendly_errors(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except TkgragError as exc:
            # soft_wrap: one message, one line (rich would break it at 80 columns in a pipe or a log)
            err_console.print(f"[bold red]error:[/] {exc}", highlight=False, markup=True, soft_wrap=True)
            raise typer.Exit(code=1) from None

    return wrapper


def settings() -> Settings:
    return load_settings()
