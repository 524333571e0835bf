"""STAR-RAG (Zhu et al.): a time-aligned rule graph summarizing events, searched by seeded personalized PageRank.

Pure algorithms only (no database): ``build_rule_graph`` (labeling -> rules -> candidate edges -> spans -> MDL) and
``personalization`` (gamma over the seeded rules). Loading events from and storing the graph in Neo4j, and running
PPR in GDS, live with the retriever that calls these.
"""

from tkgrag.retrievers.star.build import DescriptionLength, RuleEdge, RuleGraph, build_rule_graph
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.events import EventInputError, StarEvent
from tkgrag.retrievers.star.labels import EntityLabels, EntityType, label_entities
from tkgrag.retrievers.star.rules import RuleNode, rule_key
from tkgrag.retrievers.star.seeds import personalization, personalization_for, seed_rules

__all__ = [
    "DescriptionLength",
    "EntityLabels",
    "EntityType",
    "EventInputError",
    "RuleEdge",
    "RuleGraph",
    "RuleNode",
    "StarConfig",
    "StarEvent",
    "build_rule_graph",
    "label_entities",
    "personalization",
    "personalization_for",
    "rule_key",
    "seed_rules",
]
