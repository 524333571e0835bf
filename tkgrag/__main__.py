"""`python -m tkgrag ...`: the same as the `tkgrag` console script."""

from tkgrag.cli.main import main

main()
