"""The knobs of an MRAG recipe (``mrag``, ``mrag+``, ``passage-rerank``), validated once."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import Need
from tkgrag.retrievers.mrag.temporal_score import HIGH, LOW, OUTSIDE, WINDOW, Shape


@dataclass(frozen=True)
class MragConfig:
    # First stage: passages by the main content through the passage index (the paper reranks the top 100).
    candidates: int = 100
    # The HNSW index is asked for this many (at least ``candidates``; with ``prefilter``, before filtering).
    ann_candidates: int = 400
    # MRAG's question processing: retrieve and score by the main content (False: by the whole question, the
    # retrieve-then-rerank baseline).
    split_question: bool = True
    # Multiply the semantic score by the symbolic temporal score (False: semantic only).
    temporal: bool = True
    # The temporal templates' parameters, flat so that `--set low=0.5` works; ``shape()`` builds the
    # ``temporal_score.Shape`` that documents each (ramp_unordered=False is mrag+'s flat period).
    window_years: int = WINDOW
    low: float = LOW
    high: float = HIGH
    outside: float = OUTSIDE
    ramp_unordered: bool = True
    lookback: bool = False
    # Beyond the paper (``mrag+``):
    # a sentence without a year takes the years of the nearest sentence before it in the passage ("He was elected
    # in 1994. He served two terms." -> the second sentence is about 1994);
    inherit_years: bool = False
    # the passage's own similarity to the main content joins its best sentence: (1 - w) * best + w * passage;
    passage_weight: float = 0.0
    # a sentence's semantic score in the context of its passage: (1 - c) * sentence cosine + c * passage cosine,
    # before the temporal product (for passages whose title does not name the entity, e.g. MenatQA's sections);
    context_weight: float = 0.0
    # the first stage also takes the top passages that meet the constraint in Cypher (the one temporal filter),
    # so a passage with the right dates is a candidate even when the main content alone ranks it low.
    prefilter_candidates: int = 0
    # LLM steps of the paper, used only when an endpoint is configured: query-focused summaries of the top
    # ``qfs_passages`` passages (Table 12 prompt, paper default 5), and the MC/TC split by the LLM.
    qfs_passages: int = 5
    llm_decompose: bool = False

    def __post_init__(self) -> None:
        for name in ("candidates", "ann_candidates"):
            if getattr(self, name) < 1:
                raise ConfigError(f"MragConfig.{name}={getattr(self, name)!r}: must be >= 1")
        for name in ("prefilter_candidates", "qfs_passages"):
            if getattr(self, name) < 0:
                raise ConfigError(f"MragConfig.{name}={getattr(self, name)!r}: must be >= 0")
        for name in ("passage_weight", "context_weight"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ConfigError(f"MragConfig.{name}={getattr(self, name)!r}: must be in [0, 1]")
        try:
            self.shape()
        except ValueError as exc:
            raise ConfigError(f"MragConfig: {exc}") from None

    def shape(self) -> Shape:
        """The temporal templates' parameters (flat fields here so `--set low=0.5` works)."""
        return Shape(self.window_years, self.low, self.high, self.outside, self.ramp_unordered, self.lookback)

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return frozenset({ItemKind.PASSAGE})

    @property
    def needs(self) -> frozenset[Need]:
        # The LLM steps are optional: the method runs without an endpoint, so LLM is not a hard need.
        return frozenset({Need.CONSTRAINTS}) if self.temporal else frozenset()
