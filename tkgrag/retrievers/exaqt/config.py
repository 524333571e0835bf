"""The knobs of the ``exaqt`` recipe (the paper's Stage-1 sizes as defaults), validated once."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import Need


@dataclass(frozen=True)
class ExaqtConfig:
    # NERD: candidates kept per question mention from the graph linker (each mention is one terminal group).
    links_per_mention: int = 3
    # Only links scoring at least this are question entities (the linker's exact matches score >= 2).
    min_link_score: float = 0.5
    # Dense NERD (beyond the paper's NERD systems, which our lower-cased questions defeat): entities of the top
    # ``dense_facts`` facts of the fact vector index whose label shares at least ``dense_overlap`` (Dice of content
    # stems) with the question join the question entities, each as a group of its own. 0 turns it off.
    dense_facts: int = 10
    dense_overlap: float = 0.5
    # All facts of the question entities are scored; at most this many are read (a hub entity's long tail).
    candidate_facts: int = 2000
    # Question-relevant facts kept (the paper's |{f_qrel}| = 25).
    relevant_facts: int = 25
    # Top-k Group Steiner Trees (the paper's k = 25): at most this many terminal choices are tried.
    trees: int = 25
    # Members of a terminal group considered when varying the terminal choice (best by relevance first).
    group_width: int = 5
    # Completion also adds the question-relevant facts incident to a tree's entities ("facts from where the
    # skeleton was built", the light-orange nodes of the paper's Fig. 1); False: only the facts on tree paths.
    complete_incident: bool = True
    # Edges of facts outside the question-relevant set cost this much more (they are used for connectivity only).
    outside_penalty: float = 1.0
    # Temporal facts of the completed tree's entities added (the paper's |{tf_qrel}| = 25).
    temporal_facts: int = 25
    # Answer ranking: bonus of a fact on a Steiner tree, and of a fact that names a question entity.
    tree_bonus: float = 0.1
    entity_bonus: float = 0.05

    def __post_init__(self) -> None:
        for name in ("links_per_mention", "candidate_facts", "relevant_facts", "trees", "group_width"):
            if getattr(self, name) < 1:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 1")
        for name in ("temporal_facts", "dense_facts"):
            if getattr(self, name) < 0:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 0")
        for name in ("outside_penalty", "tree_bonus", "entity_bonus"):
            if getattr(self, name) < 0:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 0")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return frozenset({ItemKind.FACT, ItemKind.EVENT})

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset({Need.CONSTRAINTS})
