"""The `tkgrag` command line: one module per command group."""
