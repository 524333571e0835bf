"""What every command shares: settings, a console, and printing TkgragError as a message, not a traceback."""

from __future__ import annotations

import functools
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, ParamSpec, TypeVar

import typer

from tkgrag.config import Settings, load_settings
from tkgrag.errors import TkgragError
from tkgrag.terminal import make_console

console = make_console()
err_console = make_console(stderr=True)

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
        except KeyboardInterrupt as exc:
            said = f" ({exc})" if str(exc) else ""
            hint = f"; {_interrupt.hint}" if _interrupt.hint else ""
            err_console.print(f"interrupted{said}{hint}", highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(code=130) from None
        finally:
            _interrupt.restore()

    return wrapper


class _Interrupt:
    """Ctrl-C / SIGTERM handling of the command running now: the first signal asks it to stop at its next safe point
    (``request_stop``), a second one stops it at once. Handlers are put back after the command."""

    def __init__(self) -> None:
        self.hint: str | None = None
        self.request_stop: Callable[[str], None] | None = None
        self.on_done: Callable[[], None] | None = None
        self.asked = False
        self.previous: dict[int, Any] = {}

    def handle(self, signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        if self.asked or self.request_stop is None:
            raise KeyboardInterrupt(name)
        self.asked = True
        self.request_stop(name)
        # plain write: safe in a handler, and shown also when output goes to a file or a pipe
        sys.stderr.write(f"{name}: stopping after the batch being written (send it again to stop at once)\n")
        sys.stderr.flush()

    def install(self, hint: str, request_stop: Callable[[str], None], on_done: Callable[[], None] | None) -> None:
        self.hint, self.request_stop, self.on_done, self.asked = hint, request_stop, on_done, False
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGINT, signal.SIGTERM):
            current = signal.getsignal(sig)
            if sig == signal.SIGINT and current == signal.SIG_IGN:
                continue  # started in the background by a shell (nohup, &): Ctrl-C is not meant for it
            if sig not in self.previous:
                self.previous[sig] = current
            signal.signal(sig, self.handle)

    def restore(self) -> None:
        if threading.current_thread() is threading.main_thread():
            for sig, handler in self.previous.items():
                signal.signal(sig, handler)
        self.previous.clear()
        if self.on_done is not None:
            self.on_done()
        self.hint, self.request_stop, self.on_done, self.asked = None, None, None, False


_interrupt = _Interrupt()


def stop_at_a_safe_point(
    hint: str, request_stop: Callable[[str], None], on_done: Callable[[], None] | None = None
) -> None:
    """For commands that can stop cleanly between units of work (ingest batches): Ctrl-C and SIGTERM (what
    schedulers, systemd and ``timeout`` send) call ``request_stop`` instead of raising wherever the process is, and
    ``hint`` is printed after "interrupted" (the one line a person sees); ``on_done`` runs when the command ends
    (withdraws a stop request that nothing consumed, so the next command in this process is not stopped)."""
    _interrupt.install(hint, request_stop, on_done)


def settings() -> Settings:
    return load_settings()
