"""Progress for long work that shows on a terminal AND in a file or a pipe.

Rich draws a live bar only on a terminal; redirected to a file (a scheduled ingestion job, ``nohup``, CI) it prints
nothing until the end. ``progress_bar`` keeps rich's bar on a terminal and otherwise writes one plain line per task
at most every ``interval`` seconds (and at the end): ``ingest run-12: 10,000/15,655 (64%) 0:12:03 written 9,870``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from tkgrag.terminal import make_console

DEFAULT_INTERVAL_S = 10.0


@dataclass
class _Task:
    description: str
    total: float | None
    completed: float = 0.0
    status: str = ""
    started: float = 0.0
    last_line: float = float("-inf")  # the first update always writes a line
    shown: tuple[float, str] | None = None  # (completed, status) of the last line written


class LineProgress:
    """The subset of ``rich.progress.Progress`` tkgrag uses, written as throttled lines to a stream."""

    def __init__(
        self, label: str, stream: IO[str] | None = None, interval: float = DEFAULT_INTERVAL_S, *, quiet: bool = False
    ) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.interval = interval
        self.quiet = quiet  # count, print nothing (progress switched off)
        self._tasks: dict[TaskID, _Task] = {}

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        # the final state, unless the last line already said it (it was printed twice before)
        for task_id, task in self._tasks.items():
            if task.shown != (task.completed, task.status):
                self._line(task_id)

    def add_task(self, description: str, total: float | None = None, completed: float = 0, **fields: Any) -> TaskID:
        task_id = TaskID(len(self._tasks))
        self._tasks[task_id] = _Task(
            description, total, float(completed), str(fields.get("status", "")), time.monotonic()
        )
        return task_id

    def update(self, task_id: TaskID, *, advance: float = 0, status: str | None = None, **_: Any) -> None:
        task = self._tasks[task_id]
        task.completed += advance
        if status is not None:
            task.status = status
        if time.monotonic() - task.last_line >= self.interval:
            self._line(task_id)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        self.update(task_id, advance=advance)

    def _line(self, task_id: TaskID) -> None:
        task = self._tasks[task_id]
        task.last_line = time.monotonic()
        task.shown = (task.completed, task.status)
        if self.quiet:
            return
        elapsed = time.strftime("%H:%M:%S", time.gmtime(task.last_line - task.started))
        done = f"{task.completed:,.0f}"
        if task.total:
            done += f"/{task.total:,.0f} ({100.0 * task.completed / task.total:.0f}%)"
        status = f" {task.status}" if task.status else ""
        print(f"{self.label} {task.description}: {done} {elapsed}{status}", file=self.stream, flush=True)


def progress_bar(label: str, *, console: Console | None = None, with_status: bool = False) -> Progress | LineProgress:
    """A rich bar on a terminal, throttled lines otherwise (both on stderr unless ``console`` says otherwise)."""
    console = console or make_console(stderr=True)
    if not console.is_terminal:
        return LineProgress(label, stream=console.file)
    columns: list[Any] = [TextColumn(f"[bold]{label}[/] {{task.description}}"), BarColumn(), MofNCompleteColumn()]
    columns.append(TimeElapsedColumn())
    if with_status:
        columns.append(TextColumn("{task.fields[status]}"))
    return Progress(*columns, console=console, transient=False)


StepCallback = Callable[[int, int, float], None]


@contextmanager
def training_progress(label: str, total: int, *, console: Console | None = None) -> Iterator[StepCallback]:
    """A bar over training steps and the trainers' ``progress(done, total, loss)`` callback that moves it; a resumed
    run's first call advances over the steps done before."""
    bar = progress_bar(label, console=console, with_status=True)
    with bar:
        task = bar.add_task("steps", total=total)
        seen = {"steps": 0}

        def progress(done: int, total: int, value: float) -> None:
            bar.update(task, advance=done - seen["steps"], status=f"loss {value:.4f}")
            seen["steps"] = done

        yield progress
