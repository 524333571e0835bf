"""``passage-vector``: the top-k passages by cosine through the ``passage_embedding`` index, optionally narrowed by
the temporal filter on the dates the passages mention (``passage-vector+tc``). The passage baseline that MRAG is
measured against, and the example of a new method: this module plus one registry entry."""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.errors import ConfigError
from tkgrag.retrievers.vector import VectorConfig, VectorRetriever


def passage_config(apply_constraints: bool = False) -> VectorConfig:
    return VectorConfig(label="Passage", apply_constraints=apply_constraints)


@dataclass
class PassageVectorRetriever(VectorRetriever):
    config: VectorConfig = field(default_factory=passage_config)
    name: str = "passage-vector"

    def __post_init__(self) -> None:
        if self.config.label != "Passage":
            raise ConfigError(f"{self.name}: searches Passage nodes; label={self.config.label!r} is not allowed")
        super().__post_init__()
