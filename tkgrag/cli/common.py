"""What every command shares: settings, a console, and printing TkgragError as a message, not a traceback."""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from neo4j.exceptions import ServiceUnavailable, SessionExpired
from rich.text import Text

from tkgrag.cli.safe_text import safe
from tkgrag.config import Settings, load_settings
from tkgrag.errors import TkgragError
from tkgrag.terminal import make_console

console = make_console()
err_console = make_console(stderr=True)

# --as-of-record of retrieve, ask and eval: what the store knew at a record time (tkgrag.record_time).
AsOfRecordOpt = Annotated[
    str | None,
    typer.Option(
        "--as-of-record",
        help="Answer from what the store knew then (date = end of that day UTC, or ISO datetime); default now.",
    ),
]

P = ParamSpec("P")
R = TypeVar("R")


def friendly_errors(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except TkgragError as exc:
            # soft_wrap: one message, one line (rich would break it at 80 columns in a pipe or a log). The message is
            # data (it names files and values from the input): printed with controls escaped, never as markup.
            err_console.print(Text.assemble(("error:", "bold red"), " ", safe(exc)), highlight=False, soft_wrap=True)
            raise typer.Exit(code=1) from None
        except (ServiceUnavailable, SessionExpired) as exc:
            # The server stopped answering after the command had connected (it was stopped, died, or the network
            # broke) and the driver's retries ran out: one line, as ingest says it, never a traceback.
            err_console.print(
                Text.assemble(("error:", "bold red"), " ", safe(went_away(exc))), highlight=False, soft_wrap=True
            )
            raise typer.Exit(code=1) from None
        except KeyboardInterrupt as exc:
            said = f" ({exc})" if str(exc) else ""
            hint = f"; {_interrupt.hint}" if _interrupt.hint else ""
            err_console.print(f"interrupted{said}{hint}", highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(code=130) from None
        finally:
            _interrupt.restore()

    return wrapper


def went_away(exc: BaseException) -> str:
    """The one line for a Neo4j server that went away in the middle of a command."""
    said = " ".join(str(exc).split())[:200] or type(exc).__name__
    return (
        f"Neo4j stopped answering during this command ({type(exc).__name__}: {said}); "
        "Start the server again (`tkgrag neo4j start` for the managed one) and re-run the command."
    )


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


def exit_past_busy_workers(exc: SystemExit) -> None:
    """End the process now, with ``exc``'s code, when a worker thread is still inside native code (the ingest's prepare
    worker encoding with ONNX Runtime or torch after a stop left it behind); return otherwise (a normal exit).

    Why: a normal interpreter exit runs the C++ static destructors of those libraries while the abandoned thread is
    still in their thread pool, which aborts the process ("terminate called without an active exception", exit 134
    instead of the 130 a stop promises). Everything that matters is done by then (the run is marked, the driver is
    closed), so the process ends without the destructors, after flushing what it printed and logged."""
    busy = [t for t in threading.enumerate() if t.daemon and t.is_alive() and t.name.startswith("tkgrag-")]
    if not busy:
        return
    code = exc.code
    if code is not None and not isinstance(code, int):
        sys.stderr.write(f"{code}\n")
        code = 1
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code or 0)
