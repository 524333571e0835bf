"""Retrievers: each method turns a question into ranked evidence from the store."""
