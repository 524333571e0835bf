"""Evaluation runs: drive the answer engine (understand, retrieve, read) over a benchmark and write what it did.

It sits above the retrievers and readers it runs; ``tkgrag.eval`` (types, loaders, matching, metrics) sits below
them and needs no database.
"""
