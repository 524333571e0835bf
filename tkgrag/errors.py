"""Errors meant for people: each says what went wrong and what to do about it."""


class TkgragError(Exception):
    """Base class; the CLI prints these without a traceback."""


class ConfigError(TkgragError):
    """A setting (environment variable or config file) is missing or malformed."""


class ServerError(TkgragError):
    """The managed Neo4j server could not be assembled, started, stopped or reached."""


class StoreError(TkgragError):
    """The database rejected a request or is not in the shape tkgrag expects."""
