"""The console script: `tkgrag ask|retrieve` go to a running server first (``remote.fast_main``, a few light
imports), everything else to the full Typer app (which imports every command and, through them, the retrievers)."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from tkgrag import __version__

        print(f"tkgrag {__version__}")
        return
    from tkgrag.cli.remote import fast_main

    if fast_main(sys.argv[1:]):
        return
    from tkgrag.cli.app import main as full

    full()
