"""`tkgrag demo`: the main job on the default local setup, end to end."""

from __future__ import annotations

from tkgrag.cli.common import console, err_console, friendly_errors, settings


@friendly_errors
def demo() -> None:
    """Start the managed server, load the bundled ICEWS14 sample, build the STAR-RAG rule graph, retrieve, answer."""
    from tkgrag.demo import run_demo

    run_demo(settings(), console, err_console)
