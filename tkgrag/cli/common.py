"""What every command shares: settings, a console, and printing TkgragError as a message, not a traceback."""

from __future__ import annotations

import functools
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, ParamSpec, TypeVar

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
        except KeyboardInterrupt:
            hint = _interrupt_hint
            err_console.print(
                f"interrupted{f'; {hint}' if hint else ''}", highlight=False, markup=False, soft_wrap=True
            )
            raise typer.Exit(code=130) from None
        finally:
            stop_on_sigterm_reset()

    return wrapper


# What to say after "interrupted" for the command running now (set by its group's callback, cleared after it).
_interrupt_hint: str | None = None
_previous_sigterm: Any = None


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def stop_on_sigterm(hint: str) -> None:
    """Treat SIGTERM like Ctrl-C for this command: schedulers (systemd, ``timeout``, a job runner) stop a process with
    SIGTERM, and the default action kills it before it can mark its run interrupted or say how to go on. ``hint`` is
    printed after "interrupted" (the one line a person sees)."""
    global _interrupt_hint, _previous_sigterm
    _interrupt_hint = hint
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _interrupt)
        if previous is not _interrupt:
            _previous_sigterm = previous


def settings() -> Settings:
    return load_settings()


def stop_on_sigterm_reset() -> None:
    """The handler the process had before: the next command run in this process (tests, a notebook) has no hint."""
    global _interrupt_hint, _previous_sigterm
    if _previous_sigterm is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _previous_sigterm)
    _interrupt_hint, _previous_sigterm = None, None
