"""Progress in a file or pipe: plain, throttled lines (a scheduled job's log shows how far it got)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tkgrag import progress as p


def test_lines_are_throttled_and_the_last_state_is_written_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(p.time, "monotonic", lambda: now[0])
    out = io.StringIO()
    with p.LineProgress("ingest", stream=out, interval=10.0) as bar:
        task = bar.add_task("run-1", total=200, status="")  # started at 0
        bar.update(task, advance=50, status="written 50")  # t=0: the first update writes a line
        now[0] = 1.0
        bar.update(task, advance=50, status="written 100")  # throttled
        now[0] = 20.0
        bar.update(task, advance=50, status="written 150")  # 20 s after the last line: a line
        now[0] = 21.0
        bar.advance(task, 10)  # throttled; the end writes the last state
    assert out.getvalue().splitlines() == [
        "ingest run-1: 50/200 (25%) 00:00:00 written 50",
        "ingest run-1: 150/200 (75%) 00:00:20 written 150",
        "ingest run-1: 160/200 (80%) 00:00:21 written 150",
    ]


def test_a_terminal_gets_the_rich_bar_and_a_file_gets_lines() -> None:
    assert isinstance(p.progress_bar("eval", console=Console(file=io.StringIO(), force_terminal=True)), p.Progress)
    assert isinstance(p.progress_bar("eval", console=Console(file=io.StringIO())), p.LineProgress)


def test_quiet_counts_without_writing() -> None:
    out = io.StringIO()
    with p.LineProgress("eval", stream=out, interval=0.0, quiet=True) as bar:
        bar.advance(bar.add_task("vector", total=3))
    assert out.getvalue() == ""


def test_the_last_line_is_not_written_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(p.time, "monotonic", lambda: now[0])
    out = io.StringIO()
    with p.LineProgress("ingest", stream=out, interval=10.0) as bar:
        task = bar.add_task("run-1", total=100)
        now[0] = 30.0
        bar.update(task, advance=100, status="done")  # a line: this is already the final state
    assert out.getvalue().splitlines() == ["ingest run-1: 100/100 (100%) 00:00:30 done"]


def test_piped_output_is_not_wrapped_at_80_columns() -> None:
    from tkgrag.terminal import make_console

    out = io.StringIO()
    long = "error: " + "x" * 150 + " /a/very/long/path/that/scripts/grep/for"
    make_console(stream=out).print(long)
    assert out.getvalue() == long + "\n"


def test_a_section_rule_in_piped_output_keeps_a_readers_width() -> None:
    """Piped output never wraps, but Rich fills the whole console width with a rule: the demo's piped log had
    10,000-character rules. A rule is 100 columns; a long line still stays one line."""
    import io

    from tkgrag.terminal import RULE_WIDTH, make_console

    buf = io.StringIO()
    out = make_console(stream=buf)
    out.rule("3. STAR-RAG rule graph")
    out.print("word " * 1000)
    lines = buf.getvalue().splitlines()
    assert [len(line) for line in lines] == [RULE_WIDTH, len("word " * 1000)]
    assert "3. STAR-RAG rule graph" in lines[0]
