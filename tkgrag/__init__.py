"""tkgrag: temporal knowledge-graph retrieval-augmented QA on Neo4j."""

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from tkgrag.api import TKGRag


def __getattr__(name: str) -> Any:
    # Lazy: `import tkgrag` stays cheap (no driver, no torch) for the CLI's fast commands.
    if name == "TKGRag":
        from tkgrag.api import TKGRag

        return TKGRag
    raise AttributeError(name)


__all__ = ["TKGRag", "__version__"]
