"""What a server sends back, as the library's own types: an ``Answer`` / ``Retrieval`` plus the service's fields.
Apart from ``tkgrag.client`` so that the CLI decodes a served answer without importing httpx."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tkgrag.model import Answer, Retrieval


@dataclass
class RemoteAnswer(Answer):
    """An ``Answer`` from a server, with the explanation lines and what the server's reader added (``extra``)."""

    explain: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    elapsed_ms: float = 0.0
    served_by: str = ""


@dataclass
class RemoteRetrieval(Retrieval):
    elapsed_ms: float = 0.0
    served_by: str = ""
